import { MailWarning } from 'lucide-react'
import { accountMessages } from '#shared/accounts/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { messageOf } from '#web/lib/api.ts'
import { useResendVerification } from '#web/features/accounts/api/verification.ts'

/** The button that mails a new verification link; its answer is said once, where it was pressed. */
export function ResendVerificationButton({ variant = 'outline' }: { variant?: 'outline' | 'primary' }) {
  const resend = useResendVerification()
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant={variant} size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {accountMessages.resendVerification}
      </Button>
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {resend.isSuccess
          ? resend.data.message
          : resend.isError
            ? messageOf(resend.error, accountMessages.verificationSendFailed)
            : null}
      </p>
    </div>
  )
}

/**
 * Shown to signed-in members whose address is not verified yet (decision 014):
 * what is held back, and a way to get a new link. The server refuses the held-back
 * actions with the same words, whatever this banner shows.
 */
export function EmailVerificationBanner() {
  return (
    <section aria-label="Email verification" className="border-b border-accent/40 bg-primary/10">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
          <div className="grid gap-0.5">
            <p className="text-sm font-semibold">{accountMessages.emailNotVerified}</p>
            <p className="text-sm text-muted-foreground">{accountMessages.emailNotVerifiedDetail}</p>
          </div>
        </div>
        <ResendVerificationButton />
      </div>
    </section>
  )
}
