import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { zodResolver } from '@hookform/resolvers/zod'
import { moduleDescriptionMaxLength, moduleTitleMaxLength } from '#shared/courses/constants.ts'
import { moduleMessages } from '#shared/courses/messages.ts'
import { ModuleEdit, type AdminModule } from '#shared/courses/schemas.ts'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { FormActions } from '#web/components/ui/form-actions.tsx'
import { useSaveModule } from '#web/features/courses/api/admin-courses.ts'
import { ContentStatusField, DurationMinutesField } from '#web/features/courses/components/admin-content-fields.tsx'
import { formFailure } from '#web/lib/form-errors.ts'

// The shared ModuleEdit (the server parses the same), with the numbers as typed.
const ModuleFormInput = z
  .object({
    title: z.string(),
    description: z.string(),
    durationMinutes: z.string(),
    position: z.string(),
    status: z.string(),
  })
  .transform((values, context) => {
    const parsed = ModuleEdit.safeParse({
      ...values,
      // spec 002 §5: the duration is required (a blank one is not read as 0)
      durationMinutes: values.durationMinutes.trim() === '' ? Number.NaN : values.durationMinutes,
      position: values.position.trim() === '' ? undefined : Number(values.position),
    })
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues)
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message })
    return z.NEVER
  })
type ModuleFormValues = z.input<typeof ModuleFormInput>

type AdminModuleDialogProps = {
  courseId: string
  /** absent: Add Module; null: closed */
  state: { module?: AdminModule } | null
  /** how many modules the course has (a new one goes last by default) */
  moduleCount: number
  onClose: () => void
}

/** Add and edit a module (spec 002 §2 Module and lesson management, §5 Module form). */
export function AdminModuleDialog({ courseId, state, moduleCount, onClose }: AdminModuleDialogProps) {
  const module = state?.module
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={module ? 'Edit Module' : 'Add Module'}
        description="A draft module stays hidden from members until it is published."
        className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto"
      >
        {state ? (
          <ModuleForm
            key={module?.id ?? 'new'}
            courseId={courseId}
            module={module}
            moduleCount={moduleCount}
            onDone={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function ModuleForm({
  courseId,
  module,
  moduleCount,
  onDone,
}: {
  courseId: string
  module?: AdminModule
  moduleCount: number
  onDone: () => void
}) {
  const save = useSaveModule(courseId)
  const [failure, setFailure] = useState<string>()
  const form = useForm<ModuleFormValues, unknown, z.output<typeof ModuleFormInput>>({
    resolver: zodResolver(ModuleFormInput),
    defaultValues: {
      title: module?.title ?? '',
      description: module?.description ?? '',
      durationMinutes: module ? String(module.durationMinutes) : '',
      position: String(module?.position ?? moduleCount + 1),
      status: module?.status ?? 'draft',
    },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    setFailure(undefined)
    save.mutate(
      // the version it was read at: an edit made meanwhile by someone else is not overwritten
      { moduleId: module?.id, values: { ...values, version: module?.version } },
      {
        onSuccess: onDone,
        onError: (error) =>
          setFailure(
            formFailure(form, error, {
              fallback: module ? moduleMessages.saveFailed : moduleMessages.addModuleFailed,
            }),
          ),
      },
    )
  })

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      <TextField
        label="Module title"
        required
        maxLength={moduleTitleMaxLength}
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextAreaField
        label="Module description (optional)"
        rows={3}
        maxLength={moduleDescriptionMaxLength}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <DurationMinutesField error={errors.durationMinutes?.message} {...form.register('durationMinutes')} />
        <TextField
          label="Order"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.position?.message}
          {...form.register('position')}
        />
        <ContentStatusField error={errors.status?.message} {...form.register('status')} />
      </div>
      <FormActions failure={failure} onCancel={onDone} busy={save.isPending}>
        {save.isPending ? 'Saving…' : module ? 'Save module' : 'Add module'}
      </FormActions>
    </form>
  )
}
