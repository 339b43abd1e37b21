import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from '#server/db/schema/audit.ts'
import {
  courseCompletions,
  courseModules,
  lessonProgress,
  lessons,
  quizAttempts,
  quizQuestions,
} from '#server/db/schema/courses.ts'
import { createCourse, createLesson, createModule, createQuiz } from '#server/testing/courses.ts'
import { errorOf } from '#server/testing/errors.ts'
import { plainText } from '#server/testing/files.ts'
import { createTestApp, testBaseUrl, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { requestBodyLimits } from '#shared/constants.ts'
import { courseMessages, moduleMessages } from '#shared/courses/messages.ts'
import type {
  AdminCourseDetail,
  AdminLesson,
  AdminModule,
  CourseDetail,
  LessonEdit,
  ModuleEdit,
} from '#shared/courses/schemas.ts'
import { genericMessages } from '#shared/errors.ts'

// Module and lesson management for admins (issue 15; spec 002 §2 Module and lesson
// management, §4 re-numbering, §5 Module form and Lesson form): one module or
// lesson at a time, ids kept stable (members' progress hangs on them), versions
// growing with each edit, every write with exactly one audit entry.

// The project's own hero clips (docs/hero-media.md): a real H.264 MP4 and a VP9 WebM.
const heroMedia = path.resolve(import.meta.dirname, '../../../../../../public/media')

type Admin = TestClient & { member: { id: string; email: string } }
type Member = TestClient & { member: { id: string } }

const base = '/api/admin/courses'
let requestCounter = 0

function videoForm(bytes: Uint8Array, name = 'lesson.mp4', type = 'video/mp4') {
  const form = new FormData()
  form.set('video', new File([new Uint8Array(bytes)], name, { type }))
  return form
}

const moduleForm = (overrides: Partial<ModuleEdit> = {}): ModuleEdit => ({
  title: 'Getting started',
  description: 'What the course covers.',
  durationMinutes: 30,
  status: 'published',
  ...overrides,
})

const readingForm = (overrides: Partial<LessonEdit> = {}): LessonEdit => ({
  title: 'Reading the data',
  type: 'reading',
  durationMinutes: 10,
  content: '# Reading the data\n\nStart with the question.',
  status: 'published',
  ...overrides,
})

const quizForm = (overrides: Partial<LessonEdit> = {}): LessonEdit => ({
  title: 'Check yourself',
  type: 'quiz',
  durationMinutes: 5,
  status: 'published',
  passMark: 50,
  questions: [
    { prompt: 'Which chart shows a trend?', choices: ['Pie', 'Line'], correctChoice: 1 },
    { prompt: 'Which keyword filters rows?', choices: ['WHERE', 'ORDER BY', 'LIMIT'], correctChoice: 0 },
  ],
  ...overrides,
})

describe('module and lesson management for admins', () => {
  let t: TestApp
  let admin: Admin
  let member: Member

  beforeAll(async () => {
    t = await createTestApp()
    admin = (await t.signedIn({ admin: true })) as Admin
    member = (await t.signedIn()) as Member
  })
  afterAll(async () => t?.close())

  const auditRows = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n

  /** `method path` as the admin: the answer, and the one audit entry the write left. */
  async function audited(method: string, pathname: string, body?: unknown) {
    const requestId = `courses-content-${++requestCounter}-${Math.random().toString(36).slice(2, 10)}`
    const rowsBefore = await auditRows()
    const response = await admin.request(method, pathname, body, { 'x-request-id': requestId })
    expect(response.status, `${method} ${pathname}: ${await response.clone().text()}`).toBeLessThan(300)
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.requestId, requestId))
    expect(rows).toHaveLength(1)
    expect(await auditRows()).toBe(rowsBefore + 1)
    expect(rows[0]).toMatchObject({ actorId: admin.member.id })
    return { response, entry: rows[0]! }
  }

  /** A refused write: its status and message, and no audit entry. */
  async function refused(method: string, pathname: string, body?: unknown) {
    const rowsBefore = await auditRows()
    const response = await admin.request(method, pathname, body)
    const error = await errorOf(response)
    expect(await auditRows()).toBe(rowsBefore)
    return { status: response.status, ...error }
  }

  async function addModule(courseId: string, overrides: Partial<ModuleEdit> = {}) {
    const { response } = await audited('POST', `${base}/${courseId}/modules`, moduleForm(overrides))
    expect(response.status).toBe(201)
    return (await response.json()) as AdminModule
  }

  async function addLesson(moduleId: string, form: LessonEdit = readingForm()) {
    const { response } = await audited('POST', `${base}/modules/${moduleId}/lessons`, form)
    expect(response.status).toBe(201)
    return (await response.json()) as AdminLesson
  }

  async function detail(courseId: string) {
    const response = await admin.get(`${base}/${courseId}`)
    expect(response.status).toBe(200)
    return (await response.json()) as AdminCourseDetail
  }

  const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id)
  const positionsOf = (rows: { position: number }[]) => rows.map((row) => row.position)

  test('visitors must sign in and members are refused on every content route, and nothing changes', async () => {
    const course = await createCourse(t.db)
    const module = await createModule(t.db, course.id)
    const lesson = await createLesson(t.db, module.id)
    const calls: [string, string, unknown?][] = [
      ['POST', `${base}/${course.id}/modules`, moduleForm()],
      ['PUT', `${base}/${course.id}/modules/order`, { ids: [module.id] }],
      ['PUT', `${base}/${course.id}/modules/${module.id}`, moduleForm()],
      ['DELETE', `${base}/${course.id}/modules/${module.id}`],
      ['POST', `${base}/modules/${module.id}/lessons`, readingForm()],
      ['PUT', `${base}/modules/${module.id}/lessons/order`, { ids: [lesson.id] }],
      ['PUT', `${base}/modules/${module.id}/lessons/${lesson.id}`, readingForm()],
      ['DELETE', `${base}/modules/${module.id}/lessons/${lesson.id}`],
      ['PUT', `${base}/lessons/${lesson.id}/video`, videoForm(plainText)],
      ['DELETE', `${base}/lessons/${lesson.id}/video`],
    ]
    const rowsBefore = await auditRows()
    for (const [method, pathname, body] of calls) {
      const asVisitor = await t.client().request(method, pathname, body)
      expect(asVisitor.status, `visitor ${method} ${pathname}`).toBe(401)
      expect((await errorOf(asVisitor)).message).toBe(genericMessages.authenticationRequired)
      const asMember = await member.request(method, pathname, body)
      expect(asMember.status, `member ${method} ${pathname}`).toBe(403)
      expect((await errorOf(asMember)).message).toBe(genericMessages.adminRequired)
    }
    expect(await auditRows()).toBe(rowsBefore)
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, lesson.id))
    expect(row).toMatchObject({ title: lesson.title, version: 1 })
  })

  test('modules are added at the end or at a position, renumbered 1..n, and edited in place with a growing version', async () => {
    const course = await createCourse(t.db)
    const empty = await detail(course.id)
    expect(empty.modules).toEqual([])

    const first = await addModule(course.id, { title: 'Basics' })
    expect(first).toMatchObject({ title: 'Basics', position: 1, version: 1, status: 'published', lessons: [] })
    const second = await addModule(course.id, { title: 'Joins' })
    expect(second.position).toBe(2)
    // spec 002 §9: a new module's order defaults to 1 on the form; sent, it goes first
    const intro = await addModule(course.id, { title: 'Intro', position: 1 })
    expect(intro.position).toBe(1)
    expect((await detail(course.id)).modules.map((module) => [module.title, module.position])).toEqual([
      ['Intro', 1],
      ['Basics', 2],
      ['Joins', 3],
    ])
    // a position past the end is the end
    const last = await addModule(course.id, { title: 'Wrap-up', position: 99 })
    expect(last.position).toBe(4)

    const { response, entry } = await audited(
      'PUT',
      `${base}/${course.id}/modules/${second.id}`,
      moduleForm({ title: 'Joins and unions', status: 'draft', version: 1 }),
    )
    const edited = (await response.json()) as AdminModule
    expect(edited).toMatchObject({ id: second.id, title: 'Joins and unions', status: 'draft', version: 2, position: 3 })
    expect(entry).toMatchObject({
      action: 'module.update',
      objectType: 'course_module',
      objectId: second.id,
      before: { title: 'Joins', status: 'published' },
      after: { title: 'Joins and unions', status: 'draft' },
    })
    // moved by its form's order field
    const moved = await audited('PUT', `${base}/${course.id}/modules/${second.id}`, {
      ...moduleForm({ title: 'Joins and unions', status: 'draft' }),
      position: 1,
    })
    expect(((await moved.response.json()) as AdminModule).version).toBe(3)
    expect(moved.entry).toMatchObject({ before: { position: 3 }, after: { position: 1 } })
    const modules = (await detail(course.id)).modules
    expect(idsOf(modules)).toEqual([second.id, intro.id, first.id, last.id])
    expect(positionsOf(modules)).toEqual([1, 2, 3, 4])
  })

  test('a module needs a title and a duration, and an order of at least 1', async () => {
    const course = await createCourse(t.db)
    const noTitle = await refused('POST', `${base}/${course.id}/modules`, moduleForm({ title: '  ' }))
    expect(noTitle).toMatchObject({ status: 400, message: moduleMessages.moduleTitleRequired })
    const { durationMinutes: _duration, ...withoutDuration } = moduleForm()
    const noDuration = await refused('POST', `${base}/${course.id}/modules`, withoutDuration)
    expect(noDuration.message).toBe(moduleMessages.moduleDurationRequired)
    const badOrder = await refused('POST', `${base}/${course.id}/modules`, moduleForm({ position: 0 }))
    expect(badOrder.message).toBe(moduleMessages.invalidPosition)
    const unknownCourse = await refused('POST', `${base}/00000000-0000-4000-8000-000000000000/modules`, moduleForm())
    expect(unknownCourse).toMatchObject({ status: 404, message: courseMessages.notFound })
    // a module of another course is not this course's
    const other = await createCourse(t.db)
    const foreign = await createModule(t.db, other.id)
    const wrong = await refused('PUT', `${base}/${course.id}/modules/${foreign.id}`, moduleForm())
    expect(wrong).toMatchObject({ status: 404, message: moduleMessages.unknownModule })
  })

  test('lessons: a title, a duration, content for reading, and a quiz of well-formed questions', async () => {
    const course = await createCourse(t.db)
    const module = await createModule(t.db, course.id)
    const lessonsPath = `${base}/modules/${module.id}/lessons`
    expect((await refused('POST', lessonsPath, readingForm({ title: '' }))).message).toBe(
      moduleMessages.lessonTitleRequired,
    )
    expect((await refused('POST', lessonsPath, readingForm({ durationMinutes: -1 }))).message).toBe(
      moduleMessages.lessonDurationRequired,
    )
    expect((await refused('POST', lessonsPath, readingForm({ content: '   ' }))).message).toBe(
      moduleMessages.readingContentRequired,
    )
    expect((await refused('POST', lessonsPath, quizForm({ questions: [] }))).message).toBe(
      moduleMessages.quizNeedsQuestions,
    )
    const oneChoice = quizForm({ questions: [{ prompt: 'Yes?', choices: ['Yes'], correctChoice: 0 }] })
    expect((await refused('POST', lessonsPath, oneChoice)).message).toBe(moduleMessages.choicesRequired)
    const outOfRange = quizForm({ questions: [{ prompt: 'Pick', choices: ['A', 'B'], correctChoice: 2 }] })
    expect((await refused('POST', lessonsPath, outOfRange)).message).toBe(moduleMessages.correctChoiceInvalid)
    expect((await refused('POST', lessonsPath, quizForm({ passMark: 101 }))).message).toBe(
      moduleMessages.invalidPassMark,
    )
    expect((await refused('POST', lessonsPath, { ...readingForm(), type: 'podcast' })).message).toBe(
      moduleMessages.invalidLessonType,
    )
    expect(
      (await refused('POST', `${base}/modules/00000000-0000-4000-8000-000000000000/lessons`, readingForm())).status,
    ).toBe(404)

    // spec 002 §9 defaults: a video lesson, a draft
    const video = await addLesson(module.id, { title: 'Welcome', durationMinutes: 3 })
    expect(video).toMatchObject({ type: 'video', status: 'draft', version: 1, videoKey: null, videoUrl: null })
    const quiz = await addLesson(module.id, quizForm())
    expect(quiz).toMatchObject({ type: 'quiz', passMark: 50, position: 2, contentHtml: '' })
    // the Markdown as written, and as members will see it: rendered and sanitised
    const reading = await addLesson(
      module.id,
      readingForm({ content: '# Joins\n\n<script>alert(1)</script><img src=x onerror=alert(1)>' }),
    )
    expect(reading.content).toContain('<script>')
    expect(reading.contentHtml).toContain('<h1>Joins</h1>')
    expect(reading.contentHtml).not.toMatch(/<script|onerror/)
    expect(quiz.questions.map((question) => [question.position, question.correctChoice])).toEqual([
      [1, 1],
      [2, 0],
    ])
  })

  test("a reorder keeps every id, members' progress and quiz attempts, and grows the versions of what moved", async () => {
    const course = await createCourse(t.db)
    const a = await addModule(course.id, { title: 'A' })
    const b = await addModule(course.id, { title: 'B' })
    const c = await addModule(course.id, { title: 'C' })
    const reading = await addLesson(a.id, readingForm({ title: 'First' }))
    const quiz = await addLesson(a.id, quizForm())
    const third = await addLesson(a.id, readingForm({ title: 'Third' }))
    // a member's progress and attempt, written as the member side writes them
    await t.db
      .insert(lessonProgress)
      .values({ userId: member.member.id, lessonId: reading.id, completedAt: new Date() })
    await t.db.insert(quizAttempts).values({
      userId: member.member.id,
      lessonId: quiz.id,
      answers: { [quiz.questions[0]!.id]: 1, [quiz.questions[1]!.id]: 0 },
      score: 100,
      passed: true,
    })

    const modules = await audited('PUT', `${base}/${course.id}/modules/order`, { ids: [c.id, a.id, b.id] })
    const reordered = ((await modules.response.json()) as { modules: AdminModule[] }).modules
    expect(idsOf(reordered)).toEqual([c.id, a.id, b.id])
    expect(positionsOf(reordered)).toEqual([1, 2, 3])
    expect(reordered.map((module) => module.version)).toEqual([2, 2, 2])
    expect(modules.entry).toMatchObject({
      action: 'module.reorder',
      objectType: 'course',
      objectId: course.id,
      before: { order: ['A', 'B', 'C'] },
      after: { order: ['C', 'A', 'B'] },
    })

    const lessonOrder = await audited('PUT', `${base}/modules/${a.id}/lessons/order`, {
      ids: [third.id, reading.id, quiz.id],
    })
    const lessonsAfter = ((await lessonOrder.response.json()) as { lessons: AdminLesson[] }).lessons
    expect(idsOf(lessonsAfter)).toEqual([third.id, reading.id, quiz.id])
    expect(lessonsAfter.map((lesson) => lesson.version)).toEqual([2, 2, 2])
    // a reorder to the same order moves nothing and grows nothing
    await audited('PUT', `${base}/modules/${a.id}/lessons/order`, { ids: [third.id, reading.id, quiz.id] })
    expect((await detail(course.id)).modules[1]!.lessons.map((lesson) => lesson.version)).toEqual([2, 2, 2])

    // an edit of the quiz keeps its questions' ids, so the member's attempt still names them
    const questions = quiz.questions.map(({ id, prompt, choices, correctChoice }) => ({
      id,
      prompt,
      choices,
      correctChoice,
    }))
    const edited = await audited(
      'PUT',
      `${base}/modules/${a.id}/lessons/${quiz.id}`,
      quizForm({ title: 'Check yourself again', questions: [questions[1]!, questions[0]!] }),
    )
    const quizAfter = (await edited.response.json()) as AdminLesson
    expect(quizAfter.version).toBe(3)
    expect(quizAfter.questions.map((question) => question.id)).toEqual([questions[1]!.id, questions[0]!.id])
    expect(quizAfter.membersWithProgress).toBe(1)

    // everything the member had is still there, on the same ids
    const [progress] = await t.db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, reading.id))
    expect(progress).toMatchObject({ userId: member.member.id })
    expect(progress!.completedAt).not.toBeNull()
    expect((await t.db.select().from(quizAttempts).where(eq(quizAttempts.lessonId, quiz.id))).length).toBe(1)
    const seen = (await (await member.get(`/api/courses/${course.id}`)).json()) as CourseDetail
    expect(seen.modules.map((module) => module.id)).toEqual([c.id, a.id, b.id])
    expect(seen.modules[1]!.lessons.find((lesson) => lesson.id === reading.id)?.progress.completed).toBe(true)
    const all = await detail(course.id)
    expect(all.modules[1]).toMatchObject({ id: a.id, membersWithProgress: 1 })
    expect(all.modules[1]!.lessons.find((lesson) => lesson.id === reading.id)?.membersWithProgress).toBe(1)
  })

  test('an order that is not exactly the current modules or lessons is refused as stale', async () => {
    const course = await createCourse(t.db)
    const a = await addModule(course.id, { title: 'A' })
    const b = await addModule(course.id, { title: 'B' })
    const other = await createModule(t.db, (await createCourse(t.db)).id)
    const order = `${base}/${course.id}/modules/order`
    for (const ids of [[a.id], [a.id, a.id], [a.id, b.id, other.id], [a.id, other.id]]) {
      expect(await refused('PUT', order, { ids })).toMatchObject({ status: 409, message: moduleMessages.staleVersion })
    }
    const lesson = await addLesson(a.id)
    expect((await refused('PUT', `${base}/modules/${a.id}/lessons/order`, { ids: [lesson.id, other.id] })).status).toBe(
      409,
    )
    expect(idsOf((await detail(course.id)).modules)).toEqual([a.id, b.id])
  })

  test('an edit sent with the version it was read at is refused once the row changed meanwhile', async () => {
    const course = await createCourse(t.db)
    const module = await addModule(course.id)
    const lesson = await addLesson(module.id, quizForm())
    await audited('PUT', `${base}/${course.id}/modules/${module.id}`, moduleForm({ title: 'First edit', version: 1 }))
    const stale = await refused(
      'PUT',
      `${base}/${course.id}/modules/${module.id}`,
      moduleForm({ title: 'Second edit', version: 1 }),
    )
    expect(stale).toMatchObject({ status: 409, message: moduleMessages.staleVersion })

    await audited('PUT', `${base}/modules/${module.id}/lessons/${lesson.id}`, quizForm({ title: 'Edited', version: 1 }))
    expect(
      (await refused('PUT', `${base}/modules/${module.id}/lessons/${lesson.id}`, quizForm({ version: 1 }))).status,
    ).toBe(409)
    // a question of another lesson is not this quiz's
    const other = await createQuiz(t.db, module.id)
    const foreign = quizForm({
      questions: [{ id: other.questions[0]!.id, prompt: 'Stolen', choices: ['A', 'B'], correctChoice: 0 }],
    })
    expect(await refused('PUT', `${base}/modules/${module.id}/lessons/${lesson.id}`, foreign)).toMatchObject({
      status: 409,
      message: moduleMessages.staleVersion,
    })
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, lesson.id))
    expect(row).toMatchObject({ title: 'Edited', version: 2 })
  })

  test('quiz questions are kept by id: one edited in place, one removed, one added', async () => {
    const course = await createCourse(t.db)
    const module = await addModule(course.id)
    const quiz = await addLesson(module.id, quizForm())
    const [first, second] = quiz.questions
    const { response, entry } = await audited(
      'PUT',
      `${base}/modules/${module.id}/lessons/${quiz.id}`,
      quizForm({
        passMark: 80,
        questions: [
          { id: second!.id, prompt: 'Which keyword filters rows?', choices: ['HAVING', 'WHERE'], correctChoice: 1 },
          { prompt: 'What does COUNT(*) count?', choices: ['Rows', 'Columns'], correctChoice: 0 },
        ],
      }),
    )
    const after = (await response.json()) as AdminLesson
    expect(after.passMark).toBe(80)
    expect(after.questions[0]).toMatchObject({ id: second!.id, position: 1, choices: ['HAVING', 'WHERE'] })
    expect(after.questions[1]!.id).not.toBe(first!.id)
    expect(await t.db.select().from(quizQuestions).where(eq(quizQuestions.id, first!.id))).toEqual([])
    expect(entry).toMatchObject({ action: 'lesson.update', before: { passMark: 50 }, after: { passMark: 80 } })

    // a quiz turned into a reading lesson has no questions left
    await audited('PUT', `${base}/modules/${module.id}/lessons/${quiz.id}`, readingForm())
    expect(await t.db.select().from(quizQuestions).where(eq(quizQuestions.lessonId, quiz.id))).toEqual([])
  })

  test("deleting a lesson deletes members' progress in it, keeps a recorded course completion, and renumbers the rest", async () => {
    const course = await createCourse(t.db)
    const module = await addModule(course.id)
    const first = await addLesson(module.id, readingForm({ title: 'One' }))
    const second = await addLesson(module.id, readingForm({ title: 'Two' }))
    const third = await addLesson(module.id, readingForm({ title: 'Three' }))
    for (const lesson of [first, second, third])
      await t.db
        .insert(lessonProgress)
        .values({ userId: member.member.id, lessonId: lesson.id, completedAt: new Date() })
    await t.db.insert(courseCompletions).values({ userId: member.member.id, courseId: course.id })
    expect((await detail(course.id)).modules[0]!.lessons.map((lesson) => lesson.membersWithProgress)).toEqual([1, 1, 1])

    const { response, entry } = await audited('DELETE', `${base}/modules/${module.id}/lessons/${second.id}`)
    expect(response.status).toBe(204)
    expect(entry).toMatchObject({ action: 'lesson.delete', objectId: second.id, after: null })
    expect(entry.before).toMatchObject({ title: 'Two', membersWithProgress: 1, module: module.id })

    const left = (await detail(course.id)).modules[0]!.lessons
    expect(left.map((lesson) => [lesson.id, lesson.position])).toEqual([
      [first.id, 1],
      [third.id, 2],
    ])
    const remaining = await t.db
      .select({ lessonId: lessonProgress.lessonId })
      .from(lessonProgress)
      .where(eq(lessonProgress.userId, member.member.id))
    expect(remaining.map((row) => row.lessonId)).not.toContain(second.id)
    expect(remaining.map((row) => row.lessonId)).toEqual(expect.arrayContaining([first.id, third.id]))
    const [completion] = await t.db
      .select()
      .from(courseCompletions)
      .where(and(eq(courseCompletions.userId, member.member.id), eq(courseCompletions.courseId, course.id)))
    expect(completion).toBeDefined()
    // the member's course page counts what is there now: 2 of 2
    const seen = (await (await member.get(`/api/courses/${course.id}`)).json()) as CourseDetail
    expect(seen.progress).toMatchObject({ completedLessons: 2, totalLessons: 2, percent: 100 })

    expect(await refused('DELETE', `${base}/modules/${module.id}/lessons/${second.id}`)).toMatchObject({
      status: 404,
      message: moduleMessages.unknownLesson,
    })
  })

  test('deleting a module deletes its lessons and their videos, and renumbers the modules after it', async () => {
    const course = await createCourse(t.db)
    const first = await addModule(course.id, { title: 'First' })
    const doomed = await addModule(course.id, { title: 'Doomed' })
    const last = await addModule(course.id, { title: 'Last' })
    const video = await addLesson(doomed.id, { title: 'Clip', durationMinutes: 2 })
    const mp4 = await readFile(path.join(heroMedia, 'hero.mp4'))
    const uploaded = await audited('PUT', `${base}/lessons/${video.id}/video`, videoForm(mp4))
    const key = ((await uploaded.response.json()) as AdminLesson).videoKey!

    const { entry } = await audited('DELETE', `${base}/${course.id}/modules/${doomed.id}`)
    expect(entry).toMatchObject({ action: 'module.delete', objectId: doomed.id, after: null })
    expect(entry.before).toMatchObject({ title: 'Doomed', lessons: ['Clip'], membersWithProgress: 0 })
    expect(await t.db.select().from(lessons).where(eq(lessons.moduleId, doomed.id))).toEqual([])
    expect(await t.deps.storage.get(key)).toBeUndefined()
    expect((await detail(course.id)).modules.map((module) => [module.id, module.position])).toEqual([
      [first.id, 1],
      [last.id, 2],
    ])
    expect(await t.db.select().from(courseModules).where(eq(courseModules.id, doomed.id))).toEqual([])
  })

  test('a lesson video is judged by its bytes: MP4 and WebM are kept and served to members, anything else refused', async () => {
    const course = await createCourse(t.db)
    const module = await addModule(course.id)
    const lesson = await addLesson(module.id, { title: 'Clip', durationMinutes: 2, status: 'published' })
    const videoPath = `${base}/lessons/${lesson.id}/video`

    const renamed = await refused('PUT', videoPath, videoForm(plainText, 'clip.mp4', 'video/mp4'))
    expect(renamed).toMatchObject({
      status: 400,
      message: moduleMessages.videoNotVideo,
      fields: { video: moduleMessages.videoNotVideo },
    })
    // a picture is no video either, whatever its name
    const poster = await readFile(path.join(heroMedia, 'hero-poster.webp'))
    expect((await refused('PUT', videoPath, videoForm(poster, 'clip.webm', 'video/webm'))).message).toBe(
      moduleMessages.videoNotVideo,
    )
    expect((await refused('PUT', videoPath, new FormData())).message).toBe(moduleMessages.videoNotVideo)
    const mp4 = await readFile(path.join(heroMedia, 'hero.mp4'))
    // MP4's first bytes on a file that is no movie, and a movie cut short: their containers do not hold together
    const lookalike = Buffer.concat([mp4.subarray(0, 32), Buffer.from('not a movie, whatever its first bytes say')])
    for (const fake of [lookalike, mp4.subarray(0, mp4.length / 2)])
      expect((await refused('PUT', videoPath, videoForm(fake))).message).toBe(moduleMessages.videoNotVideo)
    const reading = await addLesson(module.id)
    expect((await refused('PUT', `${base}/lessons/${reading.id}/video`, videoForm(mp4))).message).toBe(
      moduleMessages.videoOnlyForVideoLessons,
    )

    const first = await audited('PUT', videoPath, videoForm(mp4))
    const withMp4 = (await first.response.json()) as AdminLesson
    expect(withMp4.videoKey).toMatch(/^lesson-videos\/[0-9a-f-]{36}\.mp4$/)
    expect(withMp4.version).toBe(2)
    expect(withMp4.videoUrl).toBe(`/api/courses/lessons/${lesson.id}/video?v=2`)
    expect(first.entry).toMatchObject({
      action: 'lesson.video.set',
      before: { video: null },
      after: { video: withMp4.videoKey },
    })
    const served = await member.get(withMp4.videoUrl!)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('video/mp4')
    expect(Buffer.from(await served.arrayBuffer()).equals(mp4)).toBe(true)

    const webm = await readFile(path.join(heroMedia, 'hero.webm'))
    const second = await audited('PUT', videoPath, videoForm(webm, 'clip.webm', 'video/webm'))
    const withWebm = (await second.response.json()) as AdminLesson
    expect(withWebm.videoKey).toMatch(/\.webm$/)
    expect(await t.deps.storage.get(withMp4.videoKey!)).toBeUndefined()

    const removed = await audited('DELETE', videoPath)
    expect(((await removed.response.json()) as AdminLesson).videoKey).toBeNull()
    expect(removed.entry).toMatchObject({ action: 'lesson.video.remove', before: { video: withWebm.videoKey } })
    expect(await t.deps.storage.get(withWebm.videoKey!)).toBeUndefined()
  })

  test("the video route takes bodies above the app's multipart ceiling from admins, and only from them", async () => {
    const course = await createCourse(t.db)
    const module = await addModule(course.id)
    const lesson = await addLesson(module.id, { title: 'Long clip', durationMinutes: 90 })
    const mp4 = await readFile(path.join(heroMedia, 'hero.mp4'))
    // a real MP4 grown past the 20 MB every other upload stops at by a padding ('free') box
    const padding = Buffer.alloc(requestBodyLimits.multipartBytes + 1024)
    padding.writeUInt32BE(padding.length)
    padding.write('free', 4, 'latin1')
    const big = Buffer.concat([mp4, padding])
    const asMember = await member.request('PUT', `${base}/lessons/${lesson.id}/video`, videoForm(big))
    expect(asMember.status).toBe(403)
    const { response } = await audited('PUT', `${base}/lessons/${lesson.id}/video`, videoForm(big))
    const stored = await t.deps.storage.get(((await response.json()) as AdminLesson).videoKey!)
    expect(stored!.size).toBe(big.length)
    await stored!.body.cancel()
    // every other multipart route keeps the ceiling
    const form = new FormData()
    form.set('image', new File([new Uint8Array(big)], 'big.png'))
    const image = await t.app.request(`${base}/images`, {
      method: 'POST',
      headers: { origin: testBaseUrl, cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: form,
    })
    expect(image.status).toBe(413)
  })

  test('the content of a deleted course is read-only until the course is restored', async () => {
    const course = await createCourse(t.db)
    const module = await addModule(course.id)
    const lesson = await addLesson(module.id)
    await audited('DELETE', `${base}/${course.id}`)
    const refusals = [
      await refused('POST', `${base}/${course.id}/modules`, moduleForm()),
      await refused('PUT', `${base}/${course.id}/modules/${module.id}`, moduleForm()),
      await refused('POST', `${base}/modules/${module.id}/lessons`, readingForm()),
      await refused('PUT', `${base}/modules/${module.id}/lessons/${lesson.id}`, readingForm()),
      await refused('DELETE', `${base}/modules/${module.id}/lessons/${lesson.id}`),
    ]
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ status: 409, message: courseMessages.deletedCourseReadOnly })
    // the admin still reads it, modules and all
    expect(idsOf((await detail(course.id)).modules)).toEqual([module.id])
    await audited('POST', `${base}/${course.id}/restore`)
    await audited('PUT', `${base}/modules/${module.id}/lessons/${lesson.id}`, readingForm({ title: 'Back again' }))
  })
})
