import type { Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import { normalizePicture } from '#server/platform/pictures.ts'
import { changeListed, listCacheOf } from '#server/platform/list-cache.ts'
import { deleteStoredFile, storeThenRecord } from '#server/platform/uploads.ts'
import {
  adminJobPageSize,
  jobMessages,
  logoMaxBytes,
  type AdminJob,
  type AdminJobList,
  type AdminJobQuery,
  type JobInputParsed,
  type JobStatus,
} from '#shared/jobs/schemas.ts'
import * as queries from './queries.ts'
import { textSearchQuery } from './search.ts'
import { toAdminJob } from './views.ts'

// Job management for admins (spec 002 §2 Job management, §5 Job form): the admin
// table, the job form, closing, deleting and the company logo. Every write
// announces itself so boards and searches refresh (changeJobs), and leaves one
// audit row in its transaction (docs/decisions/023).

/** Longest side of a stored company logo, in pixels. */
const logoMaxSide = 256

/** A job write in one transaction, with its live 'jobs' event (cached boards and searches go). */
function changeJobs<T>(ctx: Ctx, jobIdOf: (result: T) => string, work: (tx: Db) => Promise<T>): Promise<T> {
  return changeListed(ctx, 'jobs', (result) => ({ type: 'jobs.changed', data: { jobId: jobIdOf(result) } }), work)
}

/**
 * What the audit log keeps of a job (docs/decisions/023): the fields the job form
 * and the admin table change. The logo is named by its storage key under `logo`.
 */
function auditedJob(row: queries.JobRow) {
  return {
    title: row.title,
    company: row.company,
    location: row.location,
    salary: row.salary,
    type: row.type,
    remote: row.remote,
    status: row.status,
    description: row.description,
    technicalSkills: row.technicalSkills,
    softSkills: row.softSkills,
    requirements: row.requirements,
    responsibilities: row.responsibilities,
    benefits: row.benefits,
    contactEmail: row.contactEmail,
    logo: row.logoKey,
  }
}

/** The job, locked for the write that follows, or NOT_FOUND. */
async function lockedJobOrNotFound(tx: Db, jobId: string): Promise<queries.JobRow> {
  const row = await queries.lockJobRow(tx, jobId)
  if (!row) throw new AppError('NOT_FOUND', jobMessages.notFound)
  return row
}

async function adminJobOrNotFound(db: Db, jobId: string): Promise<AdminJob> {
  const row = await queries.findAdminJob(db, jobId)
  if (!row) throw new AppError('NOT_FOUND', jobMessages.notFound)
  return toAdminJob(row)
}

function jobValues(input: JobInputParsed): queries.JobWrite {
  return {
    title: input.title,
    company: input.company,
    location: input.location,
    salary: input.salary,
    type: input.type,
    // a Remote job is remote whatever the checkbox said
    remote: input.type === 'Remote' || input.remote,
    ...(input.status ? { status: input.status } : {}),
    description: input.description,
    technicalSkills: [...new Set(input.technicalSkills)],
    softSkills: [...new Set(input.softSkills)],
    requirements: input.requirements,
    responsibilities: input.responsibilities,
    benefits: input.benefits,
    // applications then go to the admins (issue 5)
    contactEmail: input.contactEmail || null,
  }
}

/**
 * spec 002 §2 Job management: search by title, company or location, newest created
 * first, a page at a time. The total is counted once per search and kept in the
 * jobs list cache, which every job write clears (docs/decisions/028: counting the
 * whole table on every page cost 34-88 ms at 100,000 jobs).
 */
export async function listAdminJobs(ctx: Ctx, query: AdminJobQuery): Promise<AdminJobList> {
  requireAdmin(ctx)
  const after = decodeCursor(query.cursor, 'newest')
  // weights A (title, company) and C (location) of jobs.search, not the skills or description
  const text = textSearchQuery(query.q, 'AC')
  const { db } = ctx.deps
  const [page, total] = await Promise.all([
    readPage(adminJobPageSize, (limit) =>
      queries.listAdminJobs(db, text, limit, after && { createdAt: after.at, id: after.id }),
    ),
    listCacheOf(ctx.deps, 'jobs').remember(`admin-count:${JSON.stringify(text ?? null)}`, () =>
      queries.countAdminJobs(db, text),
    ),
  ])
  return {
    jobs: page.rows.map(({ cursorAt: _cursorAt, ...row }) => toAdminJob(row)),
    total,
    nextCursor: nextCursorOf(page),
  }
}

export async function createJob(ctx: Ctx, input: JobInputParsed): Promise<AdminJob> {
  const admin = requireAdmin(ctx)
  return changeJobs(
    ctx,
    (job) => job.id,
    async (tx) => {
      const row = await queries.insertJob(tx, { ...jobValues(input), createdBy: admin.id })
      await recordAudit(tx, ctx, { action: 'job.create', objectType: 'job', objectId: row.id, after: auditedJob(row) })
      return adminJobOrNotFound(tx, row.id)
    },
  )
}

export async function updateJob(ctx: Ctx, jobId: string, input: JobInputParsed): Promise<AdminJob> {
  requireAdmin(ctx)
  return changeJobs(
    ctx,
    () => jobId,
    async (tx) => {
      const before = await lockedJobOrNotFound(tx, jobId)
      await queries.updateJobRow(tx, jobId, jobValues(input))
      const after = (await queries.findJobRow(tx, jobId))!
      await recordAudit(tx, ctx, {
        action: 'job.update',
        objectType: 'job',
        objectId: jobId,
        before: auditedJob(before),
        after: auditedJob(after),
      })
      return adminJobOrNotFound(tx, jobId)
    },
  )
}

/** Closing hides the job from the board and stops applications; reopening shows it again. */
export async function setJobStatus(ctx: Ctx, jobId: string, status: JobStatus): Promise<AdminJob> {
  requireAdmin(ctx)
  return changeJobs(
    ctx,
    () => jobId,
    async (tx) => {
      const before = await lockedJobOrNotFound(tx, jobId)
      await queries.setJobRowStatus(tx, jobId, status)
      await recordAudit(tx, ctx, {
        action: status === 'closed' ? 'job.close' : 'job.reopen',
        objectType: 'job',
        objectId: jobId,
        before: { status: before.status },
        after: { status },
      })
      return adminJobOrNotFound(tx, jobId)
    },
  )
}

/** Saved rows go with the job; a job with applications is refused (close it instead), so they stay in reach. */
export async function deleteJob(ctx: Ctx, jobId: string): Promise<void> {
  requireAdmin(ctx)
  const deleted = await changeJobs(
    ctx,
    () => jobId,
    async (tx) => {
      const before = await lockedJobOrNotFound(tx, jobId)
      const row = await queries.deleteJobRow(tx, jobId)
      if (!row) throw new AppError('NOT_FOUND', jobMessages.notFound)
      // the applications would stay, but no admin screen could reach them or their resumes
      if (row === 'has-applications') throw new AppError('CONFLICT', jobMessages.deleteHasApplications)
      await recordAudit(tx, ctx, {
        action: 'job.delete',
        objectType: 'job',
        objectId: jobId,
        before: auditedJob(before),
      })
      return row
    },
  )
  // after the commit: a failed transaction keeps its file
  if (deleted.logoKey) await deleteStoredFile(ctx, deleted.logoKey)
}

/**
 * spec 002 §5: an image by its own bytes, at most 5 MB, re-encoded as a PNG of at
 * most 256 px (which also drops metadata and anything appended), stored public
 * under a new name; the previous logo is removed once the new one is recorded.
 */
export async function uploadJobLogo(ctx: Ctx, jobId: string, file: File | undefined): Promise<AdminJob> {
  requireAdmin(ctx)
  const png = await normalizePicture(
    file,
    {
      maxBytes: logoMaxBytes,
      maxSide: logoMaxSide,
      field: 'logo',
      messages: { tooLarge: jobMessages.logoTooLarge, notImage: jobMessages.logoNotImage },
    },
    ctx.logger,
  )
  return storeThenRecord(
    ctx,
    { area: 'job-logos', extension: 'png', bytes: png, contentType: 'image/png', visibility: 'public' },
    (key) =>
      changeJobs(
        ctx,
        () => jobId,
        async (tx) => {
          const replaced = await queries.replaceJobLogo(tx, jobId, key)
          if (!replaced) throw new AppError('NOT_FOUND', jobMessages.notFound)
          await recordAudit(tx, ctx, {
            action: 'job.logo.set',
            objectType: 'job',
            objectId: jobId,
            before: { logo: replaced.previousKey },
            after: { logo: key },
          })
          return { result: await adminJobOrNotFound(tx, jobId), replacedKey: replaced.previousKey }
        },
      ),
  )
}

export async function removeJobLogo(ctx: Ctx, jobId: string): Promise<AdminJob> {
  requireAdmin(ctx)
  const result = await changeJobs(
    ctx,
    () => jobId,
    async (tx) => {
      const replaced = await queries.replaceJobLogo(tx, jobId, null)
      if (!replaced) throw new AppError('NOT_FOUND', jobMessages.notFound)
      await recordAudit(tx, ctx, {
        action: 'job.logo.remove',
        objectType: 'job',
        objectId: jobId,
        before: { logo: replaced.previousKey },
        after: { logo: null },
      })
      return { job: await adminJobOrNotFound(tx, jobId), previousKey: replaced.previousKey }
    },
  )
  // after the commit: a failed transaction keeps its file
  if (result.previousKey) await deleteStoredFile(ctx, result.previousKey)
  return result.job
}
