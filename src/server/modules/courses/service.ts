import { AppError } from '#server/platform/app-error.ts'
import type { Ctx, Deps } from '#server/platform/context.ts'
import { actsAsAdmin, requireAccess, requireUser } from '#server/platform/guards.ts'
import { listCacheOf } from '#server/platform/list-cache.ts'
import { memberCacheOf } from '#server/platform/member-cache.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import type { StoredObject } from '#server/platform/storage.ts'
import { coursePageSize, durationRangeOf, latestCoursesCount, type LessonType } from '#shared/courses/constants.ts'
import { courseMessages } from '#shared/courses/messages.ts'
import type {
  CategoryView,
  CourseBrowseQuery,
  CourseDetail,
  CourseMarketplaceQuery,
  CoursePage,
  CourseTeaser,
  StartedCourses,
  EnrolAnswer,
  LessonView,
  ModuleView,
  QuizQuestionView,
} from '#shared/courses/schemas.ts'
import * as queries from './queries.ts'
import {
  courseProgress,
  lessonContentHtml,
  lessonProgressOf,
  lessonVideoUrl,
  progressCount,
  toCourseCard,
} from './views.ts'

// Courses for members (issue 15; spec 001 §2 Browse Courses, Course marketplace,
// course detail). Beside it: progress/ (lessons completed, quizzes, videos),
// saved-service.ts (saved courses, composed into /api/saved). Members see only
// published courses that are not deleted, and in them published modules and
// lessons; an admin (actsAsAdmin) may also open a draft course, to preview it.

/** The courses the member saved, kept per member briefly (saving and unsaving forget it). */
function savedCourseIdsOf(deps: Deps, viewerId: string): Promise<Set<string>> {
  return memberCacheOf(deps).remember(
    viewerId,
    'saved-courses',
    async () => new Set(await queries.listSavedCourseIds(deps.db, viewerId)),
  )
}

type SharedPage = { rows: queries.CourseCardRow[]; nextCursor: string | null }

async function listCourses(ctx: Ctx, query: CourseBrowseQuery | CourseMarketplaceQuery): Promise<CoursePage> {
  const viewer = requireUser(ctx)
  const after = decodeCursor(query.cursor, 'newest')
  const filters: queries.ListFilters = {
    q: query.q || undefined,
    level: query.level,
    categoryId: query.category,
    duration: query.duration ? durationRangeOf(query.duration) : undefined,
  }
  // the same for every member (platform/list-cache.ts); rows, not cards, so a
  // sale that ends while the page is kept ends on the cards at once
  const key = JSON.stringify(['list', filters, query.cursor ?? ''])
  const page = await listCacheOf(ctx.deps, 'courses').remember<SharedPage>(key, async () => {
    const read = await readPage(coursePageSize, (limit) =>
      queries.listCoursePage(ctx.deps.db, filters, limit, after && { createdAt: after.at, id: after.id }),
    )
    return { rows: read.rows, nextCursor: nextCursorOf(read) }
  })
  const saved = await savedCourseIdsOf(ctx.deps, viewer.id)
  const now = new Date()
  return {
    courses: page.rows.map((row) => toCourseCard({ ...row, saved: saved.has(row.id) }, now)),
    nextCursor: page.nextCursor,
  }
}

/** spec 001 §2 Browse Courses (/courses/browse): members, with the browse page's duration ranges. */
export async function browseCourses(ctx: Ctx, query: CourseBrowseQuery): Promise<CoursePage> {
  await requireAccess(ctx, 'member')
  return listCourses(ctx, query)
}

/** spec 001 §2 Course marketplace (/courses/marketplace): subscribers, with its duration ranges and prices. */
export async function listMarketplace(ctx: Ctx, query: CourseMarketplaceQuery): Promise<CoursePage> {
  await requireAccess(ctx, 'subscriber')
  return listCourses(ctx, query)
}

/** spec 000 §2: the community column's newest courses (the browse list's first few). */
export async function latestCourses(ctx: Ctx): Promise<{ courses: CourseTeaser[] }> {
  await requireAccess(ctx, 'member')
  const rows = await listCacheOf(ctx.deps, 'courses').remember('latest', () =>
    queries.listCoursePage(ctx.deps.db, {}, latestCoursesCount),
  )
  const now = new Date()
  return {
    courses: rows.map((row) => {
      const card = toCourseCard({ ...row, saved: false }, now)
      return {
        id: card.id,
        title: card.title,
        imageUrl: card.imageUrl,
        provider: card.provider,
        level: card.level,
        durationHours: card.durationHours,
        price: card.price,
      }
    }),
  }
}

/**
 * The member's progress in the courses they started, apart from the lists so the
 * lists stay one query (their budget, ARCHITECTURE.md) and the cards still show it.
 */
