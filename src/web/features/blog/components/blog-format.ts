import type { BlogAuthor } from '#shared/blog/schemas.ts'

const dateFormat = new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', year: 'numeric' })
const shortDateFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric' })
const timeFormat = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', second: '2-digit' })

/** 'March 4, 2026', in the reader's time zone. */
export const blogDate = (iso: string) => dateFormat.format(new Date(iso))

/** 'Mar 4, 2026': the compact lists of the dashboard and the community column. */
export const blogShortDate = (iso: string) => shortDateFormat.format(new Date(iso))

/** '3:04:05 PM': when the editor last saved a draft. */
export const savedTime = (iso: string) => timeFormat.format(new Date(iso))

export const authorName = (author: BlogAuthor) => `${author.firstName} ${author.lastName}`.trim()

/** An edit worth mentioning: a post changed more than a minute after it was published. */
export function wasUpdatedAfter(publishedAt: string, updatedAt: string): boolean {
  return new Date(updatedAt).getTime() - new Date(publishedAt).getTime() > 60_000
}
