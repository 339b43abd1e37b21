// How the resume pages write dates, times and changes. No time zone is named: the
// browser's own is the member's (spec 001 §9: feedback within 48 hours, shown as
// the time it is due where the member is).

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const timeFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

/** 'Nov 24, 2026' */
export function formatDay(iso: string): string {
  return dayFormat.format(new Date(iso))
}

/** 'Thu, Nov 26, 3:05 PM GMT+1' */
export function formatDueTime(iso: string): string {
  return timeFormat.format(new Date(iso))
}

/** A criterion's change since the previous score: '+5', '-3', '0'. */
export function formatChange(change: number): string {
  return change > 0 ? `+${change}` : String(change)
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim()
}
