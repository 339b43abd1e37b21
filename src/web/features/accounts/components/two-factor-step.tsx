import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { accountMessages, TwoFactorCodeInput } from '#shared/accounts/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { useVerifyTwoFactor } from '#web/features/accounts/api/auth.ts'

/** Second step of a sign-in for members with two-factor on: the code from the authenticator app. */
export function TwoFactorStep({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null)
  const verify = useVerifyTwoFactor()
  const form = useForm({ resolver: zodResolver(TwoFactorCodeInput), defaultValues: { code: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null)
    try {
      await verify.mutateAsync(values)
      onVerified()
    } catch (error) {
      setServerError(formFailure(form, error, { fallback: accountMessages.signInDefault }) ?? null)
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Enter the 6-digit code from your authenticator app to finish signing in.
      </p>
      <TextField
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        error={errors.code?.message}
        {...form.register('code')}
      />
      <FieldError>{serverError}</FieldError>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        Verify
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        Use a different account
      </Button>
    </form>
  )
}
