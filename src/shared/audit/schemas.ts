import { z } from 'zod'
import { Cursor, emailMaxLength } from '#shared/common/fields.ts'
import { auditMessages } from './messages.ts'

// The audit log (issue 14 §3, docs/decisions/023): who did which administrative
// write to which object, when, in which request, and the fields it changed. The
// actions are declared once here, so the server's helper and the page's filter
// agree; a later area adds its own (`user.role`, `settings.update`) to this list.

export const auditActions = [
  'plan.update',
  'trends.update',
  'job.create',
  'job.update',
  'job.close',
  'job.reopen',
  'job.delete',
  'job.logo.set',
  'job.logo.remove',
  'application.status',
  'inbox.status',
  'post.delete',
  'comment.delete',
  'course.create',
  'course.update',
  'course.delete',
  'course.restore',
  'course.delete-all',
  'course.restore-batch',
  'course.image.set',
  'category.create',
  'category.update',
  'category.delete',
  'module.create',
  'module.update',
  'module.delete',
  'module.reorder',
  'lesson.create',
  'lesson.update',
  'lesson.delete',
  'lesson.reorder',
  'lesson.video.set',
  'lesson.video.remove',
  'resume.status',
  'resume.score',
  'resume.comment',
  'event.create',
  'event.update',
  'event.cancel',
  'blog_post.create',
  'blog_post.update',
  'blog_post.autosave',
  'blog_post.delete',
  'newsletter.feed',
  'layoff.import',
  'layoff.import.undo',
  'routine_content.set',
  'routine_content.reset',
  'user.create',
  'user.invite',
  'user.role',
  'user.delete',
  'user.comment',
  'user.import',
  'settings.update',
  'settings.smtp_password',
] as const
export type AuditAction = (typeof auditActions)[number]

/** What the filter and the table call each action. */
export const auditActionLabels: Record<AuditAction, string> = {
  'plan.update': 'Plan updated',
  'trends.update': 'Trends panel updated',
  'job.create': 'Job created',
  'job.update': 'Job edited',
  'job.close': 'Job closed',
  'job.reopen': 'Job reopened',
  'job.delete': 'Job deleted',
  'job.logo.set': 'Job logo set',
  'job.logo.remove': 'Job logo removed',
  'application.status': 'Application moved',
  'inbox.status': 'Inbox status changed',
  'post.delete': 'Post removed (moderation)',
  'comment.delete': 'Comment removed (moderation)',
  'course.create': 'Course created',
  'course.update': 'Course edited',
  'course.delete': 'Course deleted',
  'course.restore': 'Course restored',
  'course.delete-all': 'All courses deleted',
  'course.restore-batch': 'Deleted courses restored',
  'course.image.set': 'Course image set',
  'category.create': 'Course category created',
  'category.update': 'Course category edited',
  'category.delete': 'Course category deleted',
  'module.create': 'Module added',
  'module.update': 'Module edited',
  'module.delete': 'Module deleted',
  'module.reorder': 'Modules reordered',
  'lesson.create': 'Lesson added',
  'lesson.update': 'Lesson edited',
  'lesson.delete': 'Lesson deleted',
  'lesson.reorder': 'Lessons reordered',
  'lesson.video.set': 'Lesson video set',
  'lesson.video.remove': 'Lesson video removed',
  'resume.status': 'Resume review opened',
  'resume.score': 'Resume scored',
  'resume.comment': 'Resume review comment by a coach',
  'event.create': 'Event created',
  'event.update': 'Event updated',
  'event.cancel': 'Event cancelled',
  'blog_post.create': 'Blog post created',
  'blog_post.update': 'Blog post updated',
  'blog_post.autosave': 'Blog draft saved automatically',
  'blog_post.delete': 'Blog post deleted',
  'newsletter.feed': 'Newsletter feed address changed',
  'layoff.import': 'Layoff records imported',
  'layoff.import.undo': 'Layoff import undone',
  'routine_content.set': 'Daily routine content set',
  'routine_content.reset': 'Daily routine content reset to the built-in rotation',
  'user.create': 'User added (invitation sent)',
  'user.invite': 'Invitation sent again',
  'user.role': 'Admin status changed',
  'user.delete': 'User deleted',
  'user.comment': 'Comment on a user',
  'user.import': 'Users imported from CSV',
  'settings.update': 'Platform settings changed',
  // the password itself is never recorded (issue 22)
  'settings.smtp_password': 'SMTP password changed',
}

/** The kinds of object an action names. */
export const auditObjectTypes = [
  'plan',
  'settings',
  'job',
  'application',
  'contact_submission',
  'business_request',
  'post',
  'comment',
  'course',
  'course_category',
  'course_module',
  'lesson',
  'resume_review',
  'event',
  'blog_post',
  'layoff_import',
  'routine_content',
  'user',
  'user_import',
] as const
export type AuditObjectType = (typeof auditObjectTypes)[number]

export const auditObjectLabels: Record<AuditObjectType, string> = {
  plan: 'Plan',
  settings: 'Settings',
  job: 'Job',
  application: 'Application',
  contact_submission: 'Contact message',
  business_request: 'Business request',
  post: 'Post',
  comment: 'Comment',
  course: 'Course',
  course_category: 'Course category',
  course_module: 'Module',
  lesson: 'Lesson',
  resume_review: 'Resume review',
  event: 'Event',
  blog_post: 'Blog post',
  layoff_import: 'Layoff import',
  routine_content: 'Daily routine content',
  user: 'User',
  user_import: 'User import',
}

/** One page of the log. */
export const auditPageSize = 50

/** A calendar day, YYYY-MM-DD, read in UTC. */
const day = (message: string) => z.iso.date({ error: message }).optional()

/**
 * GET /api/admin/audit: newest first, filtered by action, by part of the actor's
 * e-mail and by days (inclusive, UTC), a page at a time.
 */
export const AuditQuery = z
  .object({
    action: z.enum(auditActions, { error: auditMessages.unknownAction }).optional(),
    actor: z.string().trim().max(emailMaxLength, { error: auditMessages.actorTooLong }).optional(),
    from: day(auditMessages.invalidFrom),
    to: day(auditMessages.invalidTo),
    cursor: Cursor,
  })
  // ISO days compare as text
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: auditMessages.datesOutOfOrder,
    path: ['from'],
  })
export type AuditQuery = z.input<typeof AuditQuery>

/** A value as the log stored it (JSON). */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue }

/**
 * One changed field: its value before and after the write (null for none: a created
 * or deleted object), each a JSON value as stored (an `AuditValue`; typed unknown so
 * that the typed client's reading of JSON is one too).
 */
export type AuditFieldChange = { field: string; before: unknown; after: unknown }

export type AuditEntry = {
  id: string
  createdAt: string
  /** who, as they were at the time (null for a write no person made) */
  actor: { id: string | null; email: string | null }
  action: AuditAction
  objectType: AuditObjectType
  objectId: string
  changes: AuditFieldChange[]
  requestId: string | null
}

export type AuditPage = { entries: AuditEntry[]; nextCursor: string | null }
