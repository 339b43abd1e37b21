import { useEffect, useState } from 'react'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { accountMessages, SignInInput } from '#shared/accounts/schemas.ts'
import { pathTo } from '#shared/pages.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { homeOf } from '#web/lib/home.ts'
import { sessionQuery, useViewer, viewerOf } from '#web/lib/session.ts'
import { providersQuery, useSignIn } from '#web/features/accounts/api/auth.ts'
import { AdminLoginDialog } from '#web/features/accounts/components/admin-login-dialog.tsx'
import { AuthCard, Divider } from '#web/features/accounts/components/auth-card.tsx'
import { ForgotPasswordDialog } from '#web/features/accounts/components/forgot-password-dialog.tsx'
import { GoogleButton } from '#web/features/accounts/components/google-button.tsx'
import { TwoFactorStep } from '#web/features/accounts/components/two-factor-step.tsx'

// Google returns here when no page asked for the sign-in: where the member then
// goes depends on who they turn out to be, known only once signed in.
const googleReturn = `${pathTo('login')}?signed-in=google`

/**
 * The page that asked for the sign-in (spec 000 §2, /login): the 'from' location of
 * the navigation state; from /subscription with a promo code, back to
 * /subscription?promo={code}. Without one, the member goes home (homeOf, decision 015).
 */
export function requestedDestination(state: unknown): string | undefined {
  const { from, promo } = (typeof state === 'object' && state !== null ? state : {}) as {
    from?: unknown
    promo?: unknown
  }
  // only our own paths: never '//other.host' or a full URL
  const safe =
    typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith(pathTo('login'))
      ? from
      : undefined
  if (safe === pathTo('subscription') && typeof promo === 'string' && promo)
    return `${pathTo('subscription')}?promo=${encodeURIComponent(promo)}`
  return safe
}

export function LoginPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const queryClient = useQueryClient()
  const { user, viewer } = useViewer()
  const requested = requestedDestination(location.state)
  const providers = useQuery(providersQuery())
  const signIn = useSignIn()
  const [twoFactorFor, setTwoFactorFor] = useState<'member' | 'admin' | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const form = useForm({ resolver: zodResolver(SignInInput), defaultValues: { email: '', password: '' } })
  const { errors, isSubmitting } = form.formState

  const googleFailed = searchParams.get('error') === 'google'
  useEffect(() => {
    // the id keeps one toast even when the effect runs twice
    if (googleFailed) toast.error(accountMessages.googleFailed, { id: 'google-sign-in-failed' })
  }, [googleFailed])

  function finish(kind: 'member' | 'admin') {
    if (kind === 'admin') {
      toast.success(accountMessages.welcomeBackAdmin)
      void navigate(pathTo('admin'), { replace: true })
    } else {
      toast.success(accountMessages.welcomeBack)
      // the sign-in has put the member in the session query before this runs
      const member = queryClient.getQueryData(sessionQuery().queryKey)?.user ?? null
      void navigate(requested ?? homeOf(viewerOf(member)), { replace: true })
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null)
    try {
      const result = await signIn.mutateAsync(values)
      if (result.twoFactorRequired) setTwoFactorFor('member')
      else finish('member')
    } catch (error) {
      setServerError(formFailure(form, error, { fallback: accountMessages.signInDefault }) ?? null)
    }
  })

  if (user && searchParams.get('signed-in') === 'google') return <Navigate to={homeOf(viewer)} replace />

  if (twoFactorFor) {
    return (
      <AuthCard title="Welcome back" description="Two-factor authentication">
        <PageTitle>Sign In</PageTitle>
        <TwoFactorStep onVerified={() => finish(twoFactorFor)} onCancel={() => setTwoFactorFor(null)} />
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to continue to your career lab."
      footer={
        <>
          New to Prestige Labs?{' '}
          <Link to={pathTo('createAccount')} className="font-medium text-accent underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <PageTitle>Sign In</PageTitle>
      {providers.data?.google ? (
        <>
          <GoogleButton callbackURL={requested ?? googleReturn} />
          <Divider label="or" />
        </>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
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
        <div className="-mt-2 flex justify-end">
          <ForgotPasswordDialog />
        </div>
        <FieldError>{serverError}</FieldError>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          Sign In
        </Button>
      </form>
      <div className="mt-6 flex justify-center border-t border-border pt-4">
        <AdminLoginDialog onSignedIn={() => finish('admin')} onTwoFactor={() => setTwoFactorFor('admin')} />
      </div>
    </AuthCard>
  )
}
