// The blog's two member pages, loaded as one chunk: one lazy import in the page
// table (src/web/app/pages.tsx) instead of two keeps the landing page's entry
// script, which carries that table, within its budget (ARCHITECTURE.md).
export { BlogPage } from '#web/features/blog/pages/blog-page.tsx'
export { BlogPostPage } from '#web/features/blog/pages/blog-post-page.tsx'
