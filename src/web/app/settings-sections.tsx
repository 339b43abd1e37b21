import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { SecuritySection } from '#web/features/accounts/components/security-section.tsx'
import { SubscriptionSection } from '#web/features/billing/components/subscription-section.tsx'
import { RoutineSettingsSection } from '#web/features/goals/components/routine-settings-section.tsx'
import { skillsQuery } from '#web/features/profile/api/profile.ts'
import { ProfileSettingsSection } from '#web/features/profile/components/profile-settings-section.tsx'
import { SkillsSection } from '#web/features/profile/components/skills-section.tsx'

/**
 * The settings sections of several areas (features meet only in src/web/app): Profile
 * Settings and Skills from profile, Daily routine from goals (its focus skill is one
 * of the profile's skills), Subscription from billing, Security from accounts.
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
      <DailyRoutineSettings />
      <SubscriptionSection />
      <SecuritySection />
    </>
  )
}

/** The goals area's routine settings, given the member's skills from the profile area. */
function DailyRoutineSettings() {
  const skills = useQuery(skillsQuery())
  const names = skills.data?.skills.map((skill) => skill.name) ?? []
  return <RoutineSettingsSection skills={{ status: skills.status, names }} />
}
