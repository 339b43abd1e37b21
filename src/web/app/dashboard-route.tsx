import { PlanCard, ProfileCompletenessCard, SavedAndAppliedCard } from '#web/app/member-cards.tsx'
import { DashboardPage } from '#web/features/dashboard/pages/dashboard-page.tsx'

// /dashboard ('My Account'): every member's plan, profile and saved jobs, from the
// billing, profile and jobs areas (decision 015). A free member lands here after
// sign-in, the plan card with its way to subscribe first.
export function DashboardRoute() {
  return (
    <DashboardPage>
      <PlanCard />
      <ProfileCompletenessCard />
      <SavedAndAppliedCard />
    </DashboardPage>
  )
}
