// How the users pages write dates: the browser's own time zone is the admin's.

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** 'Nov 24, 2026' */
export const formatDay = (iso: string) => dayFormat.format(new Date(iso))

/** 'Nov 24, 2026, 3:05 PM' */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso))

export const count = (value: number) => value.toLocaleString('en-US')
