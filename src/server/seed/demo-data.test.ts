import { readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { hashPassword } from 'better-auth/crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { account, session, user } from '#server/db/schema/auth.ts'
import { courseCategories, courseModules, courses, lessons, quizQuestions } from '#server/db/schema/courses.ts'
import { blogPosts } from '#server/db/schema/blog.ts'
import { eventRegistrations, events } from '#server/db/schema/events.ts'
import { layoffImports, layoffRecords } from '#server/db/schema/layoffs.ts'
import { demoVideoFile } from '#server/seed/demo-courses.ts'
import { demoAccounts, demoStartLines, prepareDemoData, randomDemoPassword, seedPlan } from '#server/seed/demo-data.ts'
import { registrationForm } from '#server/testing/events.ts'
import { fixturePath } from '#server/testing/files.ts'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'
import { Password } from '#shared/accounts/schemas.ts'
import { blogCategories } from '#shared/blog/constants.ts'
import type { BlogListPage, BlogPostView } from '#shared/blog/schemas.ts'
import type { LayoffPage } from '#shared/layoffs/schemas.ts'
import { browseDurationRanges, isInDurationRange, marketplaceDurationRanges } from '#shared/courses/constants.ts'
import type { CourseDetail, CoursePage } from '#shared/courses/schemas.ts'
import { eventTypes } from '#shared/events/constants.ts'
import type { EventPage, MyEvents, RegistrationResult } from '#shared/events/schemas.ts'
import { isTimeZone } from '#shared/events/time.ts'

const secret = { AUTH_SECRET: 'a-production-secret-of-at-least-32-chars' }
const development = seedPlan(loadConfig({}), 'pglite')
const production = seedPlan(loadConfig({ NODE_ENV: 'production', ...secret }), 'pglite')
const productionAskingForDemo = seedPlan(
  loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true', ...secret }),
  'pglite',
)
const [demoAdmin, demoMember] = demoAccounts

let opened: TestApp[] = []
async function emptyApp() {
  const t = await createTestApp()
  opened.push(t)
  return t
}
afterEach(async () => {
  await Promise.all(opened.map((t) => t.close()))
  opened = []
})

// The catalogue, events, blog and tracker tests read what ONE development start
// seeded (a full seed imports every WARN file: seconds), in file order: the events
// test that takes the last seat comes after the one that counts it.
let seeded: Promise<TestApp> | undefined
function developmentStart(): Promise<TestApp> {
  seeded ??= createTestApp().then(async (t) => {
    await prepareDemoData(t.db, development, t.deps.storage)
    return t
  })
  return seeded
}
afterAll(async () => {
  if (seeded) await (await seeded).close()
})

async function adminSignIn(t: TestApp, email: string, password: string) {
  return (await t.client().post('/api/accounts/admin-sign-in', { email, password })).status
}

describe('demo data at start', () => {
  test.each([
    ['development on the embedded database', {}, 'pglite', { seed: true, passwords: 'documented' }],
    [
      'production on the embedded database',
      { NODE_ENV: 'production', ...secret },
      'pglite',
      { seed: false, passwords: 'random' },
    ],
    [
      'production asking for demo data',
      { NODE_ENV: 'production', SEED_DEMO_DATA: 'true', ...secret },
      'pglite',
      { seed: true, passwords: 'random' },
    ],
    [
      'production on PostgreSQL',
      { NODE_ENV: 'production', ...secret },
      'postgres',
      { seed: false, passwords: 'random' },
    ],
    ['development on PostgreSQL', {}, 'postgres', { seed: false, passwords: 'documented' }],
    [
      'development on PostgreSQL asking for demo data',
      { SEED_DEMO_DATA: 'true' },
      'postgres',
      { seed: true, passwords: 'documented' },
    ],
    [
      'development turning demo data off',
      { SEED_DEMO_DATA: 'false' },
      'pglite',
      { seed: false, passwords: 'documented' },
    ],
  ] as const)(
    '%s decides whether demo data is seeded and whether with the documented passwords',
    (_name, env, kind, plan) => {
      expect(seedPlan(loadConfig(env), kind)).toEqual(plan)
    },
  )

  test('a production start on an empty embedded database creates no account and says how to create the first admin', async () => {
    const t = await emptyApp()
    const start = await prepareDemoData(t.db, production, t.deps.storage)
    expect(await t.db.select().from(user)).toEqual([])
    expect(await adminSignIn(t, demoAdmin.email, demoAdmin.password)).toBe(401)
    const printed = demoStartLines(start, production).join('\n')
    expect(printed).toContain('npm run admin:create')
    expect(printed).not.toContain(demoAdmin.email)
    expect(printed).not.toContain(demoAdmin.password)
  })

  test('production asking for demo data gets random passwords printed once: the printed one signs the admin in, the documented one does not', async () => {
    const t = await emptyApp()
    const first = await prepareDemoData(t.db, productionAskingForDemo, t.deps.storage)
    expect(first.seeded).toBe(true)
    const printed = demoStartLines(first, productionAskingForDemo).join('\n')
    const passwords = first.accounts.map((demo) => demo.password!)
    expect(new Set(passwords).size).toBe(demoAccounts.length)
    for (const [index, password] of passwords.entries()) {
      expect(Password.safeParse(password).success).toBe(true)
      expect(password).not.toBe(demoAccounts[index]!.password)
      expect(printed).toContain(`${demoAccounts[index]!.email}  password: ${password}`)
    }
    expect(printed).toContain('printed only this once')
    expect(await adminSignIn(t, demoAdmin.email, demoAdmin.password)).toBe(401)
    expect(await adminSignIn(t, demoAdmin.email, passwords[0]!)).toBe(200)

    // a later start knows the addresses, not the passwords
    const later = await prepareDemoData(t.db, productionAskingForDemo, t.deps.storage)
    expect(later.seeded).toBe(false)
    const printedLater = demoStartLines(later, productionAskingForDemo).join('\n')
    for (const demo of demoAccounts) expect(printedLater).toContain(demo.email)
    for (const password of passwords) expect(printedLater).not.toContain(password)
    expect(printedLater).toContain('printed once, by the start that set it')
    expect(await adminSignIn(t, demoAdmin.email, passwords[0]!)).toBe(200)
  })

  test('in development the demo accounts keep their documented passwords, and a changed one is no longer printed', async () => {
    const t = await emptyApp()
    const first = await prepareDemoData(t.db, development, t.deps.storage)
    expect(first.accounts).toEqual(demoAccounts.map(({ role, email, password }) => ({ role, email, password })))
    expect(await adminSignIn(t, demoAdmin.email, demoAdmin.password)).toBe(200)

    const [member] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, demoMember.email))
    await t.db
      .update(account)
      .set({ password: await hashPassword('Changed-By-Morgan-1') })
      .where(and(eq(account.userId, member!.id), eq(account.providerId, 'credential')))

    const printed = demoStartLines(await prepareDemoData(t.db, development, t.deps.storage), development)
    expect(printed).toContain(`  ${'admin'.padEnd(18)} ${demoAdmin.email}  password: ${demoAdmin.password}`)
    const memberLine = printed.find((line) => line.includes(demoMember.email))!
    expect(memberLine).not.toContain(demoMember.password)
    expect(memberLine).toContain('not the documented one')
  })

  test('a database seeded in production, started later in development, prints none of the documented passwords', async () => {
    const t = await emptyApp()
    await prepareDemoData(t.db, productionAskingForDemo, t.deps.storage)
    const printed = demoStartLines(await prepareDemoData(t.db, development, t.deps.storage), development).join('\n')
    for (const demo of demoAccounts) {
      expect(printed).toContain(demo.email)
      expect(printed).not.toContain(demo.password)
    }
  })

  test('a production start replaces a published demo password left by an earlier start and signs that account out', async () => {
    const t = await emptyApp()
    await prepareDemoData(t.db, development, t.deps.storage)
    expect(await adminSignIn(t, demoAdmin.email, demoAdmin.password)).toBe(200)
    const [admin] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, demoAdmin.email))
    expect(await t.db.select().from(session).where(eq(session.userId, admin!.id))).toHaveLength(1)

    const start = await prepareDemoData(t.db, production, t.deps.storage)
    const replaced = start.accounts.find((demo) => demo.email === demoAdmin.email)!
    expect(replaced).toMatchObject({ replaced: true })
    expect(start.accounts).toHaveLength(demoAccounts.length)
    expect(await t.db.select().from(session).where(eq(session.userId, admin!.id))).toEqual([])
    expect(await adminSignIn(t, demoAdmin.email, demoAdmin.password)).toBe(401)
    expect(await adminSignIn(t, demoAdmin.email, replaced.password!)).toBe(200)
    expect(demoStartLines(start, production).join('\n')).toContain(`password: ${replaced.password}`)

    // nothing published is left, so the next start changes and prints nothing
    const next = await prepareDemoData(t.db, production, t.deps.storage)
    expect(next.accounts).toEqual([])
    expect(demoStartLines(next, production)).toEqual([])
  })

  test('random demo passwords pass the sign-up password rules and do not repeat', () => {
    const passwords = Array.from({ length: 200 }, randomDemoPassword)
    for (const password of passwords) expect(Password.safeParse(password).success).toBe(true)
    expect(new Set(passwords).size).toBe(passwords.length)
  })
})

