import { z } from 'zod'
import { Cursor, requiredText } from '#shared/common/fields.ts'
import {
  affiliateUrlMaxLength,
  browseDurationIds,
  categoryDescriptionMaxLength,
  categoryNameMaxLength,
  contentStatuses,
  courseDescriptionMaxLength,
  courseLevels,
  courseMaxDurationHours,
  courseMaxPriceCents,
  courseProviderMaxLength,
  courseSalaryRangeMaxLength,
  courseSkillMaxLength,
  courseSkillsMax,
  courseTitleMaxLength,
  defaultPassMark,
  lessonContentMaxLength,
  lessonMaxDurationMinutes,
  lessonsPerModuleMax,
  lessonTitleMaxLength,
  lessonTypes,
  marketplaceDurationIds,
  moduleDescriptionMaxLength,
  modulesPerCourseMax,
  moduleTitleMaxLength,
  quizChoiceMaxLength,
  quizChoicesMax,
  quizChoicesMin,
  quizPromptMaxLength,
  quizQuestionsMax,
  searchMaxLength,
  type ContentStatus,
  type CourseLevel,
  type LessonType,
} from './constants.ts'
import { categoryMessages, courseMessages, moduleMessages, progressMessages } from './messages.ts'

// Courses (issue 15): the inputs the API validates and the forms share, and the
// views the API answers. Member views never carry a quiz's right answers, a
// draft, or a deleted course (docs/decisions/024).

// ---------- member lists: GET /api/courses, GET /api/courses/marketplace ----------

const listFilters = {
  // spec 001 §5: a case-insensitive substring of title or description
  q: z.string().trim().max(searchMaxLength).optional(),
  level: z.enum(courseLevels, { error: courseMessages.invalidLevel }).optional(),
  category: z.uuid({ error: courseMessages.invalidCategory }).optional(),
  cursor: Cursor,
}

export const CourseBrowseQuery = z.object({
  ...listFilters,
  duration: z.enum(browseDurationIds, { error: courseMessages.invalidDuration }).optional(),
})
export type CourseBrowseQuery = z.infer<typeof CourseBrowseQuery>

export const CourseMarketplaceQuery = z.object({
  ...listFilters,
  duration: z.enum(marketplaceDurationIds, { error: courseMessages.invalidDuration }).optional(),
})
export type CourseMarketplaceQuery = z.infer<typeof CourseMarketplaceQuery>

// ---------- progress: PUT /api/courses/lessons/:lessonId/progress ----------

/**
 * A video reports how far it has been watched (`watchedFraction`, 0-1; it
 * completes at 0.9 when the video is ours); a reading or assignment lesson, or a
 * video that is not ours, is marked complete with `complete: true`.
 */
export const LessonProgressInput = z
  .object({
    watchedFraction: z.number({ error: progressMessages.invalidFraction }).min(0).max(1).optional(),
    complete: z.literal(true).optional(),
  })
  .refine((input) => input.watchedFraction !== undefined || input.complete !== undefined, {
    error: progressMessages.nothingToRecord,
  })
export type LessonProgressInput = z.infer<typeof LessonProgressInput>

// ---------- quiz: POST /api/courses/lessons/:lessonId/quiz-attempts ----------

/** The member's answers: question id -> index of the chosen choice. */
export const QuizAttemptInput = z.object({
  answers: z.record(
    z.uuid({ error: progressMessages.unknownQuestion }),
    z
      .number({ error: progressMessages.invalidChoice })
      .int()
      .min(0)
      .max(quizChoicesMax - 1),
  ),
})
export type QuizAttemptInput = z.infer<typeof QuizAttemptInput>

// ---------- member views ----------

export type CategoryView = { id: string; name: string; description: string; updatedAt: string }

/**
 * The marketplace listing (spec 001 §3): prices in cents. `salePriceCents` and
 * `saleEndsAt` are set only while the sale runs (a sale ended at `sale_ends_at`
 * is not sent); the page then shows `priceCents` struck through.
 */
export type CoursePrice = { priceCents: number; salePriceCents: number | null; saleEndsAt: string | null }

