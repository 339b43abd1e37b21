import { z } from 'zod'
import { Cursor, email, optionalEmail, requiredPhone, requiredText, PageQuery } from '#shared/common/fields.ts'
import type { WarnNotice } from '#shared/layoffs/schemas.ts'
import { softSkillOptions, technicalSkillOptions } from './skills.ts'

// The private job board (issue 5): spec 001 §2 job board, job detail, application
// modal, saved items; §3 Job, saved jobs; §8 messages; §9 match; spec 002 §3 Job,
// §5 Job form, §8 Jobs; spec 000 §6 job creation rule.

export const jobMessages = {
  noResults: 'No jobs found matching your criteria',
  notFound: 'Job Not Found',
  loadFailed: 'Failed to load job details',
  // saved items (spec 001 §8)
  savedLoadFailed: 'Failed to load saved items',
  saved: 'Job saved successfully',
  saveFailed: 'Failed to save job',
  unsaved: 'Job removed from saved items',
  unsaveFailed: 'Failed to remove job',
  noSavedJobs: "No saved jobs yet. Start saving jobs you're interested in!",
  noSavedCourses: 'No saved courses yet. Start saving courses you want to learn!',
  // application (spec 001 §8, §9)
  applied: 'Application submitted successfully!',
  applyFailed: 'Error submitting application. Please try again.',
  allFieldsRequired: 'All fields are required',
  signInToApply: 'Please sign in to apply',
  alreadyApplied: 'You have already applied to this job',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  coverLetterTooLong: 'Cover letters can be at most 5000 characters.',
  resumeTooLarge: 'File size must be less than 5MB',
  resumeWrongType: 'Please upload a PDF, DOC or DOCX file',
  applicationNotFound: 'This application is no longer available',
  noApplications: "You haven't applied to any jobs yet.",
  // admin (spec 002 §5, §8)
  requiredFields: 'Please fill in all required fields',
  descriptionRequired: 'Please add a description',
  invalidType: 'Please choose a job type',
  unknownSkill: 'Please choose skills from the list',
  invalidContactEmail: 'Please enter a valid contact email address',
  created: 'Job created successfully',
  updated: 'Job updated successfully',
  deleted: 'Job deleted successfully',
  saveJobFailed: 'Failed to save job',
  deleteFailed: 'Failed to delete job',
  confirmDelete: 'Are you sure you want to delete this job?',
  deleteHasApplications:
    'This job has applications, so it cannot be deleted: close it instead, and its applications stay in reach.',
  closedKeepsApplications:
    'This job has applications, so it cannot be deleted. It is closed: members no longer see it, and its applications stay in reach.',
  adminEmpty: 'No jobs found...',
  closed: 'Job closed: it no longer shows on the board',
  reopened: 'Job reopened',
  logoTooLarge: 'Image must be less than 5MB',
  logoPreviewFailed: 'Failed to load image',
  logoNotImage: 'Please upload an image file',
  logoSaved: 'Logo updated',
  statusUpdated: 'Application status updated',
  statusFailed: 'Failed to update the application status',
  invalidStatusMove: 'This application cannot move to that status',
  noJobApplications: 'No applications yet',
} as const

// spec 002 §3: five job types
export const jobTypes = ['Full-time', 'Part-time', 'Contract', 'Remote', 'Internship'] as const
export type JobType = (typeof jobTypes)[number]

export const jobStatuses = ['active', 'closed'] as const
export type JobStatus = (typeof jobStatuses)[number]

/** "Posted within" filter, in days. */
export const postedWithinDays = ['1', '7', '30'] as const
export const postedWithinLabels: Record<(typeof postedWithinDays)[number], string> = {
  '1': 'Last 24 hours',
  '7': 'Last 7 days',
  '30': 'Last 30 days',
}

export const jobPageSize = 20
/** The latest jobs of the landing teaser and the community column (spec 000 §9: 3). */
export const latestJobsCount = 3
// spec 001 §8 File upload: 5 MB for the resume; spec 002: 5 MB for the logo
export const resumeMaxBytes = 5 * 1024 * 1024
export const logoMaxBytes = 5 * 1024 * 1024
export const logoCacheSeconds = 3600
export const coverLetterMaxLength = 5000

// ---------- search (GET /api/jobs) ----------

