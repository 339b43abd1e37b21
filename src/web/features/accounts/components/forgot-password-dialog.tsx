import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { accountMessages, ForgotPasswordInput } from '#shared/accounts/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { useForgotPassword } from '#web/features/accounts/api/auth.ts'

export function ForgotPasswordDialog() {
  const [open, setOpen] = useState(false)
  const [failure, setFailure] = useState<string>()
  const forgot = useForgotPassword()
  const form = useForm({ resolver: zodResolver(ForgotPasswordInput), defaultValues: { email: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    try {
      const { message } = await forgot.mutateAsync(values)
      toast.success(message)
      setOpen(false)
      form.reset()
    } catch (error) {
      setFailure(formFailure(form, error, { fallback: accountMessages.resetSendFailed }))
    }
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) {
          form.reset()
          setFailure(undefined)
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="link" size="sm" className="text-sm">
          Forgot your password?
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Reset your password"
        description="Enter the email of your account and we will send you a link to choose a new password."
      >
        {/* React events bubble through portals: keep this submit away from the sign-in form around the trigger */}
        <form
          noValidate
          onSubmit={(event) => {
            event.stopPropagation()
            void onSubmit(event)
          }}
          className="grid gap-4"
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <FieldError>{failure}</FieldError>
          <Button type="submit" disabled={isSubmitting}>
            Send reset link
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
