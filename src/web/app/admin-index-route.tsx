import { AdminIndexPage } from '#web/features/admin/pages/admin-index-page.tsx'
import { AdminUpcomingEvents } from '#web/features/events/components/admin-upcoming-events.tsx'
import { RecentResumeReviews } from '#web/features/resumes/components/recent-resume-reviews.tsx'

// /admin, the admin dashboard of spec 002 §2, with the cards of other areas it
// shows: the 5 most recent resume reviews and the 5 upcoming events (decision 015:
// areas meet in web/app).
export function AdminIndexRoute() {
  return (
    <AdminIndexPage>
      <RecentResumeReviews />
      <AdminUpcomingEvents />
    </AdminIndexPage>
  )
}
