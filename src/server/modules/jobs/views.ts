import type {
  AdminJob,
  ApplicationStatus,
  JobCard,
  JobCardMarks,
  JobSummary,
  JobDetail,
  JobStatus,
  JobTeaser,
  JobType,
  SavedJob,
} from '#shared/jobs/schemas.ts'
import { matchPercent } from '#shared/jobs/skills.ts'
import type * as queries from './queries.ts'

// Rows as the API answers them: what every member sees of a job, what only the
// viewer sees (match, saved, their application), and the admin's and saved views.

function logoUrl(row: { id: string; logoKey: string | null; updatedAt: Date }): string | null {
  // the query changes with every edit, so a replaced logo is never served from a cache
  return row.logoKey ? `/api/jobs/logos/${row.id}?v=${row.updatedAt.getTime()}` : null
}

// what every member sees of a job; the skill lists feed the viewer's match
export type SummaryFields = Omit<JobSummary, 'match' | 'saved' | 'applicationStatus' | 'warnNotice'> &
  Pick<JobDetail, 'technicalSkills' | 'softSkills'>

export function toSummaryFields(row: Omit<queries.JobSummaryRow, 'cursorAt'>): SummaryFields {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    logoUrl: logoUrl(row),
    location: row.location,
    type: row.type as JobType,
    remote: row.remote,
    salary: row.salary,
    postedAt: row.postedAt.toISOString(),
    technicalSkills: row.technicalSkills,
    softSkills: row.softSkills,
  }
}

export function toTeaser(row: queries.JobSummaryRow): JobTeaser {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    logoUrl: logoUrl(row),
    location: row.location,
    type: row.type as JobType,
    postedAt: row.postedAt.toISOString(),
  }
}

/** The viewer's skills, saved jobs and applications (service.ts viewerStateOf reads and caches them). */
export type ViewerState = { skills: ReadonlySet<string>; saved: Set<string>; applied: Map<string, ApplicationStatus> }

type ViewerMarks = Pick<JobSummary, 'match' | 'saved' | 'applicationStatus'>

/** What only the viewer sees of a job (spec 001 §9 match, saved, their application). */
export function marksOf(
  state: ViewerState,
  job: Pick<SummaryFields, 'id' | 'technicalSkills' | 'softSkills'>,
): ViewerMarks {
  return {
    match: matchPercent(job.technicalSkills, job.softSkills, state.skills),
    saved: state.saved.has(job.id),
    applicationStatus: state.applied.get(job.id) ?? null,
  }
}

// Field by field rather than spread: V8 copies spread objects about forty times
// slower (docs/decisions/011), and a card's skill lists stay out of the answer.
/** What every member sees of a job on the board (the shared, cached part of GET /api/jobs). */
export function toJobCard(fields: SummaryFields): JobCard {
  return {
    id: fields.id,
    title: fields.title,
    company: fields.company,
    logoUrl: fields.logoUrl,
    location: fields.location,
    type: fields.type,
    remote: fields.remote,
    salary: fields.salary,
    postedAt: fields.postedAt,
  }
}

/**
 * What is read apart for one card: the viewer's marks and the employer's WARN
 * notice, each left out when it is its default (JobCardMarks: most cards have
 * none, and a short tail is sent as it is, platform/packed-json.ts).
 */
export function toCardMarks(
  job: Pick<SummaryFields, 'id' | 'technicalSkills' | 'softSkills'>,
  state: ViewerState,
  warnNotice: JobSummary['warnNotice'] = null,
): JobCardMarks {
  const { match, saved, applicationStatus } = marksOf(state, job)
  const marks: JobCardMarks = {}
  if (match) marks.match = match
  if (saved) marks.saved = saved
  if (applicationStatus) marks.applicationStatus = applicationStatus
  if (warnNotice) marks.warnNotice = warnNotice
  return marks
}

export function toAdminJob(row: queries.AdminJobRow): AdminJob {
  return {
    ...toSummaryFields(row),
    status: row.status as JobStatus,
    description: row.description,
    requirements: row.requirements,
    responsibilities: row.responsibilities,
    benefits: row.benefits,
    contactEmail: row.contactEmail,
    applicationCount: row.applicationCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function toSavedJob(row: Awaited<ReturnType<typeof queries.listSavedJobs>>[number]): SavedJob {
  return {
    jobId: row.jobId,
    savedAt: row.savedAt.toISOString(),
    status: 'saved',
    notes: row.notes,
    job: {
      id: row.id,
      title: row.title,
      company: row.company,
      logoUrl: logoUrl(row),
      location: row.location,
      type: row.type as JobType,
      salary: row.salary,
      active: row.status === 'active',
    },
  }
}
