// The member pages of courses, loaded as one chunk: one lazy import in the page
// table (src/web/app/pages.tsx) instead of three keeps the landing page's entry
// script, which carries that table, within its budget (ARCHITECTURE.md).
export { BrowsePage } from '#web/features/courses/pages/browse-page.tsx'
export { MarketplacePage } from '#web/features/courses/pages/marketplace-page.tsx'
export { CourseDetailPage } from '#web/features/courses/pages/course-detail-page.tsx'
