import { LatestJobsCard, SavedAndAppliedCard, SkillMasteryCard } from '#web/app/member-cards.tsx'
import { PrestigeClubPage } from '#web/features/dashboard/pages/prestige-club-page.tsx'
import { UpcomingEventsCard } from '#web/features/events/components/upcoming-events-card.tsx'
import { ResumeStrengthCard } from '#web/features/resumes/components/resume-strength-card.tsx'

// /prestige-club, the member dashboard of spec 001 §2: its cards that exist today,
// from the resumes, events, jobs and profile areas (decision 015). The blog and goals
// cards join here when their areas land.
export function PrestigeClubRoute() {
  return (
    <PrestigeClubPage>
      <ResumeStrengthCard />
      <UpcomingEventsCard />
      <LatestJobsCard />
      <SkillMasteryCard />
      <SavedAndAppliedCard />
    </PrestigeClubPage>
  )
}
