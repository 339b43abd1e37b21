import type { Db } from '#server/db/client.ts'
import { lessonContentHtml, lessonVideoUrl } from '#server/modules/courses/views.ts'
import type { ContentStatus, LessonType } from '#shared/courses/constants.ts'
import type { AdminLesson, AdminModule, AdminQuizQuestion } from '#shared/courses/schemas.ts'
import * as queries from './queries.ts'

// Modules and lessons as the admin's module page reads them (issue 15): drafts,
// right answers, storage keys, versions, and how many members have progress in
// each (the delete dialogs say it: a delete removes that progress).

function toQuestion(row: queries.QuestionRow): AdminQuizQuestion {
  return {
    id: row.id,
    position: row.position,
    prompt: row.prompt,
    choices: row.choices,
    correctChoice: row.correctChoice,
  }
}

function toLesson(row: queries.LessonRow, questions: AdminQuizQuestion[], membersWithProgress: number): AdminLesson {
  return {
    id: row.id,
    title: row.title,
    type: row.type as LessonType,
    durationMinutes: row.durationMinutes,
    content: row.content,
    // as the members' course page shows it
    contentHtml: lessonContentHtml(row),
    videoKey: row.videoKey,
    videoUrl: lessonVideoUrl({ id: row.id, hasVideo: row.videoKey !== null, version: row.version }),
    position: row.position,
    status: row.status as ContentStatus,
    version: row.version,
    passMark: row.passMark,
    questions,
    membersWithProgress,
  }
}

async function toLessons(db: Db, rows: queries.LessonRow[]): Promise<AdminLesson[]> {
  const ids = rows.map((row) => row.id)
  const questions = await queries.listQuestions(db, ids)
  const progress = await queries.membersWithProgressByLesson(db, ids)
  return rows.map((row) =>
    toLesson(
      row,
      questions.filter((question) => question.lessonId === row.id).map(toQuestion),
      progress.get(row.id) ?? 0,
    ),
  )
}

/** The course's modules in order, each with its lessons in order; or only `moduleId` among them. */
export async function readAdminModules(db: Db, courseId: string, moduleId?: string): Promise<AdminModule[]> {
  const modules = (await queries.listModules(db, courseId)).filter((row) => !moduleId || row.id === moduleId)
  const moduleIds = modules.map((row) => row.id)
  const lessonRows = await queries.listLessons(db, moduleIds)
  const lessons = await toLessons(db, lessonRows)
  const progress = await queries.membersWithProgressByModule(db, moduleIds)
  return modules.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    durationMinutes: row.durationMinutes,
    position: row.position,
    status: row.status as ContentStatus,
    version: row.version,
    lessons: lessons.filter((_lesson, index) => lessonRows[index]!.moduleId === row.id),
    membersWithProgress: progress.get(row.id) ?? 0,
  }))
}

/** One module's lessons in order. */
export async function readAdminLessons(db: Db, moduleId: string): Promise<AdminLesson[]> {
  return toLessons(db, await queries.listLessons(db, [moduleId]))
}

export async function readAdminLesson(db: Db, lessonId: string): Promise<AdminLesson | undefined> {
  const row = await queries.findLesson(db, lessonId)
  return row && (await toLessons(db, [row]))[0]
}
