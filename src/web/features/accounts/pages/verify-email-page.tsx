import { useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { CircleCheck } from 'lucide-react'
import { accountMessages } from '#shared/accounts/schemas.ts'
import { pathTo } from '#shared/pages.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { messageOf } from '#web/lib/api.ts'
import { useViewer } from '#web/lib/session.ts'
import { useVerifyEmail } from '#web/features/accounts/api/verification.ts'
import { AuthCard } from '#web/features/accounts/components/auth-card.tsx'
import { ResendVerificationButton } from '#web/features/accounts/components/email-verification-banner.tsx'
import { homeNameOf, homeOf } from '#web/lib/home.ts'

const title = 'Verify your email address'

/** Target of the verification mail's link (?token=...): opens it once, then says how it went (decision 014). */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  const verify = useVerifyEmail()
  const { mutate } = verify
  // the token is single-use: one call per token, even when effects run twice
  const sent = useRef<string | null>(null)
  useEffect(() => {
    if (!token || sent.current === token) return
    sent.current = token
    mutate({ token })
  }, [token, mutate])

  if (verify.isSuccess) {
    return (
      <AuthCard title={title} footer={<NextStep />}>
        <PageTitle>Verify Email</PageTitle>
        <p role="status" className="flex items-center justify-center gap-2 text-center font-medium">
          <CircleCheck aria-hidden="true" className="size-5 text-accent" />
          {verify.data.message}
        </p>
      </AuthCard>
    )
  }
  if (!token || verify.isError) {
    return (
      <AuthCard title={title} footer={<NextStep />}>
        <PageTitle>Verify Email</PageTitle>
        <div className="grid justify-items-center gap-4 text-center">
          <p role="alert" className="text-sm">
            {verify.isError
              ? messageOf(verify.error, accountMessages.verificationLinkInvalid)
              : accountMessages.verificationLinkInvalid}
          </p>
          <NewLink />
        </div>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={title}>
      <PageTitle>Verify Email</PageTitle>
      <p role="status" className="text-center text-sm text-muted-foreground">
        Verifying your email address…
      </p>
    </AuthCard>
  )
}

/** After a refused link: a new one for a signed-in member who still needs it, else the way to sign in. */
function NewLink() {
  const { status, user } = useViewer()
  if (status === 'loading') return null
  if (!user) {
    return <p className="text-sm text-muted-foreground">Sign in to get a new link.</p>
  }
  if (user.emailVerified) return <p className="text-sm text-muted-foreground">{accountMessages.alreadyVerified}</p>
  return <ResendVerificationButton variant="primary" />
}

/** Onwards to the member's own home page (decision 015), or to sign in. */
function NextStep() {
  const { user, viewer } = useViewer()
  const next = user
    ? { to: homeOf(viewer), label: `Continue to ${homeNameOf(viewer)}` }
    : { to: pathTo('login'), label: 'Sign in' }
  return (
    <Button asChild variant="link">
      <Link to={next.to}>{next.label}</Link>
    </Button>
  )
}
