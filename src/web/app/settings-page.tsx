import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { SecuritySection } from '#web/features/accounts/components/security-section.tsx'
import { SubscriptionSection } from '#web/features/billing/components/subscription-section.tsx'
import { ProfileSettingsSection } from '#web/features/profile/components/profile-settings-section.tsx'
import { SkillsSection } from '#web/features/profile/components/skills-section.tsx'

/**
 * The settings sections of several areas (features meet only in src/web/app): Profile
 * Settings and Skills from profile, Subscription from billing, Security from accounts.
 * /settings shows them; /profile shows them under the profile header (spec 001 §2).
 */
export function SettingsSections() {
  const { hash } = useLocation()
  useEffect(() => {
    // the page loads lazily, after the browser's own jump to the anchor
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView()
  }, [hash])
  return (
    <>
      <ProfileSettingsSection />
      <SkillsSection />
      <SubscriptionSection />
      <SecuritySection />
    </>
  )
}

export function SettingsPage() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">Settings</h1>
        <p className="text-muted-foreground">Your profile, skills, membership, and how your account stays safe.</p>
      </div>
      <SettingsSections />
    </div>
  )
}
