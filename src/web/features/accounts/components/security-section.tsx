import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { ShieldCheck, ShieldOff } from 'lucide-react'
import {
  accountMessages,
  ChangePasswordInput,
  PasswordConfirmInput,
  TwoFactorCodeInput,
} from '#shared/accounts/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { messageOf } from '#web/lib/api.ts'
import { formFailure } from '#web/lib/form-errors.ts'
import { useViewer } from '#web/lib/session.ts'
import {
  useChangePassword,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRevokeOtherSessions,
  type TwoFactorEnrolment,
} from '#web/features/accounts/api/security.ts'

/** The secret of an otpauth:// URI, for typing into an authenticator app by hand. */
function secretOf(totpURI: string): string | null {
  try {
    return new URL(totpURI).searchParams.get('secret')
  } catch {
    return /[?&]secret=([^&]+)/.exec(totpURI)?.[1] ?? null
  }
}

/** Asks for the account password before a two-factor change. */
function PasswordStep({
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  submitLabel: string
  pending: boolean
  onSubmit: (values: PasswordConfirmInput) => Promise<void>
  onCancel: () => void
}) {
  const [failure, setFailure] = useState<string>()
  const form = useForm({ resolver: zodResolver(PasswordConfirmInput), defaultValues: { password: '' } })
  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    try {
      await onSubmit(values)
    } catch (error) {
      setFailure(formFailure(form, error))
    }
  })
  return (
    <form noValidate onSubmit={submit} className="grid max-w-sm gap-4">
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus
        hint="Confirm it is you with your account password."
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <FieldError>{failure}</FieldError>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending || form.formState.isSubmitting}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function EnrolmentStep({
  enrolment,
  onDone,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment
  onDone: () => void
  onCancel: () => void
}) {
  const confirm = useConfirmTwoFactor()
  const [failure, setFailure] = useState<string>()
  const form = useForm({ resolver: zodResolver(TwoFactorCodeInput), defaultValues: { code: '' } })
  const secret = secretOf(enrolment.totpURI)

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    try {
      await confirm.mutateAsync(values)
      toast.success(accountMessages.twoFactorEnabled)
      onDone()
    } catch (error) {
      setFailure(formFailure(form, error, { fallback: accountMessages.twoFactorCodeInvalid }))
    }
  })

  return (
    <div className="grid gap-6">
      <ol className="grid gap-6 md:grid-cols-2">
        <li className="grid content-start gap-3">
          <h3 className="font-medium">1. Scan the QR code</h3>
          <p className="text-sm text-muted-foreground">
            Use an authenticator app such as Google Authenticator, 1Password or Authy.
          </p>
          <img
            src={enrolment.qrCodeDataUrl}
            alt="QR code for your authenticator app"
            width={176}
            height={176}
            className="rounded-lg bg-white p-2"
          />
          {secret ? (
            <div className="grid gap-1">
              <p className="text-sm text-muted-foreground">Or enter this key by hand:</p>
              <code className="rounded-md bg-muted px-2 py-1 font-mono text-sm break-all">{secret}</code>
            </div>
          ) : null}
        </li>
        <li className="grid content-start gap-3">
          <h3 className="font-medium">2. Keep your backup codes</h3>
          <p className="text-sm text-muted-foreground">
            Each code signs you in once if you lose your phone. Store them somewhere safe.
          </p>
          <ul
            aria-label="Backup codes"
            className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-muted p-3 font-mono text-sm"
          >
            {enrolment.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </li>
      </ol>
      <form noValidate onSubmit={submit} className="grid max-w-sm gap-4">
        <h3 className="font-medium">3. Enter a code from the app</h3>
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <FieldError>{failure}</FieldError>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Confirm
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  )
}

type TwoFactorMode =
  | { kind: 'idle' }
  | { kind: 'enable-password' }
  | { kind: 'enrol'; enrolment: TwoFactorEnrolment }
  | { kind: 'disable-password' }

function TwoFactorCard() {
  const { user } = useViewer()
  const enabled = Boolean(user?.twoFactorEnabled)
  const [mode, setMode] = useState<TwoFactorMode>({ kind: 'idle' })
  const enable = useEnableTwoFactor()
  const disable = useDisableTwoFactor()
  const idle = () => setMode({ kind: 'idle' })

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          {enabled ? (
            <ShieldCheck aria-hidden="true" className="size-5 text-accent" />
          ) : (
            <ShieldOff aria-hidden="true" className="size-5 text-muted-foreground" />
          )}
          Two-factor authentication
        </CardTitle>
        <CardDescription>
          {enabled
            ? 'On. Signing in asks for a code from your authenticator app.'
            : 'Off. Add a second step to signing in with a code from an authenticator app.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {mode.kind === 'idle' ? (
          enabled ? (
            <Button variant="destructive" onClick={() => setMode({ kind: 'disable-password' })}>
              Turn off
            </Button>
          ) : (
            <Button onClick={() => setMode({ kind: 'enable-password' })}>Turn on two-factor authentication</Button>
          )
        ) : null}
        {mode.kind === 'enable-password' ? (
          <PasswordStep
            submitLabel="Continue"
            pending={enable.isPending}
            onCancel={idle}
            onSubmit={async (values) => setMode({ kind: 'enrol', enrolment: await enable.mutateAsync(values) })}
          />
        ) : null}
        {mode.kind === 'enrol' ? <EnrolmentStep enrolment={mode.enrolment} onDone={idle} onCancel={idle} /> : null}
        {mode.kind === 'disable-password' ? (
          <PasswordStep
            submitLabel="Turn off two-factor authentication"
            pending={disable.isPending}
            onCancel={idle}
            onSubmit={async (values) => {
              await disable.mutateAsync(values)
              toast.success(accountMessages.twoFactorDisabled)
              idle()
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  )
}

/** spec 001 §8 Password: the current password, then the new one twice, checked by the shared rules. */
function PasswordCard() {
  const change = useChangePassword()
  const [failure, setFailure] = useState<string>()
  const form = useForm({
    resolver: zodResolver(ChangePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    try {
      await change.mutateAsync(values)
      form.reset()
      toast.success(accountMessages.passwordUpdated)
    } catch (error) {
      setFailure(formFailure(form, error, { fallback: accountMessages.passwordUpdateFailed }))
    }
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Change password</CardTitle>
        <CardDescription>Changing it signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label="Change password" onSubmit={submit} className="grid max-w-sm gap-4">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={accountMessages.passwordRulesHint}
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <FieldError>{failure}</FieldError>
          <div>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Update password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}

function SessionsCard() {
  const revoke = useRevokeOtherSessions()
  async function onClick() {
    try {
      await revoke.mutateAsync()
      toast.success(accountMessages.otherSessionsRevoked)
    } catch (error) {
      toast.error(messageOf(error))
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Other sessions</CardTitle>
        <CardDescription>Signed in on a device you no longer use? End every session except this one.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" disabled={revoke.isPending} onClick={onClick}>
          Sign out of other sessions
        </Button>
      </CardContent>
    </Card>
  )
}

export function SecuritySection() {
  return (
    <section id="security" aria-labelledby="security-heading" className="grid scroll-mt-24 gap-4">
      <h2 id="security-heading" className="text-xl font-semibold tracking-tight">
        Security
      </h2>
      <PasswordCard />
      <TwoFactorCard />
      <SessionsCard />
    </section>
  )
}
