import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from '#server/db/schema/audit.ts'
import { courses } from '#server/db/schema/courses.ts'
import { createCategory, createCourse } from '#server/testing/courses.ts'
import { errorOf } from '#server/testing/errors.ts'
import { openEventStream, type ReceivedEvent } from '#server/testing/event-stream.ts'
import { plainText, solidPng } from '#server/testing/files.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { courseImageMaxBytes } from '#shared/courses/constants.ts'
import { categoryMessages, courseMessages } from '#shared/courses/messages.ts'
import type {
  AdminCategory,
  AdminCourse,
  AdminCourseDetail,
  AdminCourseList,
  CourseImageAnswer,
  CourseInput,
  CoursePage,
  DeleteAllAnswer,
  RestoreAnswer,
} from '#shared/courses/schemas.ts'
import { genericMessages } from '#shared/errors.ts'

// Course management for admins (issue 15; spec 002 §2 Course management, §5 Course
// service, Image upload and Category form, §7 Courses and Categories): categories,
// the course form, the course image, soft delete, 'Delete All' and its undo, each
// write with exactly one audit entry. Modules and lessons: content/content.test.ts.

type Admin = TestClient & { member: { id: string; email: string } }

const base = '/api/admin/courses'
let requestCounter = 0

/** A word no other test uses, so a search finds only this test's courses. */
function uniqueWord(stem: string) {
  return `${stem}${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'q')}`
}

function imageForm(bytes: Uint8Array, name = 'cover.png', type = 'image/png') {
  const form = new FormData()
  form.set('image', new File([new Uint8Array(bytes)], name, { type }))
  return form
}

