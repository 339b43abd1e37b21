import { withTransaction, type Db } from '#server/db/client.ts'
import { mailAdmins, oneLine } from '#server/platform/admin-mail.ts'
import { AppError, sqlState } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { actsAsAdmin, requireAccess, requireAdmin, requireUser, requireVerified } from '#server/platform/guards.ts'
import { queueMail, type QueuedMail } from '#server/platform/mail-queue.ts'
import { forgetMember } from '#server/platform/member-cache.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import { detectFileType, type DetectedFile, type StoredObject } from '#server/platform/storage.ts'
import { storeThenRecord } from '#server/platform/uploads.ts'
import { fieldErrors } from '#server/platform/validation.ts'
import { findJobRow, findJobStatus } from '#server/modules/jobs/queries.ts'
import {
  ApplicationInput,
  applicationStatusLabels,
  jobApplicationsPageSize,
  jobMessages,
  nextApplicationStatuses,
  resumeMaxBytes,
  sanitizeFileName,
  type AdminApplication,
  type AdminApplicationPage,
  type ApplicationStatus,
  type JobApplicationsQuery,
  type MyApplication,
} from '#shared/jobs/schemas.ts'
import * as queries from './queries.ts'
import { pathTo } from '#shared/pages.ts'

// Applications to the private job board (issue 5; spec 001 §2 application modal,
// §8 messages and file upload). Every mail is queued with its row (decision 021).

const resumeUrl = (applicationId: string) => `/api/applications/${applicationId}/resume`

function toMyApplication(row: queries.ApplicationRow): MyApplication {
  return {
    id: row.id,
    jobId: row.jobId,
    jobTitle: row.jobTitle,
    company: row.company,
    status: row.status as ApplicationStatus,
    submittedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    resumeUrl: resumeUrl(row.id),
    resumeFileName: row.resumeFileName,
  }
}

function toAdminApplication(row: queries.ApplicationRow): AdminApplication {
  return {
    ...toMyApplication(row),
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    coverLetter: row.coverLetter,
  }
}

function resumeRefused(message: string): AppError {
  return new AppError('VALIDATION', message, { resume: message })
}

/**
 * What the resume is stored as. file-type names a legacy .doc only by its
 * container (an OLE compound file), so it is stored and named as Word's .doc.
 */
function resumeFormat(detected: DetectedFile): { extension: string; contentType: string } {
  if (detected.mime === 'application/x-cfb') return { extension: 'doc', contentType: 'application/msword' }
  return { extension: detected.extension, contentType: detected.mime }
}

/** The applicant's own file name (spec 001 §8 File upload), with the extension its bytes prove. */
function resumeFileNameOf(name: string, extension: string): string {
  const dot = name.lastIndexOf('.')
  const stem = dot > 0 ? name.slice(0, dot) : name
  return sanitizeFileName(`${stem || 'resume'}.${extension}`)
}

/**
 * The mails of a new application, queued in its transaction (decision 021): to the
 * job's contact (with the resume) or to the admins, and the applicant's receipt.
 */
