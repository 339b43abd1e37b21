// 'Today' is the member's day in their own time zone: the server keeps the zone on
// the profile, and takes the browser's the first time it is asked about today (issue 21).

/** The browser's own IANA zone ('Europe/Paris'); undefined where the browser does not say. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

/** The `tz` query of a request about 'today': the server keeps it only while the profile has no zone. */
export const withZone = (): { tz?: string } => {
  const tz = browserTimeZone()
  return tz ? { tz } : {}
}