describe('the demo course catalogue', () => {
  test('a first start seeds categories and twelve published courses with modules, lessons, a quiz and a video; a second start adds nothing', async () => {
    const t = await developmentStart()
    const catalogue = async () => ({
      categories: await t.db.select().from(courseCategories),
      courses: await t.db.select().from(courses),
      modules: await t.db.select().from(courseModules),
      lessons: await t.db.select().from(lessons),
      questions: await t.db.select().from(quizQuestions),
    })
    const seeded = await catalogue()
    expect(seeded.categories.length).toBeGreaterThanOrEqual(4)
    expect(seeded.categories.length).toBeLessThanOrEqual(6)
    expect(seeded.courses).toHaveLength(12)
    for (const course of seeded.courses) {
      expect(course).toMatchObject({ isPublished: true, deletedAt: null })
      expect(course.categoryId).not.toBeNull()
      expect(new URL(course.affiliateUrl!).hostname).toMatch(/(^|\.)(coursera\.org|edx\.org|udemy\.com|linkedin\.com)$/)
      const own = seeded.modules.filter((module) => module.courseId === course.id)
      expect(own.length).toBeGreaterThanOrEqual(2)
      expect(own.length).toBeLessThanOrEqual(4)
      for (const module of own) {
        const count = seeded.lessons.filter((lesson) => lesson.moduleId === module.id).length
        expect(count).toBeGreaterThanOrEqual(2)
        expect(count).toBeLessThanOrEqual(4)
      }
    }
    // every range of the browse page and of the marketplace holds a course (spec 001 §9)
    for (const range of [...browseDurationRanges, ...marketplaceDurationRanges])
      expect(seeded.courses.some((course) => isInDurationRange(range, course.durationHours))).toBe(true)
    expect(new Set(seeded.courses.map((course) => course.level))).toEqual(
      new Set(['Beginner', 'Intermediate', 'Advanced']),
    )
    expect(seeded.courses.some((course) => course.priceCents === 0)).toBe(true)
    expect(seeded.courses.some((course) => course.priceCents > 0)).toBe(true)
    expect(seeded.courses.some((course) => course.hasCertification)).toBe(true)
    const onSale = seeded.courses.filter((course) => course.salePriceCents !== null)
    expect(onSale).toHaveLength(1)
    expect(onSale[0]!.saleEndsAt!.getTime()).toBeGreaterThan(Date.now() + 7 * 24 * 3_600_000)
    // reading lessons are real Markdown of a few paragraphs
    for (const lesson of seeded.lessons.filter((row) => row.type === 'reading'))
      expect(lesson.content.split('\n\n').length).toBeGreaterThanOrEqual(3)

    const quizzes = seeded.lessons.filter((lesson) => lesson.type === 'quiz')
    expect(quizzes).toHaveLength(1)
    const questions = seeded.questions.filter((question) => question.lessonId === quizzes[0]!.id)
    expect(questions.length).toBeGreaterThanOrEqual(3)
    expect(questions.length).toBeLessThanOrEqual(4)

    const videos = seeded.lessons.filter((lesson) => lesson.videoKey !== null)
    expect(videos).toHaveLength(1)
    const file = await readFile(demoVideoFile)
    const stored = await t.deps.storage.get(videos[0]!.videoKey!)
    expect(stored).toMatchObject({ contentType: 'video/mp4', size: file.length, visibility: 'private' })
    await stored!.body.cancel()

    // a second start finds the users and seeds nothing again
    const again = await prepareDemoData(t.db, development, t.deps.storage)
    expect(again.seeded).toBe(false)
    const after = await catalogue()
    expect(after.categories).toHaveLength(seeded.categories.length)
    expect(after.courses).toHaveLength(12)
    expect(after.modules).toHaveLength(seeded.modules.length)
    expect(after.lessons).toHaveLength(seeded.lessons.length)
    expect(after.questions).toHaveLength(seeded.questions.length)
  })

  test('the subscribed demo member finds the courses in browse and the marketplace, and the demo video streams in byte ranges', async () => {
    const t = await developmentStart()
    const member = t.client()
    expect(
      (await member.post('/api/accounts/sign-in', { email: demoMember.email, password: demoMember.password })).status,
    ).toBe(200)

    const browse = (await (await member.get('/api/courses')).json()) as CoursePage
    expect(browse.courses).toHaveLength(12)
    const market = await member.get('/api/courses/marketplace')
    expect(market.status).toBe(200)
    const listed = ((await market.json()) as CoursePage).courses
    expect(listed.filter((course) => course.price.salePriceCents !== null)).toHaveLength(1)

    const [videoLesson] = await t.db
      .select({ moduleId: lessons.moduleId })
      .from(lessons)
      .where(eq(lessons.type, 'video'))
    const [module] = await t.db
      .select({ courseId: courseModules.courseId })
      .from(courseModules)
      .where(eq(courseModules.id, videoLesson!.moduleId))
    const page = (await (await member.get(`/api/courses/${module!.courseId}`)).json()) as CourseDetail
    const lessonViews = page.modules.flatMap((view) => view.lessons)
    const url = lessonViews.find((lesson) => lesson.type === 'video')!.videoUrl!
    expect(lessonViews.find((lesson) => lesson.type === 'quiz')?.quiz?.questions.length).toBeGreaterThanOrEqual(3)

    const file = await readFile(demoVideoFile)
    const partial = await member.request('GET', url, undefined, { range: 'bytes=0-1023' })
    expect(partial.status).toBe(206)
    expect(partial.headers.get('content-type')).toBe('video/mp4')
    expect(partial.headers.get('content-range')).toBe(`bytes 0-1023/${file.length}`)
    expect(Buffer.from(await partial.arrayBuffer())).toEqual(file.subarray(0, 1024))
    const tail = await member.request('GET', url, undefined, { range: `bytes=${file.length - 100}-` })
    expect(tail.status).toBe(206)
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(file.subarray(file.length - 100))
  })
})

