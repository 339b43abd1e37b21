import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { courses, savedCourses } from '#server/db/schema/courses.ts'
import { newObjectKey } from '#server/platform/storage.ts'
import {
  createCategory,
  createCourse,
  createLesson,
  createModule,
  createQuiz,
  type NewCourse,
} from '#server/testing/courses.ts'
import { errorOf } from '#server/testing/errors.ts'
import { solidPng } from '#server/testing/files.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { coursePageSize, latestCoursesCount } from '#shared/courses/constants.ts'
import { courseMessages } from '#shared/courses/messages.ts'
import type {
  CategoryView,
  CourseDetail,
  CoursePage,
  CourseTeaser,
  EnrolAnswer,
  SavedCourse,
} from '#shared/courses/schemas.ts'
import { genericMessages } from '#shared/errors.ts'
import { invalidCursorMessage } from '#shared/common/fields.ts'
import type { SavedCounts } from '#shared/jobs/schemas.ts'

async function list(client: TestClient, path: '/api/courses' | '/api/courses/marketplace', params = {}) {
  const response = await client.get(`${path}?${new URLSearchParams(params)}`)
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as CoursePage
}

const idsOf = (page: CoursePage) => page.courses.map((course) => course.id)

/** A word no other test uses, so a search finds only this test's courses. */
function uniqueWord(stem: string) {
  return `${stem}${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'q')}`
}

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000)

