import type { Deps } from '#server/platform/context.ts'
import { latestNotices } from '#server/modules/layoffs/service.ts'
import type { WarnNotice } from '#shared/layoffs/schemas.ts'

// The job board's employer notices (issue 19: 'This employer filed a WARN notice on
// {date}' on job cards and pages): the layoffs area answers, the jobs area asks
// through the Deps port `employerNotices` (platform/context.ts), which app.ts wires
// to this function. Neither module imports the other (docs/decisions/028).

/** The port's implementation for `deps`: each company's newest notice of the last 12 months, or null. */
export function employerNoticesOf(
  deps: Deps,
): (companies: readonly string[]) => Promise<ReadonlyMap<string, WarnNotice | null>> {
  return (companies) => latestNotices(deps, companies)
}