/** One course as the browse and marketplace lists show it. */
export type CourseCard = {
  id: string
  title: string
  description: string
  imageUrl: string | null
  provider: string
  level: CourseLevel
  durationHours: number
  skills: string[]
  category: { id: string; name: string } | null
  salaryRange: string
  hasCertification: boolean
  isFeatured: boolean
  price: CoursePrice
  createdAt: string
  /** the viewer saved it */
  saved: boolean
}

export type CoursePage = { courses: CourseCard[]; nextCursor: string | null }

/**
 * The live 'courses' topic (GET /api/live): an admin changed what course lists
 * show (a course, its image, a category, a delete or restore); `courseId` is null
 * when the change touched many.
 */
export type CoursesChangedEvent = { type: 'courses.changed'; data: { courseId: string | null } }

/** Where a member stands in a lesson. */
export type LessonProgress = { completed: boolean; completedAt: string | null; watchedFraction: number }

/** Completed of published lessons, and the share in whole per cent. */
export type ProgressCount = { completedLessons: number; totalLessons: number; percent: number }

export type CourseProgress = ProgressCount & {
  /** when the member completed the course's last published lesson (recorded once) */
  completedAt: string | null
}

/** A quiz question as a member sees it: never which choice is right. */
export type QuizQuestionView = { id: string; prompt: string; choices: string[] }

export type QuizSummary = {
  passMark: number
  questions: QuizQuestionView[]
  attempts: number
  bestScore: number | null
  passed: boolean
}

export type LessonView = {
  id: string
  title: string
  type: LessonType
  durationMinutes: number
  position: number
  /**
   * The lesson's Markdown as HTML, rendered and sanitised on the server
   * (src/server/platform/markdown.ts), safe to put in the page as it is; '' for a quiz
   */
  contentHtml: string
  /** GET /api/courses/lessons/:lessonId/video when the video is ours; null otherwise */
  videoUrl: string | null
  /** quiz lessons only */
  quiz: QuizSummary | null
  progress: LessonProgress
}

export type ModuleView = {
  id: string
  title: string
  description: string
  durationMinutes: number
  position: number
  lessons: LessonView[]
  progress: ProgressCount
}

/** The course page (/courses/{id}): published modules and lessons in order, with the viewer's progress. */
export type CourseDetail = CourseCard & {
  /** 'Enrol' is offered (POST /api/courses/:courseId/enrol answers the address) */
  hasAffiliateLink: boolean
  updatedAt: string
  modules: ModuleView[]
  progress: CourseProgress
}

/** What POST /api/courses/:courseId/enrol answers: the provider's page, to open. */
export type EnrolAnswer = { url: string }

/** What recording progress answers: the lesson, its module and its course, rolled up. */
export type ProgressAnswer = {
  lessonId: string
  lesson: LessonProgress
  module: ProgressCount & { id: string }
  course: CourseProgress & { id: string }
}

/** What a quiz attempt answers: the score, never which answers were right. */
export type QuizAttemptAnswer = ProgressAnswer & {
  attemptId: string
  score: number
  passed: boolean
  passMark: number
  correctCount: number
  questionCount: number
  attempts: number
}

/**
 * A saved course on /saved and /saved/courses (opens /courses/{id}). Only
 * published, live courses are listed and counted: one unpublished or deleted
 * since it was saved drops out (and comes back if it is published again).
 */
export type SavedCourse = {
  courseId: string
  savedAt: string
  notes: string | null
  course: Pick<CourseCard, 'id' | 'title' | 'imageUrl' | 'provider' | 'level' | 'durationHours' | 'price'>
  progress: CourseProgress
}

/**
 * GET /api/courses/progress: where the member stands in each course they started
 * (any lesson watched or completed), for the percentages on the lists' cards.
 */
export type StartedCourses = { courses: Array<{ courseId: string; progress: CourseProgress }> }

/** What visitors and the community column see of the newest courses. */
export type CourseTeaser = Pick<
  CourseCard,
  'id' | 'title' | 'imageUrl' | 'provider' | 'level' | 'durationHours' | 'price'
>

// ---------- admin: categories (spec 002 §5 Category form) ----------

export const CategoryInput = z.object({
  name: requiredText(categoryMessages.nameRequired, categoryNameMaxLength),
  description: requiredText(categoryMessages.descriptionRequired, categoryDescriptionMaxLength),
})
export type CategoryInput = z.infer<typeof CategoryInput>

