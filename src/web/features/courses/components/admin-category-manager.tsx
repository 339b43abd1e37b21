import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { categoryDescriptionMaxLength, categoryNameMaxLength } from '#shared/courses/constants.ts'
import { categoryMessages } from '#shared/courses/messages.ts'
import { CategoryInput, type AdminCategory } from '#shared/courses/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { DataTable } from '#web/components/ui/data-table.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { FormActions } from '#web/components/ui/form-actions.tsx'
import { IconActionButton } from '#web/components/ui/icon-action-button.tsx'
import { adminCategoriesQuery, useDeleteCategory, useSaveCategory } from '#web/features/courses/api/admin-courses.ts'
import { messageOf } from '#web/lib/api.ts'
import { formFailure } from '#web/lib/form-errors.ts'

function usage(category: AdminCategory): string {
  const parts = [
    category.courseCount === 1 ? '1 course' : `${category.courseCount} courses`,
    category.deletedCourseCount > 0 ? `${category.deletedCourseCount} deleted` : null,
  ]
  return parts.filter(Boolean).join(', ')
}

/** spec 002 §2 Course management: the category manager, a table with add, edit and delete. */
export function AdminCategoryManager() {
  const categories = useQuery(adminCategoriesQuery())
  const [editing, setEditing] = useState<{ category?: AdminCategory } | null>(null)
  const [deleting, setDeleting] = useState<AdminCategory | null>(null)
  const list = categories.data?.categories

  return (
    <section aria-labelledby="course-categories-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="course-categories-title" className="text-lg font-semibold tracking-tight">
          Categories
        </h2>
        <Button variant="outline" size="sm" onClick={() => setEditing({})}>
          <Plus aria-hidden="true" className="size-4" />
          Add Category
        </Button>
      </div>
      {categories.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading categories…
        </p>
      ) : null}
      {categories.isError ? <p role="alert">{messageOf(categories.error, categoryMessages.loadFailed)}</p> : null}
      {list && list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
          No categories yet. A course needs one: add the first.
        </p>
      ) : null}
      {list && list.length > 0 ? (
        <DataTable caption="Course categories" columns={['Name', 'Description', 'Used by', 'Actions']}>
          {list.map((category) => (
            <tr key={category.id} className="border-b border-border align-top last:border-b-0">
              <th scope="row" className="px-3 py-2 font-medium">
                {category.name}
              </th>
              <td className="px-3 py-2 text-muted-foreground">{category.description}</td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{usage(category)}</td>
              <td className="px-3 py-2">
                <div className="flex gap-0.5">
                  <IconActionButton
                    label={`Edit category ${category.name}`}
                    hint="Edit"
                    icon={Pencil}
                    onClick={() => setEditing({ category })}
                  />
                  <IconActionButton
                    label={`Delete category ${category.name}`}
                    hint="Delete"
                    icon={Trash2}
                    destructive
                    onClick={() => setDeleting(category)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}

      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        <DialogContent
          title={editing?.category ? 'Edit Category' : 'Add Category'}
          description="Name and description are both required."
        >
          {editing ? (
            <CategoryForm
              key={editing.category?.id ?? 'new'}
              category={editing.category}
              onDone={() => setEditing(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} />
    </section>
  )
}

function CategoryForm({ category, onDone }: { category?: AdminCategory; onDone: () => void }) {
  const save = useSaveCategory()
  const [failure, setFailure] = useState<string>()
  const form = useForm<CategoryInput>({
    resolver: zodResolver(CategoryInput),
    defaultValues: { name: category?.name ?? '', description: category?.description ?? '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    setFailure(undefined)
    save.mutate(
      { categoryId: category?.id, values },
      {
        onSuccess: onDone,
        onError: (error) => setFailure(formFailure(form, error, { fallback: categoryMessages.saveFailed })),
      },
    )
  })

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      <TextField
        label="Category name"
        required
        maxLength={categoryNameMaxLength}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextAreaField
        label="Category description"
        required
        rows={3}
        maxLength={categoryDescriptionMaxLength}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <FormActions failure={failure} onCancel={onDone} busy={save.isPending}>
        {save.isPending ? 'Saving…' : category ? 'Save category' : 'Create category'}
      </FormActions>
    </form>
  )
}

function DeleteCategoryDialog({ category, onClose }: { category: AdminCategory | null; onClose: () => void }) {
  const remove = useDeleteCategory()
  const [failure, setFailure] = useState<string>()
  if (!category) return null
  const close = () => {
    setFailure(undefined)
    remove.reset()
    onClose()
  }
  return (
    <ConfirmDialog
      open
      onClose={close}
      title="Delete category"
      description={categoryMessages.confirmDelete}
      failure={failure}
      confirm={{
        label: 'Delete',
        disabled: remove.isPending,
        onConfirm: () =>
          remove.mutate(category.id, {
            onSuccess: close,
            // a category in use is refused: the server says why, here
            onError: (error) => setFailure(messageOf(error, categoryMessages.deleteFailed)),
          }),
      }}
    >
      <p className="text-sm">
        <span className="font-medium">{category.name}</span>, used by {usage(category)}.
      </p>
    </ConfirmDialog>
  )
}
