import { useRef, useState, type ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { z } from 'zod'
import { Sparkles } from 'lucide-react'
import { accountMessages, passwordRule } from '#shared/accounts/schemas.ts'
import { invitationMessages } from '#shared/admin/users.ts'
import { pathTo } from '#shared/pages.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { usePlatformSettings } from '#web/lib/platform-settings.ts'
import { useAcceptInvitation } from '#web/features/admin/users/api/invitation.ts'

/**
 * The form's rules: the server's (shared AcceptInvitationInput) with the admins'
 * minimum password length, as the sign-up form takes it from /api/settings.
 */
const acceptFormFor = (minPasswordLength: number) =>
  z
    .object({ token: z.string(), password: passwordRule(minPasswordLength), confirmPassword: z.string() })
    .refine((value) => value.confirmPassword === value.password, {
      path: ['confirmPassword'],
      error: accountMessages.passwordsDoNotMatch,
    })
type AcceptForm = z.infer<ReturnType<typeof acceptFormFor>>

/** The frame of the page, as the sign-in pages look: brand, one h1, a card. */
function InvitationCard({ description, children }: { description?: string; children: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--primary)_12%,transparent),transparent_60%)] px-4 py-12">
      <PageTitle>Accept Invitation</PageTitle>
      <Link
        to={pathTo('home')}
        className="mb-8 inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-foreground"
      >
        <Sparkles aria-hidden="true" className="size-5 text-accent" />
        Prestige Labs
      </Link>
      <div className="w-full max-w-md rounded-2xl border border-border bg-card p-6 shadow-xl sm:p-8">
        <div className="mb-6 grid gap-1.5 text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Set your password</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </div>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        <Link to={pathTo('login')} className="font-medium text-accent underline-offset-4 hover:underline">
          Already set your password? Sign in
        </Link>
      </p>
    </div>
  )
}

/**
 * The invitation e-mail's link, `/accept-invitation?token=…` (issue 22): an admin made
 * the account (Add user or the CSV import); the invitee chooses a password under the
 * sign-up form's rules, is signed in, and lands on their dashboard.
 */
export function AcceptInvitationPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  if (!token) {
    return (
      <InvitationCard>
        <p role="alert" className="text-center text-sm text-muted-foreground">
          {invitationMessages.invalid}
        </p>
      </InvitationCard>
    )
  }
  return <AcceptInvitationForm token={token} />
}

function AcceptInvitationForm({ token }: { token: string }) {
  const navigate = useNavigate()
  const accept = useAcceptInvitation()
  const [failure, setFailure] = useState<string>()
  // the admins' minimum length (issue 22); the resolver reads it when it runs, so a late answer counts
  const { minPasswordLength } = usePlatformSettings()
  const minLength = useRef(minPasswordLength)
  minLength.current = minPasswordLength
  const form = useForm<AcceptForm>({
    resolver: (values, context, options) => zodResolver(acceptFormFor(minLength.current))(values, context, options),
    defaultValues: { token, password: '', confirmPassword: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    try {
      const { message } = await accept.mutateAsync(values)
      toast.success(message)
      void navigate(pathTo('dashboard'), { replace: true })
    } catch (error) {
      // a used or expired link is no field's: it comes as the form's one alert
      setFailure(formFailure(form, error, { fallback: invitationMessages.invalid }))
    }
  })

  return (
    <InvitationCard description="Your account is ready. Choose a password to sign in.">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          minLength={minPasswordLength}
          hint={accountMessages.passwordRulesHintFor(minPasswordLength)}
          error={errors.password?.message ?? errors.token?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <FieldError>{failure}</FieldError>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Setting your password…' : 'Set password and sign in'}
        </Button>
      </form>
    </InvitationCard>
  )
}
