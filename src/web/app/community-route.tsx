import { CommunityPage } from '#web/features/community/pages/community-page.tsx'

// /community composes the community feature with the other areas' latest items
// (spec 000 §2: latest jobs, latest courses, blog posts in the right column). Each
// joins the aside here when its area exists; none does yet.
export function CommunityRoute() {
  return <CommunityPage />
}
