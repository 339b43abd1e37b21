import { Link } from 'react-router'
import { Wrench } from 'lucide-react'
import { maintenanceMessages } from '#shared/admin/public-settings.ts'
import { pathTo } from '#shared/pages.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { usePlatformSettings } from '#web/lib/platform-settings.ts'

/** What members and visitors see while an admin has maintenance mode on (issue 22); admins sign in as usual. */
export function MaintenancePage({ signedIn }: { signedIn: boolean }) {
  const { platformName, supportEmail } = usePlatformSettings()
  return (
    <div className="mx-auto grid w-full max-w-xl flex-1 content-center gap-4 px-4 py-16 text-center">
      <PageTitle>Maintenance</PageTitle>
      <Wrench aria-hidden="true" className="mx-auto size-10 text-accent" />
      <h1 className="text-3xl font-semibold tracking-tight">{maintenanceMessages.title}</h1>
      <p className="text-muted-foreground">
        {platformName}: {maintenanceMessages.body}
      </p>
      {supportEmail ? (
        <p className="text-sm">
          Questions? <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </p>
      ) : null}
      {signedIn ? null : (
        <p className="text-sm text-muted-foreground">
          Administrator? <Link to={pathTo('login')}>Sign in</Link>
        </p>
      )}
    </div>
  )
}
