import { Link } from 'react-router'
import { ShieldAlert } from 'lucide-react'
import { accountMessages } from '#shared/accounts/schemas.ts'
import { pathTo } from '#shared/pages.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { buttonClasses } from '#web/components/ui/button.tsx'

/**
 * What an admin without two-factor sees in the admin area while admins must have it
 * (platform setting or ADMIN_REQUIRE_2FA, issue 22): the server refuses them there
 * with the same words, and the way to turn it on.
 */
export function TwoFactorNotice() {
  return (
    <section
      aria-labelledby="two-factor-notice-title"
      className="grid max-w-xl gap-4 rounded-xl border border-border p-6"
    >
      <PageTitle>Two-factor authentication required</PageTitle>
      <h1 id="two-factor-notice-title" className="flex items-center gap-2 text-xl font-semibold tracking-tight">
        <ShieldAlert aria-hidden="true" className="size-5 text-accent" />
        Turn on two-factor authentication
      </h1>
      <p className="text-sm">{accountMessages.twoFactorRequiredForAdmins}.</p>
      <Link to={`${pathTo('settings')}#security`} className={buttonClasses('primary', 'md', 'w-fit')}>
        Open Settings &gt; Security
      </Link>
    </section>
  )
}
