const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
const numberFormat = new Intl.NumberFormat('en-US')

/** A calendar date (YYYY-MM-DD) as 'May 22, 2020', the same wherever the reader is. */
export const layoffDate = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`))

/** A month (YYYY-MM) as 'May 2020'. */
export const layoffMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`))

export const count = (value: number) => numberFormat.format(value)

/** A source worth a link: http(s) only (the server sends null otherwise; checked again here). */
export const isWebLink = (source: string | null): source is string => source !== null && /^https?:\/\//i.test(source)