describe('courses: browse, marketplace and the course page', () => {
  let t: TestApp
  let free: TestClient
  let subscriber: TestClient
  let admin: TestClient

  beforeAll(async () => {
    t = await createTestApp()
    free = await t.signedIn({ firstName: 'Fay', lastName: 'Free' })
    subscriber = await t.signedIn({ subscribed: true, firstName: 'Sue', lastName: 'Subscriber' })
    admin = await t.signedIn({ admin: true, firstName: 'Ada', lastName: 'Admin' })
  })
  afterAll(async () => t?.close())

  /** Courses in a category of their own, so a filter test sees only its own. */
  async function inOwnCategory(specs: Partial<NewCourse>[]) {
    const category = await createCategory(t.db)
    const rows = []
    for (const spec of specs) rows.push(await createCourse(t.db, { categoryId: category.id, ...spec }))
    return { category, rows }
  }

  test('visitors must sign in; members browse; the marketplace is for subscribers and admins (spec 000 §2)', async () => {
    const { category, rows } = await inOwnCategory([{}])
    const visitor = t.client()
    for (const path of [
      '/api/courses',
      '/api/courses/marketplace',
      '/api/courses/categories',
      `/api/courses/${rows[0]!.id}`,
    ]) {
      const response = await visitor.get(path)
      expect(response.status, path).toBe(401)
      expect((await errorOf(response)).message).toBe(genericMessages.authenticationRequired)
    }
    expect(idsOf(await list(free, '/api/courses', { category: category.id }))).toEqual([rows[0]!.id])
    expect((await free.get(`/api/courses/${rows[0]!.id}`)).status).toBe(200)

    const refused = await free.get('/api/courses/marketplace')
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe(genericMessages.subscriptionRequired)
    expect(idsOf(await list(subscriber, '/api/courses/marketplace', { category: category.id }))).toEqual([rows[0]!.id])
    expect(idsOf(await list(admin, '/api/courses/marketplace', { category: category.id }))).toEqual([rows[0]!.id])
  })

  test('each level filter shows only that level', async () => {
    const { category, rows } = await inOwnCategory([
      { level: 'Beginner' },
      { level: 'Intermediate' },
      { level: 'Advanced' },
    ])
    for (const [index, level] of ['Beginner', 'Intermediate', 'Advanced'].entries()) {
      expect(idsOf(await list(free, '/api/courses', { category: category.id, level })), level).toEqual([
        rows[index]!.id,
      ])
      expect(idsOf(await list(subscriber, '/api/courses/marketplace', { category: category.id, level }))).toEqual([
        rows[index]!.id,
      ])
    }
    const bad = await free.get(`/api/courses?level=Expert`)
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).message).toBe(courseMessages.invalidLevel)
  })

  test('the browse page duration ranges 0-2, 2-5, 5-10 and 10+ hours put every course in exactly one (spec 001 §9)', async () => {
    const hours = [0.5, 2, 2.5, 5, 7, 10, 10.5, 40]
    const { category, rows } = await inOwnCategory(hours.map((durationHours) => ({ durationHours })))
    const byHours = (...wanted: number[]) =>
      rows
        .filter((row) => wanted.includes(Number(row.durationHours)))
        .map((row) => row.id)
        .sort()
    const found = async (duration: string) =>
      idsOf(await list(free, '/api/courses', { category: category.id, duration })).sort()
    expect(await found('0-2')).toEqual(byHours(0.5, 2))
    expect(await found('2-5')).toEqual(byHours(2.5, 5))
    expect(await found('5-10')).toEqual(byHours(7, 10))
    expect(await found('10+')).toEqual(byHours(10.5, 40))
    // the marketplace's ranges are not the browse page's
    expect((await free.get('/api/courses?duration=0-20')).status).toBe(400)
  })

  test('the marketplace duration ranges 0-20, 20-40 and 40+ hours (spec 001 §9)', async () => {
    const hours = [1, 20, 20.5, 40, 41, 120]
    const { category, rows } = await inOwnCategory(hours.map((durationHours) => ({ durationHours })))
    const byHours = (...wanted: number[]) =>
      rows
        .filter((row) => wanted.includes(Number(row.durationHours)))
        .map((row) => row.id)
        .sort()
    const found = async (duration: string) =>
      idsOf(await list(subscriber, '/api/courses/marketplace', { category: category.id, duration })).sort()
    expect(await found('0-20')).toEqual(byHours(1, 20))
    expect(await found('20-40')).toEqual(byHours(20.5, 40))
    expect(await found('40+')).toEqual(byHours(41, 120))
    const bad = await subscriber.get('/api/courses/marketplace?duration=2-5')
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).message).toBe(courseMessages.invalidDuration)
  })

  test('the category filter shows only its courses, and the categories come by name', async () => {
    const a = await createCategory(t.db, { name: `Zeta ${uniqueWord('cat')}` })
    const b = await createCategory(t.db, { name: `Alpha ${uniqueWord('cat')}` })
    const inA = await createCourse(t.db, { categoryId: a.id })
    const inB = await createCourse(t.db, { categoryId: b.id })
    expect(idsOf(await list(free, '/api/courses', { category: a.id }))).toEqual([inA.id])
    const page = await list(free, '/api/courses', { category: b.id })
    expect(page.courses[0]!.category).toEqual({ id: b.id, name: b.name })
    expect(idsOf(page)).toEqual([inB.id])

    const response = await free.get('/api/courses/categories')
    expect(response.status).toBe(200)
    const { categories } = (await response.json()) as { categories: CategoryView[] }
    const names = categories.map((category) => category.name)
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)))
    expect(categories.find((category) => category.id === b.id)).toMatchObject({
      name: b.name,
      description: b.description,
    })
  })

  test('search is a case-insensitive substring of the title or the description, its wildcards taken literally', async () => {
    const word = uniqueWord('pythonic')
    const inTitle = await createCourse(t.db, { title: `Intro to ${word.toUpperCase()} pipelines` })
    const inDescription = await createCourse(t.db, { description: `Halfway through we build a ${word} report.` })
    await createCourse(t.db, { title: 'Something else entirely' })
    const found = async (q: string) => idsOf(await list(free, '/api/courses', { q })).sort()
    expect(await found(word)).toEqual([inTitle.id, inDescription.id].sort())
    // a substring, in any case, inside a word
    expect(await found(word.slice(2, 8).toUpperCase())).toEqual([inTitle.id, inDescription.id].sort())
    expect(idsOf(await list(subscriber, '/api/courses/marketplace', { q: `${word} pipelines` }))).toEqual([inTitle.id])
    const percent = await createCourse(t.db, { title: `100% ${word} practice` })
    expect(await found(`% ${word}`)).toEqual([percent.id])
    expect(await found(`${word}_`)).toEqual([])
    // no match: the page says 'No courses found matching your criteria'
    expect((await list(free, '/api/courses', { q: uniqueWord('nothing') })).courses).toEqual([])
    expect(courseMessages.noResults).toBe('No courses found matching your criteria')
    expect(courseMessages.noneAvailable).toBe('No courses available at the moment')
  })

  test('lists are newest first and page by cursor without repeats; a forged cursor is refused', async () => {
    const category = await createCategory(t.db)
    const created = []
    for (let index = 0; index < coursePageSize + 3; index++)
      created.push(
        await createCourse(t.db, {
          categoryId: category.id,
          title: `Course ${index}`,
          createdAt: new Date(Date.now() - (coursePageSize + 3 - index) * 60_000),
        }),
      )
    const first = await list(free, '/api/courses', { category: category.id })
    expect(first.courses).toHaveLength(coursePageSize)
    expect(first.courses[0]!.id).toBe(created.at(-1)!.id)
    expect(first.nextCursor).not.toBeNull()
    const second = await list(free, '/api/courses', { category: category.id, cursor: first.nextCursor! })
    expect(second.nextCursor).toBeNull()
    expect([...idsOf(first), ...idsOf(second)]).toEqual(created.map((row) => row.id).reverse())

    const forged = await free.get(`/api/courses?cursor=${Buffer.from('{"at":"x","id":"y"}').toString('base64url')}`)
    expect(forged.status).toBe(400)
    expect((await errorOf(forged)).message).toBe(invalidCursorMessage)
  })

  test('a sale price shows only until sale_ends_at; the price always shows', async () => {
    const { category, rows } = await inOwnCategory([
      { priceCents: 9900, salePriceCents: 4900, saleEndsAt: hoursFromNow(24) },
      { priceCents: 9900, salePriceCents: 4900, saleEndsAt: hoursFromNow(-1) },
      { priceCents: 5000, salePriceCents: 2500, saleEndsAt: null },
      { priceCents: 0 },
    ])
    const page = await list(subscriber, '/api/courses/marketplace', { category: category.id })
    const priceOf = (id: string) => page.courses.find((course) => course.id === id)!.price
    expect(priceOf(rows[0]!.id)).toEqual({
      priceCents: 9900,
      salePriceCents: 4900,
      saleEndsAt: rows[0]!.saleEndsAt!.toISOString(),
    })
    expect(priceOf(rows[1]!.id)).toEqual({ priceCents: 9900, salePriceCents: null, saleEndsAt: null })
    expect(priceOf(rows[2]!.id)).toEqual({ priceCents: 5000, salePriceCents: 2500, saleEndsAt: null })
    expect(priceOf(rows[3]!.id)).toEqual({ priceCents: 0, salePriceCents: null, saleEndsAt: null })
    // the course page says the same
    const detail = (await (await subscriber.get(`/api/courses/${rows[1]!.id}`)).json()) as CourseDetail
    expect(detail.price.salePriceCents).toBeNull()
  })

  test('unpublished and deleted courses appear nowhere a member looks, and their pages are 404', async () => {
    const { category, rows } = await inOwnCategory([
      { title: 'Live course' },
      { title: 'Draft course', isPublished: false },
      { title: 'Deleted course', deletedAt: new Date() },
    ])
    const [live, draft, deleted] = rows as [
      NewCourse & { id: string },
      NewCourse & { id: string },
      NewCourse & { id: string },
    ]
    expect(idsOf(await list(free, '/api/courses', { category: category.id }))).toEqual([live.id])
    expect(idsOf(await list(subscriber, '/api/courses/marketplace', { category: category.id }))).toEqual([live.id])
    expect(idsOf(await list(admin, '/api/courses', { category: category.id }))).toEqual([live.id])
    for (const course of [draft, deleted]) {
      for (const client of [free, subscriber]) {
        const page = await client.get(`/api/courses/${course.id}`)
        expect(page.status).toBe(404)
        expect((await errorOf(page)).message).toBe(courseMessages.notFound)
        expect((await client.post(`/api/courses/${course.id}/enrol`)).status).toBe(404)
        expect((await client.put(`/api/saved/courses/${course.id}`)).status).toBe(404)
      }
    }
    // an admin previews a draft, never a deleted course
    expect((await admin.get(`/api/courses/${draft.id}`)).status).toBe(200)
    expect((await admin.get(`/api/courses/${deleted.id}`)).status).toBe(404)
    expect((await free.get('/api/courses/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await free.get('/api/courses/not-a-course')).status).toBe(400)
  })

  test('the course page lists published modules and lessons in order, the saved mark, and never a right answer', async () => {
    const course = await createCourse(t.db, {
      title: 'SQL for Analysts',
      provider: 'Northwind Academy',
      hasCertification: true,
      salaryRange: '$70,000 - $90,000',
      skills: ['SQL', 'Data Analysis'],
      affiliateUrl: 'https://academy.example.com/sql',
    })
    const second = await createModule(t.db, course.id, { title: 'Joins', position: 2 })
    const first = await createModule(t.db, course.id, { title: 'Basics', position: 1 })
    await createModule(t.db, course.id, { title: 'Draft module', position: 3, status: 'draft' })
    await createLesson(t.db, first.id, { title: 'Second lesson', position: 2 })
    await createLesson(t.db, first.id, { title: 'First lesson', position: 1 })
    await createLesson(t.db, first.id, { title: 'Draft lesson', position: 3, status: 'draft' })
    await createLesson(t.db, second.id, { title: 'Watch this', type: 'video', content: '', position: 1 })
    const quiz = await createQuiz(t.db, second.id, { title: 'Joins quiz', position: 2, passMark: 50 }, [
      { prompt: 'Which join keeps every left row?', choices: ['Inner', 'Left', 'Cross'], correctChoice: 1 },
      { prompt: 'Which join makes every pair?', choices: ['Cross', 'Inner'], correctChoice: 0 },
    ])
    expect((await free.put(`/api/saved/courses/${course.id}`)).status).toBe(200)

    const response = await free.get(`/api/courses/${course.id}`)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).not.toMatch(/correct/i)
    const detail = JSON.parse(text) as CourseDetail
    expect(detail).toMatchObject({
      id: course.id,
      title: 'SQL for Analysts',
      provider: 'Northwind Academy',
      level: 'Beginner',
      durationHours: 4,
      hasCertification: true,
      salaryRange: '$70,000 - $90,000',
      skills: ['SQL', 'Data Analysis'],
      hasAffiliateLink: true,
      saved: true,
      imageUrl: null,
      progress: { completedLessons: 0, totalLessons: 4, percent: 0, completedAt: null },
    })
    expect(text).not.toContain('academy.example.com')
    expect(detail.modules.map((module) => module.title)).toEqual(['Basics', 'Joins'])
    expect(detail.modules[0]!.lessons.map((lesson) => lesson.title)).toEqual(['First lesson', 'Second lesson'])
    expect(detail.modules[1]!.lessons.map((lesson) => lesson.type)).toEqual(['video', 'quiz'])
    const quizView = detail.modules[1]!.lessons[1]!.quiz!
    expect(quizView).toEqual({
      passMark: 50,
      questions: quiz.questions.map((question) => ({
        id: question.id,
        prompt: question.prompt,
        choices: question.choices,
      })),
      attempts: 0,
      bestScore: null,
      passed: false,
    })
    // a video lesson without an uploaded video has no address
    expect(detail.modules[1]!.lessons[0]!.videoUrl).toBeNull()
  })

  test('a reading lesson arrives as sanitised HTML rendered from its Markdown, never as a script', async () => {
    const course = await createCourse(t.db)
    const module = await createModule(t.db, course.id)
    await createLesson(t.db, module.id, {
      title: 'Reading',
      content:
        '## Joins\n\nSee [the docs](https://www.postgresql.org/docs/).\n\n<script>alert(1)</script><img src=x onerror=alert(1)>',
    })
    await createLesson(t.db, module.id, {
      title: 'Assignment',
      type: 'assignment',
      position: 2,
      content: '[Send it](javascript:alert(1))',
    })
    const detail = (await (await free.get(`/api/courses/${course.id}`)).json()) as CourseDetail
    const [reading, assignment] = detail.modules[0]!.lessons
    expect(reading!.contentHtml).toContain('<h2>Joins</h2>')
    expect(reading!.contentHtml).toContain(
      '<a href="https://www.postgresql.org/docs/" rel="noopener noreferrer" target="_blank">the docs</a>',
    )
    expect(reading!.contentHtml).not.toMatch(/<script|onerror|<img/)
    expect(assignment!.contentHtml).toBe('<p><a rel="noopener noreferrer">Send it</a></p>\n')
    expect(reading).not.toHaveProperty('content')
  })

  test('the latest courses are the newest listed ones, at most three, for members only (spec 000 §2 community column)', async () => {
    const older = await createCourse(t.db, { title: 'Older course', createdAt: hoursFromNow(-2) })
    const newest = []
    for (const title of ['Newest one', 'Newest two', 'Newest three'])
      newest.push(await createCourse(t.db, { title, createdAt: hoursFromNow(1) }))
    await createCourse(t.db, { title: 'Newest draft', isPublished: false, createdAt: hoursFromNow(2) })
    const response = await free.get('/api/courses/latest')
    expect(response.status).toBe(200)
    const { courses: latest } = (await response.json()) as { courses: CourseTeaser[] }
    expect(latest).toHaveLength(latestCoursesCount)
    expect(latest.map((course) => course.id).sort()).toEqual(newest.map((course) => course.id).sort())
    expect(latest.map((course) => course.id)).not.toContain(older.id)
    expect(latest[0]).toEqual({
      id: expect.any(String),
      title: expect.stringMatching(/^Newest/),
      imageUrl: null,
      provider: 'Example Academy',
      level: 'Beginner',
      durationHours: 4,
      price: { priceCents: 0, salePriceCents: null, saleEndsAt: null },
    })
    expect((await t.client().get('/api/courses/latest')).status).toBe(401)
  })

  test("'Enrol' counts the click and answers the provider's page; a course without a link says so", async () => {
    const course = await createCourse(t.db, { affiliateUrl: 'https://provider.example.com/enrol?ref=prestige' })
    for (const client of [free, subscriber]) {
      const response = await client.post(`/api/courses/${course.id}/enrol`)
      expect(response.status).toBe(200)
      expect((await response.json()) as EnrolAnswer).toEqual({ url: 'https://provider.example.com/enrol?ref=prestige' })
    }
    const [row] = await t.db.select({ clicks: courses.enrolClicks }).from(courses).where(eq(courses.id, course.id))
    expect(row!.clicks).toBe(2)

    const withoutLink = await createCourse(t.db)
    const refused = await free.post(`/api/courses/${withoutLink.id}/enrol`)
    expect(refused.status).toBe(404)
    expect((await errorOf(refused)).message).toBe(courseMessages.noAffiliateLink)
    expect((await t.client().post(`/api/courses/${course.id}/enrol`)).status).toBe(401)
  })

  test('the course image is served to members who may see the course', async () => {
    const key = newObjectKey('course-images', 'png')
    const png = solidPng()
    await t.deps.storage.put(key, png, { contentType: 'image/png', visibility: 'private' })
    const course = await createCourse(t.db, { imageKey: key })
    const detail = (await (await free.get(`/api/courses/${course.id}`)).json()) as CourseDetail
    expect(detail.imageUrl).toBe(`/api/courses/${course.id}/image?v=${course.updatedAt.getTime()}`)
    const image = await free.get(detail.imageUrl!)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png)
    expect((await t.client().get(detail.imageUrl!)).status).toBe(401)
    await t.db.update(courses).set({ isPublished: false }).where(eq(courses.id, course.id))
    expect((await free.get(detail.imageUrl!)).status).toBe(404)
  })
})

