import { LatestJobsCard, SavedAndAppliedCard, SkillMasteryCard } from '#web/app/member-cards.tsx'
import { LatestBlogPostsCard } from '#web/features/blog/components/latest-blog-posts.tsx'
import { PrestigeClubPage } from '#web/features/dashboard/pages/prestige-club-page.tsx'
import { UpcomingEventsCard } from '#web/features/events/components/upcoming-events-card.tsx'
import { CareerGoalsCard } from '#web/features/goals/components/career-goals-card.tsx'
import { RecommendationsCard } from '#web/features/goals/components/recommendations-card.tsx'
import { ResumeStrengthCard } from '#web/features/resumes/components/resume-strength-card.tsx'

// /prestige-club, the member dashboard of spec 001 §2: its cards that exist today,
// from the blog, resumes, events, jobs, profile and goals areas (decision 015), in
// the order the spec lists them (Latest Blog Posts ... Skill Mastery, Career Goals).
export function PrestigeClubRoute() {
  return (
    <PrestigeClubPage>
      <LatestBlogPostsCard />
      <ResumeStrengthCard />
      <UpcomingEventsCard />
      <LatestJobsCard />
      <SkillMasteryCard />
      <SavedAndAppliedCard />
      {/* the widest of the cards: its form beside the goals, a row of its own */}
      <CareerGoalsCard className="md:col-span-2 lg:col-span-3" />
      {/* the spec's recommendations panel, computed (issue 21); full width, last */}
      <RecommendationsCard />
    </PrestigeClubPage>
  )
}