async function queueApplicationMails(
  ctx: Ctx,
  tx: Db,
  application: { row: queries.ApplicationRow; input: ApplicationInput; resumeType: string },
  job: { id: string; title: string; company: string; contactEmail: string | null },
): Promise<void> {
  const { row, input, resumeType } = application
  const { config } = ctx.deps
  const name = oneLine(`${input.firstName} ${input.lastName}`)
  const position = `${oneLine(job.title)} at ${oneLine(job.company)}`
  const teamMail = (resumeLine: string): Omit<QueuedMail, 'to'> => ({
    subject: `New application: ${name} for ${position}`,
    // answering the mail answers the applicant
    replyTo: { name, address: input.email },
    text: [
      `${name} applied for ${position}.`,
      '',
      `Name: ${input.firstName} ${input.lastName}`,
      `E-mail: ${input.email}`,
      `Phone: ${input.phone}`,
      resumeLine,
      '',
      'Cover letter:',
      input.coverLetter,
    ].join('\n'),
  })
  // The admins download the resume through their session. A job's own contact may
  // have no account here, so the resume travels with their mail (never as a public link).
  if (job.contactEmail) {
    await queueMail(
      ctx.deps,
      {
        to: job.contactEmail,
        ...teamMail(`Resume: ${row.resumeFileName} (attached)`),
        attachments: [{ filename: row.resumeFileName, contentType: resumeType, storageKey: row.resumeKey }],
      },
      { tx },
    )
  } else {
    await mailAdmins(
      ctx,
      tx,
      teamMail(
        `Resume: ${row.resumeFileName}, download it signed in as an admin: ${config.baseUrl}${resumeUrl(row.id)}`,
      ),
      { applicationId: row.id, jobId: job.id },
    )
  }
  await queueMail(
    ctx.deps,
    {
      to: input.email,
      subject: `Application received: ${position}`,
      text: [
        `Hello ${input.firstName},`,
        '',
        `Thank you for applying for ${position}. We have received your application and your resume (${row.resumeFileName}).`,
        'We will write to you at this address when its status changes.',
        '',
        `The job: ${config.baseUrl}${pathTo('jobDetail', { jobId: job.id })}`,
        `Your applications and their status: ${config.baseUrl}${pathTo('saved')}`,
      ].join('\n'),
    },
    { tx },
  )
}

/**
 * spec 001 §2 application modal: the five fields and a PDF, DOC or DOCX resume of
 * at most 5 MB, checked by its bytes. One application per member and job.
 */
export async function applyToJob(
  ctx: Ctx,
  jobId: string,
  fields: Partial<Record<keyof ApplicationInput, string>>,
  resume: File | undefined,
): Promise<MyApplication> {
  await requireAccess(ctx, 'subscriber')
  const applicant = requireVerified(ctx) // decision 014
  const parsed = ApplicationInput.safeParse(fields)
  const resumeMissing = !resume || resume.size === 0
  if (!parsed.success) {
    // spec 001 §5: a blank field (the resume too) is told first, before what is wrong with a filled one
    const messages = parsed.error.issues.map((issue) => issue.message)
    const blank = resumeMissing || messages.includes(jobMessages.allFieldsRequired)
    const fields = { ...fieldErrors(parsed.error), ...(resumeMissing ? { resume: jobMessages.allFieldsRequired } : {}) }
    throw new AppError(
      'VALIDATION',
      blank ? jobMessages.allFieldsRequired : (messages[0] ?? jobMessages.allFieldsRequired),
      fields,
    )
  }
  const input = parsed.data
  if (resumeMissing) throw resumeRefused(jobMessages.allFieldsRequired)
  if (resume.size > resumeMaxBytes) throw resumeRefused(jobMessages.resumeTooLarge)
  const bytes = new Uint8Array(await resume.arrayBuffer())
  const detected = await detectFileType(bytes, ['document'])
  if (!detected) throw resumeRefused(jobMessages.resumeWrongType)

  const { db } = ctx.deps
  const job = await findJobRow(db, jobId)
  if (!job || job.status !== 'active') throw new AppError('NOT_FOUND', jobMessages.notFound)
  if (await queries.findOwnApplicationToJob(db, applicant.id, jobId))
    throw new AppError('CONFLICT', jobMessages.alreadyApplied)

  const format = resumeFormat(detected)
  let row: queries.ApplicationRow
  try {
    row = await storeThenRecord(
      ctx,
      { area: 'resumes', extension: format.extension, bytes, contentType: format.contentType, visibility: 'private' },
      async (resumeKey) => ({
        // the row and its mails commit together
        result: await withTransaction(db, async (tx) => {
          const inserted = await queries.insertApplication(tx, {
            jobId: job.id,
            userId: applicant.id,
            jobTitle: job.title,
            company: job.company,
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            phone: input.phone,
            coverLetter: input.coverLetter,
            resumeKey,
            resumeFileName: resumeFileNameOf(resume.name, format.extension),
          })
          await queueApplicationMails(ctx, tx, { row: inserted, input, resumeType: format.contentType }, job)
          return inserted
        }),
      }),
    )
  } catch (error) {
    // two submissions at once: the unique (job, member) constraint keeps one
    if (sqlState(error) === '23505') throw new AppError('CONFLICT', jobMessages.alreadyApplied)
    // the job was deleted while this application was being written
    if (sqlState(error) === '23503') throw new AppError('NOT_FOUND', jobMessages.notFound)
    throw error
  }
  // the board shows the application on its card
  forgetMember(ctx.deps, applicant.id)

  return toMyApplication(row)
}