describe('saved courses (spec 001 §2 /saved, §8)', () => {
  let t: TestApp
  let member: TestClient
  let other: TestClient

  beforeAll(async () => {
    t = await createTestApp()
    member = await t.signedIn()
    other = await t.signedIn()
  })
  afterAll(async () => t?.close())

  const counts = async (client: TestClient) => (await (await client.get('/api/saved/counts')).json()) as SavedCounts
  const saved = async (client: TestClient) => {
    const response = await client.get('/api/saved/courses')
    expect(response.status).toBe(200)
    return ((await response.json()) as { courses: SavedCourse[] }).courses
  }

  test('a member saves a course once, sees it on the Courses tab with its progress, and removes it', async () => {
    expect(await saved(member)).toEqual([])
    expect(courseMessages.noSavedCourses).toBe('No saved courses yet. Start saving courses you want to learn!')
    expect(await counts(member)).toEqual({ jobs: 0, courses: 0 })

    const older = await createCourse(t.db, { title: 'Older save', priceCents: 4900 })
    const newer = await createCourse(t.db, { title: 'Newer save' })
    const module = await createModule(t.db, newer.id)
    const lesson = await createLesson(t.db, module.id)
    await createLesson(t.db, module.id, { position: 2 })
    for (const course of [older, newer, newer]) {
      const response = await member.put(`/api/saved/courses/${course.id}`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ saved: true })
    }
    const rows = await t.db
      .select({ n: count() })
      .from(savedCourses)
      .where(and(eq(savedCourses.courseId, newer.id)))
    expect(rows[0]!.n).toBe(1)
    expect(await counts(member)).toEqual({ jobs: 0, courses: 2 })
    expect(await counts(other)).toEqual({ jobs: 0, courses: 0 })

    expect((await member.put(`/api/courses/lessons/${lesson.id}/progress`, { complete: true })).status).toBe(200)
    const list = await saved(member)
    expect(list.map((item) => item.courseId)).toEqual([newer.id, older.id])
    expect(list[0]).toMatchObject({
      course: { id: newer.id, title: 'Newer save', level: 'Beginner', durationHours: 4 },
      notes: null,
      progress: { completedLessons: 1, totalLessons: 2, percent: 50, completedAt: null },
    })
    expect(list[1]!.course.price).toEqual({ priceCents: 4900, salePriceCents: null, saleEndsAt: null })
    expect(list[1]!.progress).toEqual({ completedLessons: 0, totalLessons: 0, percent: 0, completedAt: null })

    // a course unpublished since drops out of the list and the count, and returns when published again
    await t.db.update(courses).set({ isPublished: false }).where(eq(courses.id, older.id))
    expect((await saved(member)).map((item) => item.courseId)).toEqual([newer.id])
    expect(await counts(member)).toEqual({ jobs: 0, courses: 1 })
    await t.db.update(courses).set({ isPublished: true }).where(eq(courses.id, older.id))
    expect(await counts(member)).toEqual({ jobs: 0, courses: 2 })

    expect((await member.delete(`/api/saved/courses/${older.id}`)).status).toBe(204)
    expect((await member.delete(`/api/saved/courses/${older.id}`)).status).toBe(204)
    expect((await saved(member)).map((item) => item.courseId)).toEqual([newer.id])
    // the course page shows the saved mark to its saver only
    expect(((await (await member.get(`/api/courses/${newer.id}`)).json()) as CourseDetail).saved).toBe(true)
    expect(((await (await other.get(`/api/courses/${newer.id}`)).json()) as CourseDetail).saved).toBe(false)
    // and so do the lists (kept for every member alike; the marks are read apart and forgotten on a change)
    const marks = async (client: TestClient) =>
      new Map(
        ((await (await client.get('/api/courses?q=save')).json()) as CoursePage).courses.map((card) => [
          card.title,
          card.saved,
        ]),
      )
    expect(await marks(member)).toEqual(
      new Map([
        ['Newer save', true],
        ['Older save', false],
      ]),
    )
    expect(await marks(other)).toEqual(
      new Map([
        ['Newer save', false],
        ['Older save', false],
      ]),
    )
    expect((await member.put(`/api/saved/courses/${older.id}`)).status).toBe(200)
    expect((await marks(member)).get('Older save')).toBe(true)
  })

  test('a visitor cannot save, an unknown course is 404 with the course message, and one member cannot remove another’s save', async () => {
    const course = await createCourse(t.db)
    const visitor = t.client()
    expect((await visitor.put(`/api/saved/courses/${course.id}`)).status).toBe(401)
    expect((await visitor.get('/api/saved/courses')).status).toBe(401)
    const unknown = await member.put('/api/saved/courses/00000000-0000-4000-8000-000000000000')
    expect(unknown.status).toBe(404)
    expect((await errorOf(unknown)).message).toBe(courseMessages.notFound)

    expect((await other.put(`/api/saved/courses/${course.id}`)).status).toBe(200)
    expect((await member.delete(`/api/saved/courses/${course.id}`)).status).toBe(204)
    expect((await saved(other)).map((item) => item.courseId)).toContain(course.id)
  })

  test('the spec 001 §8 saved-item messages are the shared ones', () => {
    expect(courseMessages).toMatchObject({
      savedLoadFailed: 'Failed to load saved items',
      saved: 'Course saved successfully',
      saveFailed: 'Failed to save course',
      unsaved: 'Course removed from saved items',
      unsaveFailed: 'Failed to remove course',
      loadFailed: 'Failed to load courses',
      categoriesLoadFailed: 'Failed to load categories',
    })
  })
})
