import { SettingsSections } from '#web/app/settings-sections.tsx'
import { ProfileHeader } from '#web/features/profile/components/profile-header.tsx'
import { PageTitle } from '#web/components/page-title.tsx'

// spec 001 §2: /profile is the profile header plus the settings sections.
export function ProfileRoute() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <PageTitle>Profile</PageTitle>
      <ProfileHeader />
      <SettingsSections />
    </div>
  )
}