describe('course management for admins', () => {
  let t: TestApp
  let admin: Admin
  let member: TestClient
  let categoryId: string

  beforeAll(async () => {
    t = await createTestApp()
    admin = (await t.signedIn({ admin: true, firstName: 'Ada', lastName: 'Admin' })) as Admin
    member = await t.signedIn({ subscribed: true })
    categoryId = (await createCategory(t.db, { name: uniqueWord('Data') })).id
  })
  afterAll(async () => t?.close())

  const auditRows = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n

  /** `method path` as the admin: the answer, and the one audit entry the write left (the log grew by exactly one). */
  async function audited(method: string, path: string, body?: unknown) {
    const requestId = `courses-admin-${++requestCounter}-${Math.random().toString(36).slice(2, 10)}`
    const rowsBefore = await auditRows()
    const response = await admin.request(method, path, body, { 'x-request-id': requestId })
    expect(response.status, `${method} ${path}`).toBeLessThan(300)
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.requestId, requestId))
    expect(rows).toHaveLength(1)
    expect(await auditRows()).toBe(rowsBefore + 1)
    expect(rows[0]).toMatchObject({ actorId: admin.member.id, actorEmail: admin.member.email })
    return { response, entry: rows[0]! }
  }

  /** A refused write: its status and message, and no audit entry. */
  async function refused(method: string, path: string, body?: unknown) {
    const rowsBefore = await auditRows()
    const response = await admin.request(method, path, body)
    const error = await errorOf(response)
    expect(await auditRows()).toBe(rowsBefore)
    return { status: response.status, ...error }
  }

  async function uploadImage(bytes: Uint8Array = solidPng(64, 48)): Promise<string> {
    const response = await admin.post(`${base}/images`, imageForm(bytes))
    expect(response.status).toBe(201)
    return ((await response.json()) as CourseImageAnswer).imageKey
  }

  async function courseForm(overrides: Partial<CourseInput> = {}): Promise<CourseInput> {
    return {
      title: 'SQL for Analysts',
      description: 'Queries, joins and window functions for everyday questions.',
      imageKey: overrides.imageKey ?? (await uploadImage()),
      durationHours: 6.5,
      provider: 'Example Academy',
      categoryId,
      salaryRange: '$70,000 - $90,000',
      level: 'Intermediate',
      skills: ['SQL', 'PostgreSQL', 'SQL'],
      ...overrides,
    }
  }

  async function createViaApi(overrides: Partial<CourseInput> = {}): Promise<AdminCourse> {
    const response = await admin.post(base, await courseForm(overrides))
    expect(response.status).toBe(201)
    return (await response.json()) as AdminCourse
  }

  const list = async (params: Record<string, string> = {}) => {
    const response = await admin.get(`${base}?${new URLSearchParams(params)}`)
    expect(response.status).toBe(200)
    return (await response.json()) as AdminCourseList
  }

  test('visitors must sign in and members are refused on every admin course route, and nothing is written', async () => {
    const course = await createCourse(t.db, { title: 'Guarded Course' })
    const id = course.id
    const calls: [string, string, unknown?][] = [
      ['GET', base],
      ['GET', `${base}/${id}`],
      ['POST', base, {}],
      ['PUT', `${base}/${id}`, {}],
      ['DELETE', `${base}/${id}`],
      ['POST', `${base}/${id}/restore`, {}],
      ['POST', `${base}/delete-all`, {}],
      ['POST', `${base}/restore-batch`, { deletedAt: new Date().toISOString() }],
      ['POST', `${base}/images`, imageForm(solidPng())],
      ['PUT', `${base}/${id}/image`, imageForm(solidPng())],
      ['GET', `${base}/categories`],
      ['POST', `${base}/categories`, { name: 'x', description: 'y' }],
      ['PUT', `${base}/categories/${categoryId}`, { name: 'x', description: 'y' }],
      ['DELETE', `${base}/categories/${categoryId}`],
    ]
    const rowsBefore = await auditRows()
    for (const [method, path, body] of calls) {
      const asVisitor = await t.client().request(method, path, body)
      expect(asVisitor.status, `visitor ${method} ${path}`).toBe(401)
      expect((await errorOf(asVisitor)).message).toBe(genericMessages.authenticationRequired)
      const asMember = await member.request(method, path, body)
      expect(asMember.status, `member ${method} ${path}`).toBe(403)
      expect((await errorOf(asMember)).message).toBe(genericMessages.adminRequired)
    }
    expect(await auditRows()).toBe(rowsBefore)
    const [row] = await t.db.select().from(courses).where(eq(courses.id, id))
    expect(row).toMatchObject({ title: 'Guarded Course', deletedAt: null })
  })

  describe('the category manager', () => {
    test('an admin adds, edits and deletes a category, each write with its audit entry', async () => {
      const name = uniqueWord('Design')
      const created = await audited('POST', `${base}/categories`, {
        name: `  ${name}  `,
        description: 'Interfaces people enjoy.',
      })
      const category = (await created.response.json()) as AdminCategory
      expect(category).toMatchObject({ name, description: 'Interfaces people enjoy.', courseCount: 0 })
      expect(created.entry).toMatchObject({
        action: 'category.create',
        objectType: 'course_category',
        objectId: category.id,
        before: null,
        after: { name, description: 'Interfaces people enjoy.' },
      })

      const edited = await audited('PUT', `${base}/categories/${category.id}`, {
        name: `${name} Systems`,
        description: 'Interfaces people enjoy.',
      })
      expect(((await edited.response.json()) as AdminCategory).name).toBe(`${name} Systems`)
      expect(edited.entry).toMatchObject({
        action: 'category.update',
        before: { name },
        after: { name: `${name} Systems` },
      })

      const listed = (await (await admin.get(`${base}/categories`)).json()) as { categories: AdminCategory[] }
      const names = listed.categories.map((row) => row.name)
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
      expect(names).toContain(`${name} Systems`)

      const deleted = await audited('DELETE', `${base}/categories/${category.id}`)
      expect(deleted.response.status).toBe(204)
      expect(deleted.entry).toMatchObject({
        action: 'category.delete',
        after: null,
        before: { name: `${name} Systems` },
      })
      expect((await refused('DELETE', `${base}/categories/${category.id}`)).message).toBe(categoryMessages.notFound)
    })

    test('a category needs a name and a description, and its name is one whatever its case', async () => {
      const noName = await refused('POST', `${base}/categories`, { name: '   ', description: 'Something' })
      expect(noName).toMatchObject({ status: 400, message: categoryMessages.nameRequired })
      const noDescription = await refused('POST', `${base}/categories`, { name: uniqueWord('Ops'), description: '' })
      expect(noDescription).toMatchObject({ status: 400, message: categoryMessages.descriptionRequired })

      const name = uniqueWord('Cloud')
      await audited('POST', `${base}/categories`, { name, description: 'Servers elsewhere.' })
      const twice = await refused('POST', `${base}/categories`, { name: name.toUpperCase(), description: 'Again' })
      expect(twice).toMatchObject({ status: 409, message: categoryMessages.nameTaken })
    })

    test('a category some course uses, a deleted one included, is not deleted, and the table counts its courses', async () => {
      const category = await createCategory(t.db, { name: uniqueWord('Finance') })
      const live = await createCourse(t.db, { categoryId: category.id })
      const gone = await createCourse(t.db, { categoryId: category.id, deletedAt: new Date() })
      const listed = (await (await admin.get(`${base}/categories`)).json()) as { categories: AdminCategory[] }
      expect(listed.categories.find((row) => row.id === category.id)).toMatchObject({
        courseCount: 1,
        deletedCourseCount: 1,
      })

      expect(await refused('DELETE', `${base}/categories/${category.id}`)).toMatchObject({
        status: 409,
        message: categoryMessages.inUse,
      })
      await t.db.update(courses).set({ categoryId: null }).where(eq(courses.id, live.id))
      // the deleted course still counts: restoring it would bring it back without its category
      expect((await refused('DELETE', `${base}/categories/${category.id}`)).status).toBe(409)
      await t.db.update(courses).set({ categoryId: null }).where(eq(courses.id, gone.id))
      await audited('DELETE', `${base}/categories/${category.id}`)
    })
  })

  describe('the course form', () => {
    test('a course without its required fields is refused with every message joined by commas, and nothing is stored', async () => {
      const coursesBefore = (await t.db.select({ n: count() }).from(courses))[0]!.n
      const empty = await refused('POST', base, { title: '  ', description: '' })
      expect(empty.status).toBe(400)
      expect(empty.code).toBe('VALIDATION')
      expect(empty.message).toBe(
        [
          courseMessages.titleRequired,
          courseMessages.descriptionRequired,
          courseMessages.imageRequired,
          courseMessages.durationRequired,
          courseMessages.providerRequired,
          courseMessages.categoryRequired,
          courseMessages.salaryRangeRequired,
        ].join(', '),
      )
      expect(empty.fields).toMatchObject({
        title: courseMessages.titleRequired,
        description: courseMessages.descriptionRequired,
        imageKey: courseMessages.imageRequired,
        durationHours: courseMessages.durationRequired,
        provider: courseMessages.providerRequired,
        categoryId: courseMessages.categoryRequired,
        salaryRange: courseMessages.salaryRangeRequired,
      })

      // one missing field says just its own message
      const form = await courseForm()
      const noProvider = await refused('POST', base, { ...form, provider: ' ' })
      expect(noProvider.message).toBe(courseMessages.providerRequired)

      // spec 002 §5: the affiliate link is blank or http(s); the sale is below the price
      const badLink = await refused('POST', base, { ...form, affiliateUrl: 'ftp://example.com/course' })
      expect(badLink).toMatchObject({ status: 400, message: courseMessages.invalidAffiliateUrl })
      expect((await refused('POST', base, { ...form, affiliateUrl: 'javascript:alert(1)' })).message).toBe(
        courseMessages.invalidAffiliateUrl,
      )
      const badSale = await refused('POST', base, { ...form, priceCents: 5000, salePriceCents: 6000 })
      expect(badSale).toMatchObject({ status: 400, message: courseMessages.invalidSalePrice })
      expect((await t.db.select({ n: count() }).from(courses))[0]!.n).toBe(coursesBefore)
    })

    test('an admin creates a draft with its image, price 0 by default, then edits and publishes it, each write audited', async () => {
      const form = await courseForm({ affiliateUrl: '' })
      const created = await audited('POST', base, form)
      expect(created.response.status).toBe(201)
      const course = (await created.response.json()) as AdminCourse
      expect(course).toMatchObject({
        title: 'SQL for Analysts',
        durationHours: 6.5,
        level: 'Intermediate',
        skills: ['SQL', 'PostgreSQL'],
        categoryId,
        imageKey: form.imageKey,
        isPublished: false,
        affiliateUrl: null,
        priceCents: 0,
        salePriceCents: null,
        deletedAt: null,
      })
      expect(course.imageUrl).toMatch(new RegExp(`^/api/courses/${course.id}/image\\?v=\\d+$`))
      expect(created.entry).toMatchObject({ action: 'course.create', objectType: 'course', objectId: course.id })
      expect(created.entry.after).toMatchObject({
        title: 'SQL for Analysts',
        image: form.imageKey,
        category: categoryId,
        isPublished: false,
        priceCents: 0,
      })
      // a draft: members do not see it; the admin previews its image through the members' route
      expect((await member.get(`/api/courses/${course.id}`)).status).toBe(404)
      const image = await admin.get(course.imageUrl!)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toMatch(/^image\/(png|jpeg)$/)

      const edited = await audited('PUT', `${base}/${course.id}`, {
        ...form,
        title: 'SQL for Analysts, Second Edition',
        isPublished: true,
        affiliateUrl: 'https://academy.example.com/sql',
        priceCents: 4900,
        salePriceCents: 2900,
        saleEndsAt: '2099-01-01T00:00:00.000Z',
      })
      const after = (await edited.response.json()) as AdminCourse
      expect(after).toMatchObject({
        title: 'SQL for Analysts, Second Edition',
        isPublished: true,
        affiliateUrl: 'https://academy.example.com/sql',
        priceCents: 4900,
        salePriceCents: 2900,
        saleEndsAt: '2099-01-01T00:00:00.000Z',
      })
      expect(edited.entry).toMatchObject({
        action: 'course.update',
        before: { title: 'SQL for Analysts', isPublished: false, priceCents: 0 },
        after: { title: 'SQL for Analysts, Second Edition', isPublished: true, priceCents: 4900 },
      })
      // only what changed is logged
      expect(Object.keys(edited.entry.after as object).sort()).toEqual(
        ['affiliateUrl', 'isPublished', 'priceCents', 'saleEndsAt', 'salePriceCents', 'title'].sort(),
      )
      expect((await member.get(`/api/courses/${course.id}`)).status).toBe(200)

      const detail = (await (await admin.get(`${base}/${course.id}`)).json()) as AdminCourseDetail
      expect(detail).toMatchObject({ id: course.id, modules: [], enrolClicks: 0 })
      expect((await refused('PUT', `${base}/00000000-0000-4000-8000-000000000000`, form)).status).toBe(404)
    })

    test('members read a change at once (lists are cached per instance) and open lists hear of it live', async () => {
      const word = uniqueWord('Cachecheck')
      const course = await createViaApi({ title: `${word} Basics`, isPublished: true })
      const search = async () => {
        const response = await member.get(`/api/courses?q=${word}`)
        expect(response.status).toBe(200)
        return ((await response.json()) as CoursePage).courses.map((card) => card.title)
      }
      expect(await search()).toEqual([`${word} Basics`])
      expect(await search()).toEqual([`${word} Basics`]) // the second read is the kept answer

      const stream = await openEventStream(member)
      const payload = (event: ReceivedEvent) =>
        event.data as { control?: string; topic?: string; type?: string; data?: { courseId?: string | null } }
      await stream.next((event) => payload(event).control === 'hello')
      await audited('PUT', `${base}/${course.id}`, await courseForm({ title: `${word} Advanced`, isPublished: true }))
      expect(await search()).toEqual([`${word} Advanced`])
      const heard = await stream.next((event) => payload(event).topic === 'courses')
      expect(payload(heard)).toMatchObject({ type: 'courses.changed', data: { courseId: course.id } })

      await audited('DELETE', `${base}/${course.id}`)
      expect(await search()).toEqual([])
      await stream.close()
    })

    test("an image key the server did not store for a course, or another course's, is refused", async () => {
      const form = await courseForm()
      const invented = await refused('POST', base, { ...form, imageKey: 'course-images/invented.png' })
      expect(invented).toMatchObject({ status: 400, message: courseMessages.imageRequired })
      const missing = await refused('POST', base, {
        ...form,
        imageKey: 'course-images/00000000-0000-4000-8000-000000000000.png',
      })
      expect(missing.message).toBe(courseMessages.imageRequired)
      // a file of another area (a member's avatar, a resume) is never a course image
      expect((await refused('POST', base, { ...form, imageKey: 'avatars/someone.png' })).status).toBe(400)

      const first = await createViaApi({ imageKey: form.imageKey })
      const second = await refused('POST', base, { ...form, title: 'Copycat' })
      expect(second.message).toBe(courseMessages.imageRequired)
      expect(first.imageKey).toBe(form.imageKey)
    })
  })

  describe('the course image', () => {
    test('an image is judged by its bytes: a renamed text file, a file over 5 MB and a missing file are refused', async () => {
      const renamed = await admin.post(`${base}/images`, imageForm(plainText, 'cover.png', 'image/png'))
      expect(renamed.status).toBe(400)
      expect(await errorOf(renamed)).toMatchObject({
        message: courseMessages.imageNotImage,
        fields: { image: courseMessages.imageNotImage },
      })
      const big = await admin.post(`${base}/images`, imageForm(new Uint8Array(courseImageMaxBytes + 1)))
      expect(big.status).toBe(400)
      expect((await errorOf(big)).message).toBe(courseMessages.imageTooLarge)
      const none = await admin.post(`${base}/images`, new FormData())
      expect((await errorOf(none)).message).toBe(courseMessages.imageNotImage)
    })

    test('an uploaded photo is re-encoded: metadata dropped, at most 1600 px, a JPEG', async () => {
      const photo = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#3366cc' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'Someone' } } })
        .toBuffer()
      const key = await uploadImage(photo)
      expect(key).toMatch(/^course-images\/[0-9a-f-]{36}\.jpg$/)
      const stored = await t.deps.storage.get(key)
      const bytes = Buffer.from(await new Response(stored!.body).arrayBuffer())
      const meta = await sharp(bytes).metadata()
      expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 800 })
      expect(meta.exif).toBeUndefined()
    })

    test('replacing a course image stores the new one, deletes the old file and is audited', async () => {
      const course = await createViaApi()
      const replaced = await audited('PUT', `${base}/${course.id}/image`, imageForm(solidPng(80, 80, [200, 30, 30])))
      const after = (await replaced.response.json()) as AdminCourse
      expect(after.imageKey).not.toBe(course.imageKey)
      expect(after.imageUrl).not.toBe(course.imageUrl)
      expect(replaced.entry).toMatchObject({
        action: 'course.image.set',
        objectId: course.id,
        before: { image: course.imageKey },
        after: { image: after.imageKey },
      })
      expect(await t.deps.storage.get(course.imageKey!)).toBeUndefined()
      const served = await admin.get(after.imageUrl!)
      expect(served.status).toBe(200)

      // a new image through the form: the old file goes once the course points at the new one
      const key = await uploadImage(solidPng(30, 30, [0, 0, 0]))
      const form = await courseForm({ imageKey: key })
      await audited('PUT', `${base}/${course.id}`, form)
      expect(await t.deps.storage.get(after.imageKey!)).toBeUndefined()
      // refused images leave the course as it was
      const text = await refused('PUT', `${base}/${course.id}/image`, imageForm(plainText, 'x.jpg', 'image/jpeg'))
      expect(text).toMatchObject({ status: 400, message: courseMessages.imageNotImage })
      const [row] = await t.db.select({ imageKey: courses.imageKey }).from(courses).where(eq(courses.id, course.id))
      expect(row!.imageKey).toBe(key)
    })
  })

  describe('the course table', () => {
    test('lists drafts too, searches title or description whatever the case, and pages with a cursor', async () => {
      const word = uniqueWord('kestrel')
      const inTitle = await createViaApi({ title: `Intro to ${word}` })
      const inDescription = await createViaApi({
        description: `Mentions ${word.toUpperCase()} once.`,
        isPublished: true,
      })
      await createCourse(t.db, { title: `${word} deleted`, deletedAt: new Date() })
      const found = await list({ q: word })
      expect(found.courses.map((course) => course.id)).toEqual([inDescription.id, inTitle.id])
      expect(found.total).toBe(2)
      expect(found.courses.find((course) => course.id === inTitle.id)?.isPublished).toBe(false)
      // the search's own wildcards are literal
      expect((await list({ q: '%' })).courses.every((course) => /%/.test(course.title + course.description))).toBe(true)

      // pages of 50, newest first, none repeated
      const stem = uniqueWord('paged')
      for (let i = 0; i < 52; i++) await createCourse(t.db, { title: `${stem} ${i}`, isPublished: i % 2 === 0 })
      const first = await list({ q: stem })
      expect(first.courses).toHaveLength(50)
      expect(first.total).toBe(52)
      expect(first.nextCursor).not.toBeNull()
      const second = await list({ q: stem, cursor: first.nextCursor! })
      expect(second.courses).toHaveLength(2)
      expect(second.nextCursor).toBeNull()
      expect(new Set([...first.courses, ...second.courses].map((course) => course.id)).size).toBe(52)

      const bad = await admin.get(`${base}?cursor=not-a-cursor`)
      expect(bad.status).toBe(400)
    })

    test('a soft delete hides the course from members and the table; the Deleted courses view lists it, and restore brings it back', async () => {
      const course = await createViaApi({ isPublished: true, title: uniqueWord('Removable') })
      const countsBefore = (await list()).counts
      const deleted = await audited('DELETE', `${base}/${course.id}`)
      expect(deleted.response.status).toBe(204)
      expect(deleted.entry).toMatchObject({ action: 'course.delete', objectId: course.id, after: null })
      expect(deleted.entry.before).toMatchObject({ title: course.title, isPublished: true })

      expect((await member.get(`/api/courses/${course.id}`)).status).toBe(404)
      const live = await list({ q: course.title })
      expect(live.courses).toEqual([])
      expect(live.counts).toEqual({ live: countsBefore.live - 1, deleted: countsBefore.deleted + 1 })
      const gone = await list({ q: course.title, deleted: 'true' })
      expect(gone.courses.map((row) => row.id)).toEqual([course.id])
      expect(gone.courses[0]!.deletedAt).not.toBeNull()
      // the row and its image stay
      expect(await t.deps.storage.get(course.imageKey!)).toBeDefined()
      // the admin still opens it, but changes nothing until it is restored
      expect((await admin.get(`${base}/${course.id}`)).status).toBe(200)
      const edit = await refused('PUT', `${base}/${course.id}`, await courseForm({ imageKey: course.imageKey! }))
      expect(edit).toMatchObject({ status: 409, message: courseMessages.deletedCourseReadOnly })
      expect((await refused('DELETE', `${base}/${course.id}`)).status).toBe(404)

      const restored = await audited('POST', `${base}/${course.id}/restore`)
      expect(((await restored.response.json()) as AdminCourse).deletedAt).toBeNull()
      expect(restored.entry).toMatchObject({ action: 'course.restore', objectId: course.id })
      expect((await member.get(`/api/courses/${course.id}`)).status).toBe(200)
      expect(await refused('POST', `${base}/${course.id}/restore`)).toMatchObject({
        status: 409,
        message: courseMessages.notDeleted,
      })
    })

    test("a deleted course's image is still served to admins, whose Deleted courses view shows it, and never to members", async () => {
      const course = await createViaApi({ isPublished: true, title: uniqueWord('Pictured') })
      expect((await member.get(course.imageUrl!)).status).toBe(200)
      await audited('DELETE', `${base}/${course.id}`)
      const [shown] = (await list({ q: course.title, deleted: 'true' })).courses
      expect(shown!.imageUrl).toBe(course.imageUrl)
      const image = await admin.get(shown!.imageUrl!)
      expect(image.status).toBe(200)
      const stored = await t.deps.storage.get(course.imageKey!)
      expect(image.headers.get('content-type')).toBe(stored!.contentType)
      await stored!.body.cancel()
      expect(Buffer.from(await image.arrayBuffer()).length).toBe(stored!.size)
      expect((await member.get(shown!.imageUrl!)).status).toBe(404)
    })

    test('Delete All soft deletes every live course and answers the count; its undo restores exactly those', async () => {
      const deletedEarlier = await createCourse(t.db, {
        title: 'Deleted on its own',
        deletedAt: new Date(Date.now() - 60_000),
      })
      const { counts } = await list()
      expect(counts.live).toBeGreaterThan(0)

      const all = await audited('POST', `${base}/delete-all`)
      const answer = (await all.response.json()) as DeleteAllAnswer
      expect(answer.deleted).toBe(counts.live)
      expect(answer.deletedAt).not.toBeNull()
      expect(all.entry).toMatchObject({
        action: 'course.delete-all',
        objectId: 'all',
        after: { count: counts.live, deletedAt: answer.deletedAt },
      })
      expect((await list()).counts).toEqual({ live: 0, deleted: counts.deleted + counts.live })
      expect((await list()).courses).toEqual([])
      const browse = (await (await member.get('/api/courses')).json()) as { courses: unknown[] }
      expect(browse.courses).toEqual([])
      // the Deleted courses view shows the batch together, newest deleted first
      const view = await list({ deleted: 'true' })
      expect(view.courses.slice(0, Math.min(counts.live, 50)).every((row) => row.deletedAt === answer.deletedAt)).toBe(
        true,
      )

      const undo = await audited('POST', `${base}/restore-batch`, { deletedAt: answer.deletedAt })
      expect((await undo.response.json()) as RestoreAnswer).toEqual({ restored: counts.live })
      expect(undo.entry).toMatchObject({ action: 'course.restore-batch', after: { restored: counts.live } })
      expect((await list()).counts).toEqual(counts)
      const [earlier] = await t.db.select().from(courses).where(eq(courses.id, deletedEarlier.id))
      expect(earlier!.deletedAt).not.toBeNull()

      expect(await refused('POST', `${base}/restore-batch`, { deletedAt: answer.deletedAt })).toMatchObject({
        status: 404,
        message: courseMessages.nothingToRestore,
      })
      expect((await refused('POST', `${base}/restore-batch`, { deletedAt: 'yesterday' })).status).toBe(400)
    })

    test('a form read before another admin replaced the image does not point the course back at the deleted file', async () => {
      const course = await createViaApi()
      const form = await courseForm({ imageKey: course.imageKey! })
      await audited('PUT', `${base}/${course.id}/image`, imageForm(solidPng(12, 12)))
      const stale = await refused('PUT', `${base}/${course.id}`, form)
      expect(stale).toMatchObject({ status: 400, message: courseMessages.imageRequired })
      const [row] = await t.db.select({ imageKey: courses.imageKey }).from(courses).where(eq(courses.id, course.id))
      expect(row!.imageKey).not.toBe(course.imageKey)
    })
  })
})
