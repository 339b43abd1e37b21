import type { Db } from '#server/db/client.ts'
import { courseCategories, courseModules, courses, lessons, quizQuestions } from '#server/db/schema/courses.ts'

// The courses factory of the tests and the demo seed (ARCHITECTURE.md rule 12):
// courses, modules, lessons and quiz questions inserted directly, published by
// default (members can see them), with only what the caller cares about named.
// Production writes come from the admin's forms, which name every field.

export type NewCourse = typeof courses.$inferInsert
export type NewModule = Omit<typeof courseModules.$inferInsert, 'courseId'>
export type NewLesson = Omit<typeof lessons.$inferInsert, 'moduleId'>
export type NewQuestion = Omit<typeof quizQuestions.$inferInsert, 'lessonId'>
export type CourseRow = typeof courses.$inferSelect

let categoryCounter = 0

export async function createCategory(db: Db, overrides: Partial<typeof courseCategories.$inferInsert> = {}) {
  const [row] = await db
    .insert(courseCategories)
    .values({
      name: `Category ${++categoryCounter} ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Courses of one kind.',
      ...overrides,
    })
    .returning()
  return row!
}

const courseDefaults = {
  title: 'Data Analysis Foundations',
  description: 'Spreadsheets, SQL and charts for everyday decisions.',
  durationHours: 4,
  level: 'Beginner',
  provider: 'Example Academy',
  salaryRange: '$60,000 - $80,000',
  isPublished: true,
} satisfies Partial<NewCourse>

/** A complete course row to insert: the defaults above (published), any of them overridden. */
export function newCourse(overrides: Partial<NewCourse> = {}): NewCourse {
  return { ...courseDefaults, ...overrides }
}

export async function createCourse(db: Db, overrides: Partial<NewCourse> = {}): Promise<CourseRow> {
  const [row] = await db.insert(courses).values(newCourse(overrides)).returning()
  return row!
}

export async function createModule(db: Db, courseId: string, overrides: Partial<NewModule> = {}) {
  const [row] = await db
    .insert(courseModules)
    .values({ title: 'Getting started', position: 1, status: 'published', durationMinutes: 30, ...overrides, courseId })
    .returning()
  return row!
}

export async function createLesson(db: Db, moduleId: string, overrides: Partial<NewLesson> = {}) {
  const [row] = await db
    .insert(lessons)
    .values({
      title: 'Reading the data',
      type: 'reading',
      content: '# Reading the data\n\nStart with the question you want answered.',
      position: 1,
      status: 'published',
      durationMinutes: 10,
      ...overrides,
      moduleId,
    })
    .returning()
  return row!
}

export async function createQuestion(db: Db, lessonId: string, overrides: Partial<NewQuestion> = {}) {
  const [row] = await db
    .insert(quizQuestions)
    .values({
      position: 1,
      prompt: 'Which chart shows a trend over time?',
      choices: ['Pie chart', 'Line chart', 'Scatter plot'],
      correctChoice: 1,
      ...overrides,
      lessonId,
    })
    .returning()
  return row!
}

/** A quiz lesson with its questions (each given as overrides of `createQuestion`'s defaults). */
export async function createQuiz(
  db: Db,
  moduleId: string,
  overrides: Partial<NewLesson> = {},
  questions: Partial<NewQuestion>[] = [{}],
) {
  const lesson = await createLesson(db, moduleId, { title: 'Check yourself', type: 'quiz', content: '', ...overrides })
  const rows = []
  for (const [index, question] of questions.entries())
    rows.push(await createQuestion(db, lesson.id, { position: index + 1, ...question }))
  return { lesson, questions: rows }
}