export async function listStartedCourses(ctx: Ctx): Promise<StartedCourses> {
  await requireAccess(ctx, 'member')
  const viewer = requireUser(ctx)
  const { db } = ctx.deps
  const ids = await queries.listStartedCourseIds(db, viewer.id)
  const counts = await queries.courseProgressOf(db, viewer.id, ids)
  const completions = new Map(
    (await queries.listCompletions(db, viewer.id, ids)).map((row) => [row.courseId, row.completedAt]),
  )
  return {
    courses: counts.map((row) => ({
      courseId: row.courseId,
      progress: courseProgress(row.completedLessons, row.totalLessons, completions.get(row.courseId)),
    })),
  }
}

/** spec 001 §7: the category filter's options, by name. */
export async function listCategories(ctx: Ctx): Promise<{ categories: CategoryView[] }> {
  await requireAccess(ctx, 'member')
  const rows = await queries.listCategories(ctx.deps.db)
  return {
    categories: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      updatedAt: row.updatedAt.toISOString(),
    })),
  }
}

/** The course page (/courses/{id}): its modules and lessons in order, and where the viewer stands. */
export async function getCourse(ctx: Ctx, courseId: string): Promise<CourseDetail> {
  await requireAccess(ctx, 'member')
  const viewer = requireUser(ctx)
  const drafts = actsAsAdmin(ctx)
  const { db } = ctx.deps
  const course = await queries.findCourse(db, courseId, viewer.id, drafts)
  if (!course) throw new AppError('NOT_FOUND', courseMessages.notFound)

  const modules = await queries.listModules(db, courseId, drafts)
  const lessons = await queries.listLessons(
    db,
    modules.map((module) => module.id),
    drafts,
  )
  const lessonIds = lessons.map((lesson) => lesson.id)
  const quizIds = lessons.filter((lesson) => lesson.type === 'quiz').map((lesson) => lesson.id)
  const [questions, progress, attempts, completedAt] = [
    await queries.listQuestionsForMembers(db, quizIds),
    await queries.listLessonProgress(db, viewer.id, lessonIds),
    await queries.summariseAttempts(db, viewer.id, quizIds),
    await queries.findCompletion(db, viewer.id, courseId),
  ]

  const questionsOf = new Map<string, QuizQuestionView[]>()
  for (const question of questions) {
    const list = questionsOf.get(question.lessonId) ?? []
    list.push({ id: question.id, prompt: question.prompt, choices: question.choices })
    questionsOf.set(question.lessonId, list)
  }
  const progressOf = new Map(progress.map((row) => [row.lessonId, row]))
  const attemptsOf = new Map(attempts.map((row) => [row.lessonId, row]))

  let completedLessons = 0
  const moduleViews: ModuleView[] = modules.map((module) => {
    const lessonViews: LessonView[] = lessons
      .filter((lesson) => lesson.moduleId === module.id)
      .map((lesson) => {
        const tried = attemptsOf.get(lesson.id)
        return {
          id: lesson.id,
          title: lesson.title,
          type: lesson.type as LessonType,
          durationMinutes: lesson.durationMinutes,
          position: lesson.position,
          contentHtml: lessonContentHtml(lesson),
          videoUrl: lesson.type === 'video' ? lessonVideoUrl(lesson) : null,
          quiz:
            lesson.type === 'quiz'
              ? {
                  passMark: lesson.passMark,
                  questions: questionsOf.get(lesson.id) ?? [],
                  attempts: tried?.attempts ?? 0,
                  bestScore: tried?.bestScore ?? null,
                  passed: tried?.passed ?? false,
                }
              : null,
          progress: lessonProgressOf(progressOf.get(lesson.id)),
        }
      })
    const done = lessonViews.filter((lesson) => lesson.progress.completed).length
    completedLessons += done
    return {
      id: module.id,
      title: module.title,
      description: module.description,
      durationMinutes: module.durationMinutes,
      position: module.position,
      lessons: lessonViews,
      progress: progressCount(done, lessonViews.length),
    }
  })

  return {
    ...toCourseCard(course),
    hasAffiliateLink: course.affiliateUrl !== null,
    updatedAt: course.updatedAt.toISOString(),
    modules: moduleViews,
    progress: courseProgress(completedLessons, lessons.length, completedAt),
  }
}

/** 'Enrol' (issue 15): counts the click and answers the provider's page, for the browser to open. */
export async function enrol(ctx: Ctx, courseId: string): Promise<EnrolAnswer> {
  await requireAccess(ctx, 'member')
  const url = await queries.countEnrolClick(ctx.deps.db, courseId)
  if (url) return { url }
  if (await queries.isCourseListed(ctx.deps.db, courseId))
    throw new AppError('NOT_FOUND', courseMessages.noAffiliateLink)
  throw new AppError('NOT_FOUND', courseMessages.notFound)
}

/**
 * A course image, to whoever may see the course: an admin also a draft's, and a
 * deleted one's (the admin's 'Deleted courses' view shows it).
 */
export async function getCourseImage(ctx: Ctx, courseId: string): Promise<StoredObject> {
  await requireAccess(ctx, 'member')
  const key = await queries.findCourseImageKey(ctx.deps.db, courseId, actsAsAdmin(ctx))
  const object = key ? await ctx.deps.storage.get(key) : undefined
  if (!object) throw new AppError('NOT_FOUND', courseMessages.notFound)
  return object
}
