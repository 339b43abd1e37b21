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

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim()
}

/** '3 unread messages', '1 unread message' */
export function unreadLabel(count: number): string {
  return `${count} unread message${count === 1 ? '' : 's'}`
}
