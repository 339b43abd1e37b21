// The blog's option lists and limits (issue 18; spec 001 §9, spec 002 §3, §9).

// spec 002 §3, §9: four categories
export const blogCategories = ['Technology', 'Career Growth', 'Industry Insights', 'Tutorials'] as const
export type BlogCategory = (typeof blogCategories)[number]

// spec 002 §4: a post is a draft or published
export const blogPostStatuses = ['draft', 'published'] as const
export type BlogPostStatus = (typeof blogPostStatuses)[number]

/** Where an entry of the merged list comes from: our own post or the newsletter feed. */
export const blogEntryKinds = ['post', 'newsletter'] as const
export type BlogEntryKind = (typeof blogEntryKinds)[number]

// spec 001 §9: 8 cards on wide screens, 3 under 768 px; the dashboard shows 3
export const blogPageSizeWide = 8
export const blogPageSizeNarrow = 3
export const blogNarrowBelowPx = 768
export const blogPageSizeMax = 24
export const blogDashboardCount = 3
/** spec 001 §9: a card's excerpt is 150 characters plus an ellipsis */
export const blogCardExcerptLength = 150

// spec 002 §9: autosave 2 s after the last change
export const blogAutosaveDelayMs = 2000

export const blogTitleMaxLength = 200
/** the excerpt an admin writes; a blank one is taken from the content */
export const blogExcerptMaxLength = 500
export const blogContentMaxLength = 100_000
export const blogSearchMaxLength = 100
export const adminBlogPageSize = 20

export const blogImageMaxBytes = 5 * 1024 * 1024
export const blogImageCacheSeconds = 86_400

/** The newsletter feed's address (a platform setting, else NEWSLETTER_FEED_URL). */
export const feedUrlMaxLength = 2000
/** The stock picture a card shows when neither the post nor the feed item has one (spec 001 §7). */
export const blogStockImagePath = '/images/blog-stock.svg'
