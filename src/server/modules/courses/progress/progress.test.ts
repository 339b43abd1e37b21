import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { courseCompletions, courses, lessonProgress, quizAttempts } from '#server/db/schema/courses.ts'
import { newObjectKey } from '#server/platform/storage.ts'
import { createCourse, createLesson, createModule, createQuiz } from '#server/testing/courses.ts'
import { errorOf } from '#server/testing/errors.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { progressMessages } from '#shared/courses/messages.ts'
import type { CourseDetail, ProgressAnswer, QuizAttemptAnswer, StartedCourses } from '#shared/courses/schemas.ts'
import { genericMessages } from '#shared/errors.ts'

type Member = Awaited<ReturnType<TestApp['signedIn']>>

describe('course progress (issue 15: real progress, kept on the server)', () => {
  let t: TestApp
  let member: Member
  let other: Member

  beforeAll(async () => {
    t = await createTestApp()
    member = await t.signedIn()
    other = await t.signedIn()
  })
  afterAll(async () => t?.close())

  async function progress(client: TestClient, lessonId: string, body: object) {
    const response = await client.put(`/api/courses/lessons/${lessonId}/progress`, body)
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as ProgressAnswer
  }

  async function detail(client: TestClient, courseId: string) {
    const response = await client.get(`/api/courses/${courseId}`)
    expect(response.status).toBe(200)
    return (await response.json()) as CourseDetail
  }

  test('marking reading lessons complete rolls up to the module and the course, counting published lessons only', async () => {
    const course = await createCourse(t.db)
    const first = await createModule(t.db, course.id, { position: 1 })
    const second = await createModule(t.db, course.id, { position: 2 })
    const draftModule = await createModule(t.db, course.id, { position: 3, status: 'draft' })
    const a = await createLesson(t.db, first.id, { position: 1 })
    await createLesson(t.db, first.id, { position: 2, type: 'assignment', content: 'Write a query.' })
    await createLesson(t.db, first.id, { position: 3, status: 'draft' })
    const c = await createLesson(t.db, second.id, { position: 1 })
    await createLesson(t.db, draftModule.id)

    const answer = await progress(member, a.id, { complete: true })
    expect(answer.lesson.completed).toBe(true)
    expect(Date.parse(answer.lesson.completedAt!)).toBeGreaterThan(Date.now() - 60_000)
    expect(answer.module).toEqual({ id: first.id, completedLessons: 1, totalLessons: 2, percent: 50 })
    expect(answer.course).toEqual({
      id: course.id,
      completedLessons: 1,
      totalLessons: 3,
      percent: 33,
      completedAt: null,
    })
    const afterC = await progress(member, c.id, { complete: true })
    expect(afterC.module).toEqual({ id: second.id, completedLessons: 1, totalLessons: 1, percent: 100 })
    expect(afterC.course.percent).toBe(66)

    // the course page shows the same, and persists it: another member starts at 0
    const page = await detail(member, course.id)
    expect(page.progress).toEqual({ completedLessons: 2, totalLessons: 3, percent: 66, completedAt: null })
    expect(page.modules.map((module) => module.progress.percent)).toEqual([50, 100])
    expect(page.modules[0]!.lessons[0]!.progress.completed).toBe(true)
    expect((await detail(other, course.id)).progress.percent).toBe(0)

    // a reading lesson is completed by 'Mark complete', not by a watched share
    const refused = await member.put(`/api/courses/lessons/${a.id}/progress`, { watchedFraction: 1 })
    expect(refused.status).toBe(400)
    expect((await errorOf(refused)).message).toBe(progressMessages.nothingToRecord)
    const empty = await member.put(`/api/courses/lessons/${a.id}/progress`, {})
    expect(empty.status).toBe(400)
    expect((await errorOf(empty)).message).toBe(progressMessages.nothingToRecord)
  })

  test("the courses a member started list their percentages for the cards; another member's and unstarted ones do not", async () => {
    const member = await t.signedIn()
    const started = await createCourse(t.db)
    const module = await createModule(t.db, started.id)
    const lesson = await createLesson(t.db, module.id, { position: 1 })
    await createLesson(t.db, module.id, { position: 2 })
    await createLesson(t.db, (await createModule(t.db, (await createCourse(t.db)).id)).id)
    const hidden = await createCourse(t.db)
    const hiddenLesson = await createLesson(t.db, (await createModule(t.db, hidden.id)).id)

    const empty = await member.get('/api/courses/progress')
    expect(empty.status).toBe(200)
    expect(((await empty.json()) as StartedCourses).courses).toEqual([])

    await progress(member, lesson.id, { complete: true })
    await progress(member, hiddenLesson.id, { complete: true })
    // a course unpublished since drops out, like everywhere members look
    await t.db.update(courses).set({ isPublished: false }).where(eq(courses.id, hidden.id))
    const list = ((await (await member.get('/api/courses/progress')).json()) as StartedCourses).courses
    expect(list).toEqual([
      {
        courseId: started.id,
        progress: { completedLessons: 1, totalLessons: 2, percent: 50, completedAt: null },
      },
    ])
    expect(((await (await other.get('/api/courses/progress')).json()) as StartedCourses).courses).not.toContainEqual(
      expect.objectContaining({ courseId: started.id }),
    )
    expect((await t.client().get('/api/courses/progress')).status).toBe(401)
  })

  test('a video of ours completes at 90 % watched, never goes back, and cannot just be marked complete', async () => {
    const key = newObjectKey('lesson-videos', 'mp4')
    const bytes = Buffer.from(Array.from({ length: 64 }, (_, index) => index))
    await t.deps.storage.put(key, bytes, { contentType: 'video/mp4', visibility: 'private' })
    const course = await createCourse(t.db)
    const module = await createModule(t.db, course.id)
    const video = await createLesson(t.db, module.id, { type: 'video', content: '', videoKey: key })
    const external = await createLesson(t.db, module.id, { type: 'video', content: '', position: 2 })

    const marked = await member.put(`/api/courses/lessons/${video.id}/progress`, { complete: true })
    expect(marked.status).toBe(400)
    expect((await errorOf(marked)).message).toBe(progressMessages.videoNeedsWatching)

    expect((await progress(member, video.id, { watchedFraction: 0.5 })).lesson).toMatchObject({
      completed: false,
      watchedFraction: 0.5,
    })
    expect((await progress(member, video.id, { watchedFraction: 0.3 })).lesson.watchedFraction).toBe(0.5)
    expect((await progress(member, video.id, { watchedFraction: 0.89 })).lesson.completed).toBe(false)
    const done = await progress(member, video.id, { watchedFraction: 0.9 })
    expect(done.lesson).toMatchObject({ completed: true, watchedFraction: 0.9 })
    expect(done.course.percent).toBe(50)
    // watching again from the start keeps it complete
    expect((await progress(member, video.id, { watchedFraction: 0.1 })).lesson.completed).toBe(true)

    // a video lesson without a video of ours is marked complete
    expect((await progress(member, external.id, { complete: true })).course.percent).toBe(100)

    const bad = await member.put(`/api/courses/lessons/${video.id}/progress`, { watchedFraction: 1.5 })
    expect(bad.status).toBe(400)
  })

  test('the lesson video is served in byte ranges to members, and to nobody else', async () => {
    const key = newObjectKey('lesson-videos', 'mp4')
    const bytes = Buffer.from(Array.from({ length: 100 }, (_, index) => index))
    await t.deps.storage.put(key, bytes, { contentType: 'video/mp4', visibility: 'private' })
    const course = await createCourse(t.db)
    const module = await createModule(t.db, course.id)
    const video = await createLesson(t.db, module.id, { type: 'video', content: '', videoKey: key })
    const page = await detail(member, course.id)
    const url = page.modules[0]!.lessons[0]!.videoUrl!
    expect(url).toBe(`/api/courses/lessons/${video.id}/video?v=1`)

    const whole = await member.get(url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes)
    const partial = await member.request('GET', url, undefined, { range: 'bytes=10-19' })
    expect(partial.status).toBe(206)
    expect(partial.headers.get('content-range')).toBe('bytes 10-19/100')
    expect(Buffer.from(await partial.arrayBuffer())).toEqual(bytes.subarray(10, 20))

    const visitor = await t.client().get(url)
    expect(visitor.status).toBe(401)
    expect((await errorOf(visitor)).message).toBe(genericMessages.authenticationRequired)
    await t.db.update(courses).set({ isPublished: false }).where(eq(courses.id, course.id))
    expect((await member.get(url)).status).toBe(404)
  })

  test('a quiz is passed at its pass mark; every attempt is stored; the answer never says which choices were right', async () => {
    const course = await createCourse(t.db)
    const module = await createModule(t.db, course.id)
    const { lesson, questions } = await createQuiz(t.db, module.id, { passMark: 60 }, [
      { choices: ['A', 'B', 'C'], correctChoice: 1 },
      { choices: ['A', 'B'], correctChoice: 0 },
      { choices: ['A', 'B', 'C', 'D'], correctChoice: 3 },
    ])
    const [q1, q2, q3] = questions.map((question) => question.id) as [string, string, string]
    const attempt = (client: TestClient, answers: Record<string, number>) =>
      client.post(`/api/courses/lessons/${lesson.id}/quiz-attempts`, { answers })

    // one right of three: 33 %, below 60
    const failed = await attempt(member, { [q1]: 1, [q2]: 1, [q3]: 0 })
    expect(failed.status).toBe(201)
    const failedText = await failed.text()
    expect(failedText).not.toMatch(/correctChoice|"correct"/)
    const failure = JSON.parse(failedText) as QuizAttemptAnswer
    expect(failure).toMatchObject({
      score: 33,
      passed: false,
      passMark: 60,
      correctCount: 1,
      questionCount: 3,
      attempts: 1,
      lesson: { completed: false },
      course: { percent: 0 },
    })

    // marking a quiz complete by hand is refused
    const byHand = await member.put(`/api/courses/lessons/${lesson.id}/progress`, { complete: true })
    expect(byHand.status).toBe(400)
    expect((await errorOf(byHand)).message).toBe(progressMessages.quizNeedsPassing)

    // two right of three: 66 %, passed, and the lesson (the course's only one) completes the course
    const passed = (await (await attempt(member, { [q1]: 1, [q2]: 0, [q3]: 0 })).json()) as QuizAttemptAnswer
    expect(passed).toMatchObject({ score: 66, passed: true, attempts: 2, lesson: { completed: true } })
    expect(passed.course.percent).toBe(100)
    expect(passed.course.completedAt).not.toBeNull()

    const stored = await t.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.lessonId, lesson.id), eq(quizAttempts.userId, member.member.id)))
    expect(stored.map((row) => [row.score, row.passed]).sort()).toEqual([
      [33, false],
      [66, true],
    ])
    expect(stored.find((row) => row.passed)!.answers).toEqual({ [q1]: 1, [q2]: 0, [q3]: 0 })

    // a later failed attempt keeps the lesson complete
    const again = (await (await attempt(member, { [q1]: 0, [q2]: 1, [q3]: 0 })).json()) as QuizAttemptAnswer
    expect(again).toMatchObject({ passed: false, attempts: 3, lesson: { completed: true } })

    // the course page shows the attempts, the best score and the pass, never the right choices
    const pageResponse = await member.get(`/api/courses/${course.id}`)
    const pageText = await pageResponse.text()
    expect(pageText).not.toMatch(/correctChoice|"correct"/)
    const page = JSON.parse(pageText) as CourseDetail
    expect(page.modules[0]!.lessons[0]!.quiz).toMatchObject({ attempts: 3, bestScore: 66, passed: true })

    // every question must be answered, with one of its own choices, and only its own questions
    const missing = await attempt(other, { [q1]: 1, [q2]: 0 })
    expect(missing.status).toBe(400)
    expect((await errorOf(missing)).message).toBe(progressMessages.answerEveryQuestion)
    const outOfRange = await attempt(other, { [q1]: 1, [q2]: 3, [q3]: 3 })
    expect(outOfRange.status).toBe(400)
    expect((await errorOf(outOfRange)).message).toBe(progressMessages.invalidChoice)
    const stranger = await attempt(other, { [q1]: 1, [q2]: 0, [q3]: 3, '00000000-0000-4000-8000-000000000000': 0 })
    expect(stranger.status).toBe(400)
    expect((await errorOf(stranger)).message).toBe(progressMessages.unknownQuestion)
    expect((await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, other.member.id))).length).toBe(0)

    // a lesson that is no quiz takes no attempt
    const reading = await createLesson(t.db, module.id, { position: 2 })
    const notQuiz = await other.post(`/api/courses/lessons/${reading.id}/quiz-attempts`, { answers: {} })
    expect(notQuiz.status).toBe(400)
    expect((await errorOf(notQuiz)).message).toBe(progressMessages.notAQuiz)
  })

  test('finishing a course records its completion once, with the date of the last lesson', async () => {
    const course = await createCourse(t.db)
    const module = await createModule(t.db, course.id)
    const first = await createLesson(t.db, module.id, { position: 1 })
    const last = await createLesson(t.db, module.id, { position: 2 })

    expect((await progress(member, first.id, { complete: true })).course.completedAt).toBeNull()
    const finished = await progress(member, last.id, { complete: true })
    expect(finished.course).toMatchObject({ completedLessons: 2, totalLessons: 2, percent: 100 })
    const completedAt = finished.course.completedAt!
    expect(Date.parse(completedAt)).toBeGreaterThan(Date.now() - 60_000)

    // marking again changes neither the lesson nor the completion
    const again = await progress(member, last.id, { complete: true })
    expect(again.course.completedAt).toBe(completedAt)
    expect(again.lesson.completedAt).toBe(finished.lesson.completedAt)
    const rows = await t.db
      .select()
      .from(courseCompletions)
      .where(and(eq(courseCompletions.courseId, course.id), eq(courseCompletions.userId, member.member.id)))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.completedAt.toISOString()).toBe(completedAt)
    expect((await detail(member, course.id)).progress.completedAt).toBe(completedAt)

    // a lesson added later lowers the percentage; the recorded completion stays
    await createLesson(t.db, module.id, { position: 3 })
    expect((await detail(member, course.id)).progress).toEqual({
      completedLessons: 2,
      totalLessons: 3,
      percent: 66,
      completedAt,
    })
  })

  test('lessons of drafts and deleted courses are 404, and visitors are refused', async () => {
    const course = await createCourse(t.db)
    const module = await createModule(t.db, course.id)
    const draftModule = await createModule(t.db, course.id, { status: 'draft', position: 2 })
    const live = await createLesson(t.db, module.id)
    const draftLesson = await createLesson(t.db, module.id, { status: 'draft', position: 2 })
    const inDraftModule = await createLesson(t.db, draftModule.id)
    for (const lesson of [draftLesson, inDraftModule]) {
      const response = await member.put(`/api/courses/lessons/${lesson.id}/progress`, { complete: true })
      expect(response.status).toBe(404)
      expect((await errorOf(response)).message).toBe(progressMessages.lessonNotFound)
    }
    expect((await t.client().put(`/api/courses/lessons/${live.id}/progress`, { complete: true })).status).toBe(401)

    await t.db.update(courses).set({ deletedAt: new Date() }).where(eq(courses.id, course.id))
    expect((await member.put(`/api/courses/lessons/${live.id}/progress`, { complete: true })).status).toBe(404)
    await t.db.update(courses).set({ deletedAt: null, isPublished: false }).where(eq(courses.id, course.id))
    expect((await member.put(`/api/courses/lessons/${live.id}/progress`, { complete: true })).status).toBe(404)
    expect(
      (await t.db.select().from(lessonProgress).where(eq(lessonProgress.userId, member.member.id))).filter(
        (row) => row.lessonId === live.id,
      ),
    ).toEqual([])
  })

  test('two lessons completed at once still record the course completion', async () => {
    const course = await createCourse(t.db)
    const module = await createModule(t.db, course.id)
    const lessons = [
      await createLesson(t.db, module.id, { position: 1 }),
      await createLesson(t.db, module.id, { position: 2 }),
      await createLesson(t.db, module.id, { position: 3 }),
    ]
    await Promise.all(lessons.map((lesson) => progress(other, lesson.id, { complete: true })))
    const rows = await t.db
      .select()
      .from(courseCompletions)
      .where(and(eq(courseCompletions.courseId, course.id), eq(courseCompletions.userId, other.member.id)))
    expect(rows).toHaveLength(1)
  })
})