export const JobSearchQuery = z.object({
  q: z.string().trim().max(200).optional(),
  type: z.enum(jobTypes, { error: 'Please choose a job type' }).optional(),
  location: z.string().trim().max(100).optional(),
  remote: z.enum(['true']).optional(),
  posted: z.enum(postedWithinDays).optional(),
  cursor: Cursor,
})
export type JobSearchQuery = z.infer<typeof JobSearchQuery>

// ---------- views ----------

export type ApplicationStatus = (typeof applicationStatuses)[number]

/** One job as the board lists it (the web's JobCard component shows it). */
export type JobSummary = {
  id: string
  title: string
  company: string
  logoUrl: string | null
  location: string
  type: JobType
  remote: boolean
  salary: string
  postedAt: string
  /** spec 001 §9, from the viewer's own skills; 0 hides the badge */
  match: number
  saved: boolean
  /** the viewer's application to this job, if any */
  applicationStatus: ApplicationStatus | null
  /**
   * issue 19: the employer's newest WARN notice of the last 12 months (the company
   * matched case- and suffix-insensitively), or null: 'This employer filed a WARN
   * notice on {date}' (shared/layoffs/messages.ts warnNoticeFiled)
   */
  warnNotice: WarnNotice | null
}

/** The summary plus what the detail page shows (the board's cards leave the skill lists out: the match says it). */
export type JobDetail = JobSummary & {
  status: JobStatus
  technicalSkills: string[]
  softSkills: string[]
  description: string
  requirements: string[]
  responsibilities: string[]
  benefits: string[]
}

/**
 * A text search ranks the newest `searchRankWindow` matches, best first
 * (docs/decisions/009); `truncated` says more jobs matched than were ranked.
 */
/** The live 'jobs' topic (GET /api/live): some job was added, edited, closed, reopened or deleted. */
export type JobsChangedEvent = { type: 'jobs.changed'; data: { jobId: string } }

export type JobSearchPage = { jobs: JobSummary[]; nextCursor: string | null; truncated: boolean }

/** What every member sees of a job on the board: its summary without the marks read apart. */
export type JobCard = Omit<JobSummary, JobMarkField>
type JobMarkField = 'match' | 'saved' | 'applicationStatus' | 'warnNotice'
/**
 * What is read apart from the shared cards for one card: the viewer's own marks and
 * the employer's WARN notice, each left out when it is its default (match 0, not
 * saved, no application, no notice), so a page's marks are a few hundred bytes.
 */
export type JobCardMarks = Partial<Pick<JobSummary, JobMarkField>>

/**
 * GET /api/jobs as it travels: the cards every member shares (built and compressed
 * once per cached page, docs/decisions/034), then `viewer`,
 * the marks of each card in the same order. The web joins them back into a
 * JobSearchPage (board-answer.ts).
 */
export type JobBoardAnswer = {
  jobs: JobCard[]
  nextCursor: string | null
  truncated: boolean
  viewer: JobCardMarks[]
}
export const searchRankWindow = 200

/** What visitors may see of the newest jobs (landing teaser, community column). */
export type JobTeaser = Pick<JobSummary, 'id' | 'title' | 'company' | 'logoUrl' | 'location' | 'type' | 'postedAt'>

export type SavedJob = {
  jobId: string
  savedAt: string
  status: 'saved'
  notes: string | null
  job: Pick<JobSummary, 'id' | 'title' | 'company' | 'logoUrl' | 'location' | 'type' | 'salary'> & { active: boolean }
}

export type SavedCounts = { jobs: number; courses: number }

export type MyApplication = {
  id: string
  jobId: string | null
  jobTitle: string
  company: string
  status: ApplicationStatus
  submittedAt: string
  updatedAt: string
  resumeUrl: string
  resumeFileName: string
}

export type AdminApplication = MyApplication & {
  userId: string
  firstName: string
  lastName: string
  email: string
  phone: string
  coverLetter: string
}

export type AdminJob = Omit<JobDetail, 'match' | 'saved' | 'applicationStatus' | 'warnNotice'> & {
  contactEmail: string | null
  applicationCount: number
  createdAt: string
  updatedAt: string
}

/** One page of the admin table; `total` counts every job the search matches. */
export type AdminJobList = { jobs: AdminJob[]; total: number; nextCursor: string | null }

/** One page of a job's applications for admins, newest first (issue 23 §5: a job may draw thousands). */
export type AdminApplicationPage = { applications: AdminApplication[]; nextCursor: string | null }

// ---------- application (POST /api/jobs/:jobId/applications, multipart) ----------