// ---------- admin: course form (spec 002 §5 Course service and form) ----------

/** Blank, or an http(s) address (spec 002 §5); blank is stored as none. */
const AffiliateUrl = z
  .string({ error: courseMessages.invalidAffiliateUrl })
  .trim()
  .max(affiliateUrlMaxLength, { error: courseMessages.invalidAffiliateUrl })
  .refine((value) => value === '' || isHttpAddress(value), { error: courseMessages.invalidAffiliateUrl })
  .transform((value) => (value === '' ? null : value))

function isHttpAddress(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

const Cents = z
  .number({ error: courseMessages.invalidPrice })
  .int({ error: courseMessages.invalidPrice })
  .min(0, { error: courseMessages.invalidPrice })
  .max(courseMaxPriceCents, { error: courseMessages.invalidPrice })

/**
 * The course form's fields, without the cross-field rules (`CourseInput` adds
 * them); pick or extend this one. The image is uploaded first and its storage key
 * sent here. Required-field messages: the service joins them by commas (spec 002 §5).
 */
export const CourseFields = z.object({
  title: requiredText(courseMessages.titleRequired, courseTitleMaxLength),
  description: requiredText(courseMessages.descriptionRequired, courseDescriptionMaxLength),
  imageKey: requiredText(courseMessages.imageRequired, 300),
  durationHours: z.coerce
    .number({ error: courseMessages.durationRequired })
    .positive({ error: courseMessages.durationRequired })
    .max(courseMaxDurationHours, { error: courseMessages.durationRequired }),
  provider: requiredText(courseMessages.providerRequired, courseProviderMaxLength),
  categoryId: z.uuid({ error: courseMessages.categoryRequired }),
  salaryRange: requiredText(courseMessages.salaryRangeRequired, courseSalaryRangeMaxLength),
  level: z.enum(courseLevels, { error: courseMessages.invalidLevel }).default('Beginner'),
  skills: z
    .array(z.string().trim().min(1).max(courseSkillMaxLength))
    .max(courseSkillsMax, { error: courseMessages.tooManySkills })
    .default([]),
  hasCertification: z.boolean().default(false),
  isPublished: z.boolean().default(false),
  isFeatured: z.boolean().default(false),
  affiliateUrl: AffiliateUrl.default(''),
  // the marketplace listing (spec 002 §3, §9: a new course's price is 0)
  priceCents: Cents.default(0),
  salePriceCents: Cents.nullable().default(null),
  saleEndsAt: z.iso.datetime({ offset: true }).nullable().default(null),
})

export const CourseInput = CourseFields.superRefine((course, issues) => {
  if (course.salePriceCents !== null && course.salePriceCents >= course.priceCents) {
    issues.addIssue({ code: 'custom', path: ['salePriceCents'], message: courseMessages.invalidSalePrice })
  }
  if (course.saleEndsAt !== null && course.salePriceCents === null) {
    issues.addIssue({ code: 'custom', path: ['saleEndsAt'], message: courseMessages.saleEndWithoutPrice })
  }
})
export type CourseInput = z.input<typeof CourseInput>
export type CourseInputParsed = z.output<typeof CourseInput>

/** spec 002 §5: the required-field messages of a refused course, joined by commas. */
export function joinCourseMessages(messages: readonly string[]): string {
  return [...new Set(messages)].join(', ')
}

// ---------- admin: modules and lessons (spec 002 §5 Module form, Lesson form) ----------

const Position = z
  .number({ error: moduleMessages.invalidPosition })
  .int({ error: moduleMessages.invalidPosition })
  .min(1, { error: moduleMessages.invalidPosition })
const Status = z.enum(contentStatuses, { error: moduleMessages.invalidStatus }).default('draft')

/** One quiz question; `id` is sent back for a question that exists (kept stable). */
export const QuizQuestionInput = z
  .object({
    id: z.uuid().optional(),
    prompt: requiredText(moduleMessages.questionPromptRequired, quizPromptMaxLength),
    choices: z
      .array(requiredText(moduleMessages.choiceRequired, quizChoiceMaxLength))
      .min(quizChoicesMin, { error: moduleMessages.choicesRequired })
      .max(quizChoicesMax, { error: moduleMessages.tooManyChoices }),
    correctChoice: z.number({ error: moduleMessages.correctChoiceInvalid }).int().min(0),
  })
  .refine((question) => question.correctChoice < question.choices.length, {
    path: ['correctChoice'],
    error: moduleMessages.correctChoiceInvalid,
  })
export type QuizQuestionInput = z.input<typeof QuizQuestionInput>

/**
 * One lesson; `id` is sent back for a lesson that exists, so the save updates it
 * in place (members' progress hangs on lesson ids). `videoKey` is the storage key
 * an upload answered.
 */
export const LessonInput = z
  .object({
    id: z.uuid().optional(),
    title: requiredText(moduleMessages.lessonTitleRequired, lessonTitleMaxLength),
    type: z.enum(lessonTypes, { error: moduleMessages.invalidLessonType }).default('video'),
    durationMinutes: z.coerce
      .number({ error: moduleMessages.lessonDurationRequired })
      .int({ error: moduleMessages.lessonDurationRequired })
      .min(0, { error: moduleMessages.lessonDurationRequired })
      .max(lessonMaxDurationMinutes, { error: moduleMessages.lessonDurationRequired }),
    content: z.string().max(lessonContentMaxLength).default(''),
    videoKey: z.string().trim().min(1).max(300).nullable().default(null),
    position: Position.optional(),
    status: Status,
    passMark: z
      .number({ error: moduleMessages.invalidPassMark })
      .int({ error: moduleMessages.invalidPassMark })
      .min(0, { error: moduleMessages.invalidPassMark })
      .max(100, { error: moduleMessages.invalidPassMark })
      .default(defaultPassMark),
    questions: z.array(QuizQuestionInput).max(quizQuestionsMax).default([]),
  })
  .superRefine((lesson, issues) => {
    if (lesson.type === 'reading' && lesson.content.trim() === '') {
      issues.addIssue({ code: 'custom', path: ['content'], message: moduleMessages.readingContentRequired })
    }
    if (lesson.type === 'quiz' && lesson.questions.length === 0) {
      issues.addIssue({ code: 'custom', path: ['questions'], message: moduleMessages.quizNeedsQuestions })
    }
  })
export type LessonInput = z.input<typeof LessonInput>
export type LessonInputParsed = z.output<typeof LessonInput>

/** One module with its lessons in order; `id` as for lessons. */
export const ModuleInput = z.object({
  id: z.uuid().optional(),
  title: requiredText(moduleMessages.moduleTitleRequired, moduleTitleMaxLength),
  description: z.string().trim().max(moduleDescriptionMaxLength).default(''),
  durationMinutes: z.coerce
    .number({ error: moduleMessages.moduleDurationRequired })
    .int({ error: moduleMessages.moduleDurationRequired })
    .min(0, { error: moduleMessages.moduleDurationRequired })
    .max(lessonMaxDurationMinutes, { error: moduleMessages.moduleDurationRequired }),
  position: Position.optional(),
  status: Status,
  lessons: z.array(LessonInput).max(lessonsPerModuleMax).default([]),
})
export type ModuleInput = z.input<typeof ModuleInput>
export type ModuleInputParsed = z.output<typeof ModuleInput>

/**
 * The whole structure, saved at once (spec 002 §4: after each add or edit the
 * structure is saved), in array order (positions are renumbered 1..n). Ids not
 * sent back are removed; ids sent are updated in place.
 */
export const CourseModulesInput = z.object({
  modules: z.array(ModuleInput).max(modulesPerCourseMax),
})
export type CourseModulesInput = z.input<typeof CourseModulesInput>
export type CourseModulesInputParsed = z.output<typeof CourseModulesInput>

// ---------- admin views (what the admin pages read; right answers included) ----------

export type AdminCourse = Omit<CourseCard, 'saved' | 'price'> & {
  categoryId: string | null
  imageKey: string | null
  isPublished: boolean
  affiliateUrl: string | null
  priceCents: number
  salePriceCents: number | null
  saleEndsAt: string | null
  enrolClicks: number
  deletedAt: string | null
  updatedAt: string
}

export type AdminQuizQuestion = {
  id: string
  position: number
  prompt: string
  choices: string[]
  correctChoice: number
}

export type AdminLesson = {
  id: string
  title: string
  type: LessonType
  durationMinutes: number
  /** the Markdown as written (the form edits it) */
  content: string
  /** that Markdown as members see it: rendered and sanitised on the server ('' for a quiz) */
  contentHtml: string
  videoKey: string | null
  /** the admin's preview of the video (the member route, which lets admins see drafts) */
  videoUrl: string | null
  position: number
  status: ContentStatus
  version: number
  passMark: number
  questions: AdminQuizQuestion[]
  /** members with progress in it: deleting the lesson deletes their progress (the delete dialog says so) */
  membersWithProgress: number
}

export type AdminModule = {
  id: string
  title: string
  description: string
  durationMinutes: number
  position: number
  status: ContentStatus
  version: number
  lessons: AdminLesson[]
  /** members with progress in any of its lessons */
  membersWithProgress: number
}

/** GET /api/admin/courses/:courseId: the course with every module and lesson, drafts and right answers included. */
export type AdminCourseDetail = AdminCourse & { modules: AdminModule[] }

// ---------- admin: the course table, soft delete and its undo ----------

/** GET /api/admin/courses: every course, drafts included; `deleted=true` is the 'Deleted courses' view. */
export const AdminCourseQuery = z.object({
  q: z.string().trim().max(searchMaxLength).optional(),
  deleted: z.enum(['true', 'false']).optional(),
  cursor: Cursor,
})
export type AdminCourseQuery = z.infer<typeof AdminCourseQuery>

/**
 * A page of the admin's table: live courses newest created first, deleted ones
 * newest deleted first (a 'Delete All' stays together). `total` matches the
 * search; `counts` are the whole catalogue's (the Delete All confirmation names
 * `counts.live`).
 */
export type AdminCourseList = {
  courses: AdminCourse[]
  total: number
  counts: { live: number; deleted: number }
  nextCursor: string | null
}

/** A category in the admin's table, with the courses that use it (a category in use is not deleted). */
export type AdminCategory = CategoryView & { courseCount: number; deletedCourseCount: number }

/**
 * What POST /api/admin/courses/delete-all answers: how many courses it deleted and
 * the one time stamped on all of them (null when there were none), which
 * POST /api/admin/courses/restore-batch takes back to undo it.
 */
export type DeleteAllAnswer = { deleted: number; deletedAt: string | null }

/** Undo of 'Delete All': restores exactly the courses deleted at `deletedAt`. */
export const RestoreBatchInput = z.object({
  deletedAt: z.iso.datetime({ offset: true, error: courseMessages.nothingToRestore }),
})
export type RestoreBatchInput = z.infer<typeof RestoreBatchInput>
export type RestoreAnswer = { restored: number }

/** POST /api/admin/courses/images: an image stored for the course form, whose key the form then sends. */
export type CourseImageAnswer = { imageKey: string }

// ---------- admin: one module or lesson at a time ----------

/**
 * The version the form was read at, sent back with an edit: a module or lesson
 * changed meanwhile (its version grew) refuses the edit (409, `staleVersion`).
 * Left out, the edit applies whatever the version.
 */
const Version = z.number().int().min(1).optional()

/** Adding or editing one module: its own fields (its lessons are edited one at a time). */
export const ModuleEdit = ModuleInput.omit({ id: true, lessons: true }).extend({ version: Version })
export type ModuleEdit = z.input<typeof ModuleEdit>
export type ModuleEditParsed = z.output<typeof ModuleEdit>

/**
 * Adding or editing one lesson, its quiz questions with it. `id` and `videoKey`
 * are not read: the lesson is the one in the path, its video is set through its
 * own upload route.
 */
export const LessonEdit = LessonInput.extend({ version: Version })
export type LessonEdit = z.input<typeof LessonEdit>
export type LessonEditParsed = z.output<typeof LessonEdit>

/** A new order: every module of the course (or lesson of the module) exactly once. */
export const ContentOrderInput = z.object({
  ids: z
    .array(z.uuid({ error: moduleMessages.staleVersion }))
    .min(1, { error: moduleMessages.staleVersion })
    .max(Math.max(modulesPerCourseMax, lessonsPerModuleMax), { error: moduleMessages.staleVersion }),
})
export type ContentOrderInput = z.infer<typeof ContentOrderInput>
