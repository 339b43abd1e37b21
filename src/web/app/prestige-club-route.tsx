import { LatestJobsCard, SavedAndAppliedCard, SkillMasteryCard } from '#web/app/member-cards.tsx'
import { LatestBlogPostsCard } from '#web/features/blog/components/latest-blog-posts.tsx'
import { PrestigeClubPage } from '#web/features/dashboard/pages/prestige-club-page.tsx'
import { UpcomingEventsCard } from '#web/features/events/components/upcoming-events-card.tsx'
import { ResumeStrengthCard } from '#web/features/resumes/components/resume-strength-card.tsx'

// /prestige-club, the member dashboard of spec 001 §2: its cards that exist today,
// from the blog, resumes, events, jobs and profile areas (decision 015), Latest Blog
// Posts first as the spec lists them. The goals card joins here when its area lands.
export function PrestigeClubRoute() {
  return (
    <PrestigeClubPage>
      <LatestBlogPostsCard />
      <ResumeStrengthCard />
      <UpcomingEventsCard />
      <LatestJobsCard />
      <SkillMasteryCard />
      <SavedAndAppliedCard />
    </PrestigeClubPage>
  )
}