const required = (max: number, tooLong?: string) => requiredText(jobMessages.allFieldsRequired, max, tooLong)

/** The text fields of the application modal; the resume file is checked apart (by its bytes). */
export const ApplicationInput = z.object({
  firstName: required(100),
  lastName: required(100),
  email: email(jobMessages.invalidEmail, jobMessages.allFieldsRequired),
  phone: requiredPhone(jobMessages.allFieldsRequired, jobMessages.invalidPhone, 30),
  coverLetter: required(coverLetterMaxLength, jobMessages.coverLetterTooLong),
})
export type ApplicationInput = z.infer<typeof ApplicationInput>

/** The resume's extensions the modal accepts (checked again by content on the server). */
export const resumeAccept = '.pdf,.doc,.docx'

/**
 * spec 001 §8 File upload: any character other than letters, digits, hyphen,
 * parentheses, brackets and space becomes an underscore (the dot of the extension stays).
 */
export function sanitizeFileName(name: string): string {
  const dot = name.lastIndexOf('.')
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : [name, '']
  const clean = (part: string) => part.replace(/[^A-Za-z0-9\-()[\] ]/g, '_')
  const safeStem = clean(stem).slice(0, 120) || 'resume'
  return extension ? `${safeStem}.${clean(extension).slice(0, 10)}` : safeStem
}

// ---------- application statuses ----------

// issue 5: submitted -> reviewed -> interviewing -> offered, or rejected at any open stage
export const applicationStatuses = ['submitted', 'reviewed', 'interviewing', 'offered', 'rejected'] as const
export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  reviewed: 'Reviewed',
  interviewing: 'Interviewing',
  offered: 'Offered',
  rejected: 'Not selected',
}

/** Where an application may move next: any later stage, or rejected, until it is offered or rejected. */
export function nextApplicationStatuses(status: ApplicationStatus): ApplicationStatus[] {
  if (status === 'offered' || status === 'rejected') return []
  const order: ApplicationStatus[] = ['submitted', 'reviewed', 'interviewing', 'offered']
  return [...order.slice(order.indexOf(status) + 1), 'rejected']
}

export const ApplicationStatusInput = z.object({
  status: z.enum(applicationStatuses, { error: jobMessages.invalidStatusMove }),
})
export type ApplicationStatusInput = z.infer<typeof ApplicationStatusInput>

// ---------- admin job form (spec 002 §5) ----------

const requiredJobField = (max: number) => requiredText(jobMessages.requiredFields, max)
// one item per line in the form; blank lines dropped
const ItemList = z
  .array(z.string().trim().max(500, 'Each item can be at most 500 characters.'))
  .max(30, 'At most 30 items per list.')
  .transform((items) => items.filter(Boolean))

export const JobInput = z.object({
  title: requiredJobField(150),
  company: requiredJobField(150),
  location: requiredJobField(150),
  salary: requiredJobField(100),
  type: z.enum(jobTypes, { error: jobMessages.invalidType }),
  remote: z.boolean().default(false),
  // optional: a new job is active, an edit without it keeps the job's status
  status: z.enum(jobStatuses).optional(),
  description: requiredText(jobMessages.descriptionRequired, 20_000),
  technicalSkills: z.array(z.enum(technicalSkillOptions, { error: jobMessages.unknownSkill })).default([]),
  softSkills: z.array(z.enum(softSkillOptions, { error: jobMessages.unknownSkill })).default([]),
  requirements: ItemList.default([]),
  responsibilities: ItemList.default([]),
  benefits: ItemList.default([]),
  // where applications are mailed; the admins when empty (issue 5)
  contactEmail: optionalEmail(jobMessages.invalidContactEmail),
})
export type JobInput = z.input<typeof JobInput>
export type JobInputParsed = z.output<typeof JobInput>

export const JobStatusInput = z.object({ status: z.enum(jobStatuses) })
export type JobStatusInput = z.infer<typeof JobStatusInput>

export const AdminJobQuery = z.object({
  q: z.string().trim().max(200).optional(),
  cursor: Cursor,
})
export type AdminJobQuery = z.infer<typeof AdminJobQuery>
/** Admin table: rows per page, newest created first. */
export const adminJobPageSize = 50

export const JobApplicationsQuery = PageQuery
export type JobApplicationsQuery = PageQuery
/** A job's applications in the admin dialog: cards per page, newest first. */
export const jobApplicationsPageSize = 20
