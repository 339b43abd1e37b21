import { chatMessages } from '#shared/chat/messages.ts'

// How the chat writes names, dates and times, in the browser's own time zone.

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })
const dayTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})
const yearDayTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
// a calendar date ('2026-12-01') is midnight UTC: written in UTC it stays that day everywhere
const calendarDayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** '3:05 PM' today, 'Nov 24, 3:05 PM' this year, 'Nov 24, 2025, 3:05 PM' before. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (date.toDateString() === now.toDateString()) return timeFormat.format(date)
  if (date.getFullYear() === now.getFullYear()) return dayTimeFormat.format(date)
  return yearDayTimeFormat.format(date)
}

/** 'Nov 24, 2026' */
export function formatDay(iso: string): string {
  return dayFormat.format(new Date(iso))
}

/** 'Dec 1, 2026' for the calendar date '2026-12-01', whatever the browser's zone */
export function formatCalendarDay(day: string): string {
  return calendarDayFormat.format(new Date(`${day}T00:00:00Z`))
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim()
}

/**
 * Who wrote a conversation's latest message, before its text in the list: 'You: '
 * for the viewer, 'Former coach: ' for a coach whose account was deleted (no
 * author), nothing for the party the list item names.
 */
export function latestAuthorPrefix(authorId: string | null, viewerId: string): string {
  if (authorId === null) return `${chatMessages.formerCoach}: `
  return authorId === viewerId ? 'You: ' : ''
}

/** '3 unread messages', '1 unread message' */
export function unreadLabel(count: number): string {
  return `${count} unread message${count === 1 ? '' : 's'}`
}
