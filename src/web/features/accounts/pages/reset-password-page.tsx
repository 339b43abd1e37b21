import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { accountMessages, ResetPasswordInput } from '#shared/accounts/schemas.ts'
import { pathTo } from '#shared/pages.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { usePlatformSettings } from '#web/lib/platform-settings.ts'
import { useResetPassword } from '#web/features/accounts/api/auth.ts'
import { AuthCard } from '#web/features/accounts/components/auth-card.tsx'

const backToSignIn = (
  <Link to={pathTo('login')} className="font-medium text-accent underline-offset-4 hover:underline">
    Back to sign in
  </Link>
)

/** Target of the password reset email link (spec 000 §2; the link carries ?token=). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')

  if (!token) {
    return (
      <AuthCard title="Reset your password" footer={backToSignIn}>
        <PageTitle>Reset Password</PageTitle>
        <p role="alert" className="text-center text-sm text-muted-foreground">
          This password reset link is invalid or incomplete. Ask for a new link with “Forgot your password?” on the
          sign-in page.
        </p>
      </AuthCard>
    )
  }
  return <ResetPasswordForm token={token} />
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate()
  const reset = useResetPassword()
  const [failure, setFailure] = useState<string>()
  // the admins' minimum length (issue 22): shown here, checked by the server, its message under the field
  const { minPasswordLength } = usePlatformSettings()
  const form = useForm({
    resolver: zodResolver(ResetPasswordInput),
    defaultValues: { token, password: '', confirmPassword: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    try {
      const { message } = await reset.mutateAsync(values)
      toast.success(message)
      void navigate(pathTo('login'), { replace: true })
    } catch (error) {
      // a refused token shows under the new password, where the form shows the token's own errors
      setFailure(formFailure(form, error, { fallback: accountMessages.resetFailed }))
    }
  })

  return (
    <AuthCard title="Reset your password" description="Choose a new password for your account." footer={backToSignIn}>
      <PageTitle>Reset Password</PageTitle>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          minLength={minPasswordLength}
          hint={accountMessages.passwordRulesHintFor(minPasswordLength)}
          error={errors.password?.message ?? errors.token?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <FieldError>{failure}</FieldError>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          Reset Password
        </Button>
      </form>
    </AuthCard>
  )
}
