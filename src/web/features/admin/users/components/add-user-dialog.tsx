import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { adminUserMessages, CreateUserInput, invitationValidDays } from '#shared/admin/users.ts'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { TextField } from '#web/components/ui/field.tsx'
import { FormActions } from '#web/components/ui/form-actions.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { useCreateUser } from '#web/features/admin/users/api/users.ts'

const emptyUser = { email: '', firstName: '', lastName: '', isAdmin: false }

/**
 * spec 002 §5 Add user: e-mail (the shared e-mail rule) and both names required, a
 * grant-admin checkbox. No password is typed for someone (issue 22): the new user
 * sets theirs from the invitation e-mail.
 */
export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {open ? (
        <DialogContent
          title="Add User"
          description={`An invitation e-mail goes out with a link to set a password (valid for ${invitationValidDays} days).`}
        >
          <AddUserForm onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

function AddUserForm({ onClose }: { onClose: () => void }) {
  const create = useCreateUser()
  const [failure, setFailure] = useState<string>()
  const form = useForm({ resolver: zodResolver(CreateUserInput), defaultValues: emptyUser })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    try {
      await create.mutateAsync(values)
      onClose()
    } catch (error) {
      setFailure(formFailure(form, error, { fallback: adminUserMessages.createFailed }))
    }
  })
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="off"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="off"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <Checkbox label="Grant admin rights" {...form.register('isAdmin')} />
      <FormActions failure={failure} onCancel={onClose} busy={isSubmitting}>
        {isSubmitting ? 'Adding…' : 'Add User'}
      </FormActions>
    </form>
  )
}