describe('the demo events', () => {
  test('a first start seeds upcoming and past events of each type, webinars online with an https link, one with a single seat left; a second start adds none', async () => {
    const t = await developmentStart()
    const seeded = await t.db.select().from(events)
    const registrations = await t.db.select().from(eventRegistrations)
    const now = Date.now()
    for (const type of eventTypes) {
      const ofType = seeded.filter((event) => event.type === type)
      expect(ofType.some((event) => event.startsAt.getTime() > now)).toBe(true)
      expect(ofType.some((event) => event.startsAt.getTime() < now)).toBe(true)
    }
    const confirmedOf = (eventId: string) =>
      registrations.filter((row) => row.eventId === eventId && row.status === 'confirmed').length
    for (const event of seeded) {
      expect(event.status).toBe('scheduled')
      expect(isTimeZone(event.timeZone)).toBe(true)
      if (event.type === 'webinar') {
        expect(event.location).toBe('Online')
        expect(new URL(event.joinUrl!).protocol).toBe('https:')
      } else expect(event.joinUrl).toBeNull()
      expect(confirmedOf(event.id)).toBeLessThanOrEqual(event.capacity)
      const image = await t.deps.storage.get(event.imageKey!)
      expect(image).toMatchObject({ contentType: 'image/jpeg', visibility: 'public' })
      await image!.body.cancel()
    }
    expect(new Set(seeded.map((event) => event.timeZone)).size).toBeGreaterThanOrEqual(3)
    const nearlyFull = seeded.filter(
      (event) => event.startsAt.getTime() > now && event.capacity - confirmedOf(event.id) === 1,
    )
    expect(nearlyFull).toHaveLength(1)
    expect(confirmedOf(nearlyFull[0]!.id)).toBeGreaterThanOrEqual(5)

    // a second start finds the users and seeds nothing again
    expect((await prepareDemoData(t.db, development, t.deps.storage)).seeded).toBe(false)
    expect(await t.db.select().from(events)).toHaveLength(seeded.length)
    expect(await t.db.select().from(eventRegistrations)).toHaveLength(registrations.length)
  })

  test('the subscribed demo member sees the upcoming events soonest first, their own seats and webinar link on the dashboard, and can take the last seat', async () => {
    const t = await developmentStart()
    const member = t.client()
    expect(
      (await member.post('/api/accounts/sign-in', { email: demoMember.email, password: demoMember.password })).status,
    ).toBe(200)

    const page = (await (await member.get('/api/events')).json()) as EventPage
    const upcoming = await t.db.select().from(events)
    expect(page.events).toHaveLength(upcoming.filter((event) => event.startsAt.getTime() > Date.now()).length)
    const starts = page.events.map((event) => event.startsAt)
    expect(starts).toEqual([...starts].sort())
    const mine = page.events.filter((event) => event.myRegistration?.status === 'confirmed')
    expect(mine.length).toBeGreaterThanOrEqual(2)
    // a webinar's link only where the member holds a seat
    for (const event of page.events.filter((view) => view.type === 'webinar'))
      expect(event.joinUrl === null).toBe(event.myRegistration === null)
    const image = await member.get(page.events[0]!.imageUrl!)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')

    const dashboard = (await (await member.get('/api/events/mine')).json()) as MyEvents
    expect(dashboard.events.map((event) => event.id)).toEqual(mine.slice(0, 3).map((event) => event.id))

    const lastSeat = page.events.find((event) => event.spotsRemaining === 1)!
    const taken = await member.post(
      `/api/events/${lastSeat.id}/registration`,
      registrationForm(demoMember, { firstName: demoMember.firstName, lastName: demoMember.lastName }),
    )
    expect(taken.status).toBe(201)
    expect((await taken.json()) as RegistrationResult).toMatchObject({
      status: 'confirmed',
      event: { spotsRemaining: 0 },
    })
  })
})

