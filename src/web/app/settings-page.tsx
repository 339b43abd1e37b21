import { SettingsSections } from '#web/app/settings-sections.tsx'
import { PageTitle } from '#web/components/page-title.tsx'

export function SettingsPage() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-1">
        <PageTitle>Settings</PageTitle>
        <h1 className="text-3xl font-semibold tracking-tight">Settings</h1>
        <p className="text-muted-foreground">
          Your profile, skills, daily routine, membership, and how your account stays safe.
        </p>
      </div>
      <SettingsSections />
    </div>
  )
}