/** The member's own applications, newest first. */
export async function listMyApplications(ctx: Ctx): Promise<{ applications: MyApplication[] }> {
  const viewer = requireUser(ctx)
  const rows = await queries.listOwnApplications(ctx.deps.db, viewer.id)
  return { applications: rows.map(toMyApplication) }
}

/** The resume, for its applicant or an admin; anyone else is told it does not exist. */
export async function getResume(ctx: Ctx, applicationId: string): Promise<{ object: StoredObject; fileName: string }> {
  const viewer = requireUser(ctx)
  const row = await queries.findApplication(ctx.deps.db, applicationId, actsAsAdmin(ctx) ? null : viewer.id)
  const object = row ? await ctx.deps.storage.get(row.resumeKey) : undefined
  if (!row || !object) throw new AppError('NOT_FOUND', jobMessages.applicationNotFound)
  return { object, fileName: row.resumeFileName }
}

/** Admins: the applications to one job, newest first, a page at a time (issue 23 §5). */
export async function listJobApplications(
  ctx: Ctx,
  jobId: string,
  query: JobApplicationsQuery,
): Promise<AdminApplicationPage> {
  requireAdmin(ctx)
  const { db } = ctx.deps
  const after = decodeCursor(query.cursor, 'newest')
  const [status, page] = await Promise.all([
    findJobStatus(db, jobId),
    readPage(jobApplicationsPageSize, (limit) =>
      queries.listApplicationsToJobPage(db, jobId, limit, after && { createdAt: after.at, id: after.id }),
    ),
  ])
  if (status === undefined) throw new AppError('NOT_FOUND', jobMessages.notFound)
  return { applications: page.rows.map(toAdminApplication), nextCursor: nextCursorOf(page) }
}

// What the applicant is told of each move, in plain words.
const statusNews: Record<ApplicationStatus, string> = {
  submitted: 'Your application has been received.',
  reviewed: 'The team has reviewed your application.',
  interviewing: 'The team would like to interview you and will be in touch to schedule the interview.',
  offered: 'Good news: the team would like to make you an offer and will be in touch with the details.',
  rejected: 'Thank you for your interest. The team has decided not to move forward with your application this time.',
}

/** Admins: moves an application on (see nextApplicationStatuses) and tells the applicant. */
export async function moveApplication(
  ctx: Ctx,
  applicationId: string,
  status: ApplicationStatus,
): Promise<AdminApplication> {
  requireAdmin(ctx)
  const row = await withTransaction(ctx.deps.db, async (tx) => {
    const current = await queries.lockApplication(tx, applicationId)
    if (!current) throw new AppError('NOT_FOUND', jobMessages.applicationNotFound)
    if (!nextApplicationStatuses(current.status as ApplicationStatus).includes(status)) {
      throw new AppError('VALIDATION', jobMessages.invalidStatusMove, { status: jobMessages.invalidStatusMove })
    }
    const moved = await queries.setApplicationStatus(tx, applicationId, status)
    await recordAudit(tx, ctx, {
      action: 'application.status',
      objectType: 'application',
      objectId: applicationId,
      before: { status: current.status },
      after: { status: moved.status },
    })
    // the applicant hears of the move once it commits (decision 021)
    const position = `${oneLine(moved.jobTitle)} at ${oneLine(moved.company)}`
    await queueMail(
      ctx.deps,
      {
        to: moved.email,
        subject: `Your application for ${position}: ${applicationStatusLabels[status]}`,
        text: [
          `Hello ${moved.firstName},`,
          '',
          `The status of your application for ${position} is now: ${applicationStatusLabels[status]}.`,
          statusNews[status],
          '',
          `Your applications and their status: ${ctx.deps.config.baseUrl}${pathTo('saved')}`,
        ].join('\n'),
      },
      { tx },
    )
    return moved
  })
  forgetMember(ctx.deps, row.userId)
  return toAdminApplication(row)
}