describe('the demo blog', () => {
  test('a first start shows members a full blog without the internet: posts of every category, the newsletter, no draft', async () => {
    const t = await developmentStart()
    const member = t.client()
    expect(
      (await member.post('/api/accounts/sign-in', { email: demoMember.email, password: demoMember.password })).status,
    ).toBe(200)

    const page = (await (await member.get('/api/blog?limit=24')).json()) as BlogListPage
    const posts = page.entries.filter((entry) => entry.kind === 'post')
    const issues = page.entries.filter((entry) => entry.kind === 'newsletter')
    expect(new Set(posts.map((post) => post.category))).toEqual(new Set(blogCategories))
    expect(issues).toHaveLength(5)
    for (const issue of issues) expect(new URL(issue.href!).protocol).toBe('https:')
    const dates = page.entries.map((entry) => Date.parse(entry.publishedAt))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    // the newest entries are recent: the blog looks alive on any day it is started
    expect(Date.now() - dates[0]!).toBeLessThan(3 * 86_400_000)

    const withImage = posts.find((post) => post.imageUrl)!
    const image = await member.get(withImage.imageUrl!)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    const post = (await (await member.get(`/api/blog/posts/${withImage.id}`)).json()) as BlogPostView
    expect(post.contentHtml).toContain('<h2')

    const drafts = await t.db.select().from(blogPosts).where(eq(blogPosts.status, 'draft'))
    expect(drafts).toHaveLength(1)
    expect(page.entries.some((entry) => entry.id === drafts[0]!.id)).toBe(false)
    expect((await member.get(`/api/blog/posts/${drafts[0]!.id}`)).status).toBe(404)
  })
})

describe('the demo layoff tracker', () => {
  test("a first start imports every state's WARN file beside the project, each an import the admin can see", async () => {
    const t = await developmentStart()
    const member = t.client()
    expect(
      (await member.post('/api/accounts/sign-in', { email: demoMember.email, password: demoMember.password })).status,
    ).toBe(200)
    const page = (await (await member.get('/api/layoffs')).json()) as LayoffPage
    const warnFiles = readdirSync(fixturePath('warn')).filter((name) => name.endsWith('.csv'))
    const states = new Set(
      (await t.db.selectDistinct({ state: layoffRecords.state }).from(layoffRecords)).map((row) => row.state),
    )
    expect(states.size).toBe(warnFiles.length)
    expect(page.total).toBeGreaterThan(3000)
    const imports = await t.db.select().from(layoffImports)
    expect(imports.map((row) => row.fileName).sort()).toEqual(warnFiles.sort())
    for (const row of imports) {
      expect(row.status).toBe('done')
      expect((row.imported ?? 0) + (row.updated ?? 0)).toBeGreaterThan(0)
    }
  })
})
