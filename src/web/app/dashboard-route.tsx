import { PlanCard, ProfileCompletenessCard, SavedAndAppliedCard } from '#web/app/member-cards.tsx'
import { DashboardPage } from '#web/features/dashboard/pages/dashboard-page.tsx'
import { CareerGoalsCard } from '#web/features/goals/components/career-goals-card.tsx'
import { RoutineTodayCard } from '#web/features/goals/components/routine-today-card.tsx'

// /dashboard ('My Account'): every member's plan, today's routine with the ways into
// the daily routine and calendar, career goals, profile and saved jobs, from the
// billing, goals, profile and jobs areas (decision 015). A free member lands here
// after sign-in, the plan card with its way to subscribe first.
export function DashboardRoute() {
  return (
    <DashboardPage>
      <PlanCard />
      <RoutineTodayCard />
      <ProfileCompletenessCard />
      <SavedAndAppliedCard />
      <CareerGoalsCard className="md:col-span-2" />
    </DashboardPage>
  )
}
