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
