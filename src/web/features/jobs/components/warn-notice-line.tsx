import { Link } from 'react-router'
import { TriangleAlert } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import { usStates } from '#shared/layoffs/constants.ts'
import { warnNoticeFiled } from '#shared/layoffs/messages.ts'
import type { WarnNotice } from '#shared/layoffs/schemas.ts'
import { cn } from '#web/lib/cn.ts'

// a notice's date is a calendar day (YYYY-MM-DD): read and shown in UTC, so no time zone moves it a day
const noticeDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** 'Mar 4, 2026' for '2026-03-04'; the text as it came if it is no date. */
export function noticeDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`)
  return Number.isNaN(parsed.getTime()) ? date : noticeDateFormat.format(parsed)
}

// the legal suffixes notices often leave out ('Acme Inc.' is filed as 'ACME')
const legalSuffix =
  /[\s,]+(?:inc|incorporated|llc|l\.l\.c|ltd|limited|corp|corporation|co|company|lp|llp|plc|pllc|pc|na)\.?$/i

/** What the tracker is searched for: the company without a trailing legal suffix, so its notices match. */
export function trackerSearchFor(company: string): string {
  let name = company.trim()
  for (
    let next = name.replace(legalSuffix, '');
    next !== name && next.trim() !== '';
    next = name.replace(legalSuffix, '')
  )
    name = next
  // 'Wells Fargo & Co.': the '&' belonged to the suffix; 'The Company' keeps its name
  const left = name.replace(/[\s,&]+$/, '')
  return left === '' || /^the$/i.test(left) ? company.trim() : left
}

const stateName = (code: string) => usStates.find((state) => state.code === code)?.name ?? code

/**
 * The employer's recent WARN notice (issue 19) on a job card and the job page:
 * 'This employer filed a WARN notice on Mar 4, 2026 (Ohio)', linking to the tracker
 * searched for the company (without its legal suffix, which notices often leave out).
 */
export function WarnNoticeLine({
  notice,
  company,
  className,
}: {
  notice: WarnNotice | null
  company: string
  className?: string
}) {
  if (!notice) return null
  return (
    <p
      data-testid="warn-notice"
      className={cn('flex items-start gap-1.5 text-sm text-amber-700 dark:text-amber-400', className)}
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <Link
        to={`${pathTo('layoffs')}?${new URLSearchParams({ q: trackerSearchFor(company) }).toString()}`}
        className="hover:underline"
      >
        {warnNoticeFiled(noticeDate(notice.date))}
        {` (${stateName(notice.state)})`}
      </Link>
    </p>
  )
}
