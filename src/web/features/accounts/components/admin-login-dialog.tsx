import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { ShieldCheck } from 'lucide-react'
import { accountMessages, SignInInput } from '#shared/accounts/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { useAdminSignIn } from '#web/features/accounts/api/auth.ts'

/** The separate admin entrance (spec 000 §6): only admins pass, every refusal reads 'Invalid credentials'. */
export function AdminLoginDialog({ onSignedIn, onTwoFactor }: { onSignedIn: () => void; onTwoFactor: () => void }) {
  const [open, setOpen] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const adminSignIn = useAdminSignIn()
  const form = useForm({ resolver: zodResolver(SignInInput), defaultValues: { email: '', password: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null)
    try {
      const result = await adminSignIn.mutateAsync(values)
      setOpen(false)
      if (result.twoFactorRequired) onTwoFactor()
      else onSignedIn()
    } catch (error) {
      setServerError(formFailure(form, error, { fallback: accountMessages.signInDefault }) ?? null)
    }
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) {
          form.reset()
          setServerError(null)
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="size-4" />
          Admin Login
        </Button>
      </DialogTrigger>
      <DialogContent title="Admin Login" description="Sign in with an administrator account.">
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <FieldError>{serverError}</FieldError>
          <Button type="submit" disabled={isSubmitting}>
            Sign In as Admin
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
