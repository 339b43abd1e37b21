import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { settingsMessages } from '#shared/admin/settings.ts'
import { pathTo } from '#shared/pages.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { messageOf } from '#web/lib/api.ts'
import { adminSettingsQuery } from '#web/features/admin/settings/api.ts'
import { EmailCard, GeneralCard, IntegrationsCard, SecurityCard } from '#web/features/admin/settings/settings-cards.tsx'

/** /admin/settings (spec 002 §2 Platform settings): four cards, each field saved when it changes, and the other editors. */
export function AdminSettingsPage() {
  const settings = useQuery(adminSettingsQuery())
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <PageTitle>Platform settings</PageTitle>
        <h1 className="text-2xl font-semibold tracking-tight">Platform settings</h1>
        <p className="text-sm text-muted-foreground">
          Every field is saved as soon as you change it, takes effect at once and is recorded in the audit log.
        </p>
      </div>
      {settings.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading settings…
        </p>
      ) : null}
      {settings.isError ? <p role="alert">{messageOf(settings.error, settingsMessages.loadFailed)}</p> : null}
      {settings.data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <GeneralCard settings={settings.data} />
          <SecurityCard settings={settings.data} />
          <EmailCard settings={settings.data} />
          <IntegrationsCard settings={settings.data} />
        </div>
      ) : null}
      <Card role="region" aria-labelledby="settings-editors-title">
        <CardHeader>
          <CardTitle id="settings-editors-title">Also set from here</CardTitle>
          <CardDescription>The other platform-wide content admins edit.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 text-sm">
            <li>
              <Link to={pathTo('community')} className="font-medium text-accent underline-offset-4 hover:underline">
                Job trends
              </Link>
              : the trending skills and roles panel, edited in place on the community page.
            </li>
            <li>
              <Link to={pathTo('adminPlans')} className="font-medium text-accent underline-offset-4 hover:underline">
                Plans
              </Link>
              : names, prices and features of the membership plans.
            </li>
          </ul>
        </CardContent>
      </Card>
    </div>
  )
}
