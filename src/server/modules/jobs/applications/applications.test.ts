import { readFile } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { jobApplications } from '#server/db/schema/jobs.ts'
import { fixturePath, plainText } from '#server/testing/files.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { errorOf } from '#server/testing/errors.ts'
import { createJob, type NewJob } from '#server/testing/jobs.ts'
import { insertApplication } from '#server/modules/jobs/applications/queries.ts'
import { invalidCursorMessage } from '#shared/common/fields.ts'
import { genericMessages } from '#shared/errors.ts'
import {
  jobApplicationsPageSize,
  jobMessages,
  resumeMaxBytes,
  type AdminApplication,
  type AdminApplicationPage,
  type MyApplication,
} from '#shared/jobs/schemas.ts'

const resumePath = fixturePath('resumes', 'awesome_cv_example_resume.pdf')
const adminEmail = 'jobs-admin@example.com'

type Member = TestClient & { member: { id: string; email: string } }

const fields = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada.applies@example.com',
  phone: '+44 20 7946 0958',
  coverLetter: 'I would love to build analytical engines with your team.',
}

function applicationForm(
  values: Record<string, string | undefined>,
  resume?: { bytes: Uint8Array; name: string; type?: string },
) {
  const form = new FormData()
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.set(key, value)
  if (resume)
    form.set(
      'resume',
      new File([new Uint8Array(resume.bytes)], resume.name, { type: resume.type ?? 'application/pdf' }),
    )
  return form
}

describe('applying to jobs', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let t: TestApp
  let admin: Member
  let resume: Buffer
  let jobCounter = 0

  const insertJob = (values: Partial<NewJob> = {}) =>
    createJob(t.db, {
      title: `Analytical Engineer ${++jobCounter}`,
      company: 'Babbage & Co',
      location: 'London',
      ...values,
    })

  const subscriber = () => t.signedIn({ subscribed: true }) as Promise<Member>
  const apply = (
    client: TestClient,
    jobId: string,
    values: Record<string, string | undefined> = fields,
    file = { bytes: resume, name: 'awesome_cv_example_resume.pdf' },
  ) => client.post(`/api/jobs/${jobId}/applications`, applicationForm(values, file))
  const applicationsTo = (jobId: string) => t.db.select().from(jobApplications).where(eq(jobApplications.jobId, jobId))

  beforeAll(async () => {
    resume = await readFile(resumePath)
    smtp = await startSmtpServer()
    t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' })
    admin = (await t.signedIn({ admin: true, email: adminEmail })) as Member
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  test('a subscriber applies with a PDF resume; the admins get the details and a download link, the applicant a confirmation', async () => {
    const job = await insertJob({ title: 'Engine Designer' })
    const ada = await subscriber()
    const response = await apply(ada, job.id)
    expect(response.status).toBe(201)
    const application = (await response.json()) as MyApplication
    expect(application).toMatchObject({
      jobId: job.id,
      jobTitle: 'Engine Designer',
      company: 'Babbage & Co',
      status: 'submitted',
      resumeFileName: 'awesome_cv_example_resume.pdf',
      resumeUrl: `/api/applications/${application.id}/resume`,
    })

    const [row] = await applicationsTo(job.id)
    expect(row).toMatchObject({ id: application.id, userId: ada.member.id, ...fields, status: 'submitted' })
    expect(row!.resumeKey).toMatch(/^resumes\/[a-f0-9-]+\.pdf$/)
    const stored = await t.deps.storage.get(row!.resumeKey)
    expect(stored).toMatchObject({ contentType: 'application/pdf', visibility: 'private', size: resume.length })
    await stored!.body.cancel()

    const toAdmin = await smtp.waitFor(adminEmail, /New application: Ada Lovelace for Engine Designer at Babbage & Co/)
    expect(toAdmin.text).toContain(`http://localhost:3000/api/applications/${application.id}/resume`)
    expect(toAdmin.text).toContain(fields.coverLetter)
    expect(toAdmin.text).toContain(fields.phone)
    expect(toAdmin.replyTo).toBe(`"Ada Lovelace" <${fields.email}>`)
    const confirmation = await smtp.waitFor(fields.email, /Application received: Engine Designer at Babbage & Co/)
    expect(confirmation.text).toContain('Hello Ada')
  })

  test('applications to a job with a contact e-mail go to that address, resume attached, instead of the admins', async () => {
    const job = await insertJob({ title: 'Difference Engine Lead', contactEmail: 'hiring@babbage.example.com' })
    const response = await apply(await subscriber(), job.id)
    expect(response.status).toBe(201)
    const mail = await smtp.waitFor(
      'hiring@babbage.example.com',
      /New application: Ada Lovelace for Difference Engine Lead/,
    )
    // the contact may have no account here: the resume itself travels, never a public link
    expect(mail.text).not.toContain('/api/applications/')
    expect(mail.attachments).toHaveLength(1)
    expect(mail.attachments[0]).toMatchObject({
      filename: 'awesome_cv_example_resume.pdf',
      contentType: 'application/pdf',
    })
    expect(Buffer.compare(mail.attachments[0]!.content, resume)).toBe(0)
    await t.jobsSettled(['send-mail'])
    expect(smtp.received.some((m) => m.to.includes(adminEmail) && /Difference Engine Lead/.test(m.subject))).toBe(false)
  })

  test('applying twice to the same job is refused and stores nothing new', async () => {
    const job = await insertJob()
    const member = await subscriber()
    expect((await apply(member, job.id)).status).toBe(201)
    const again = await apply(member, job.id)
    expect(again.status).toBe(409)
    expect((await errorOf(again)).message).toBe(jobMessages.alreadyApplied)
    expect(await applicationsTo(job.id)).toHaveLength(1)
  })

  test('two submissions at once store one application and leave no stray resume behind', async () => {
    const job = await insertJob()
    const member = await subscriber()
    const storedKeys: string[] = []
    const put = t.deps.storage.put.bind(t.deps.storage)
    const spy = vi.spyOn(t.deps.storage, 'put').mockImplementation(async (key, bytes, info) => {
      storedKeys.push(key)
      await put(key, bytes, info)
    })
    let statuses: number[]
    try {
      statuses = (await Promise.all([apply(member, job.id), apply(member, job.id)])).map((r) => r.status).sort()
    } finally {
      spy.mockRestore()
    }
    expect(statuses).toEqual([201, 409])
    const [row, ...more] = await applicationsTo(job.id)
    expect(more).toEqual([])
    expect(storedKeys).toContain(row!.resumeKey)
    // whichever request lost either stored nothing or removed what it stored
    for (const key of storedKeys.filter((key) => key !== row!.resumeKey))
      expect(await t.deps.storage.get(key)).toBeUndefined()
  })

  test('every field is required and the e-mail must be valid', async () => {
    const job = await insertJob()
    const member = await subscriber()
    const cases: Array<[Record<string, string | undefined>, string, string]> = [
      [{ ...fields, firstName: undefined }, jobMessages.allFieldsRequired, 'firstName'],
      [{ ...fields, coverLetter: '   ' }, jobMessages.allFieldsRequired, 'coverLetter'],
      [{ ...fields, email: 'not-an-address' }, jobMessages.invalidEmail, 'email'],
      [{ ...fields, phone: 'call me' }, jobMessages.invalidPhone, 'phone'],
      // a blank field is told first, even after a bad e-mail
      [{ ...fields, email: 'not-an-address', phone: '' }, jobMessages.allFieldsRequired, 'phone'],
    ]
    for (const [values, message, field] of cases) {
      const response = await apply(member, job.id, values)
      expect(response.status).toBe(400)
      const error = await errorOf(response)
      expect(error.message).toBe(message)
      expect(error.fields?.[field]).toBe(message)
    }
    const noResume = await member.post(`/api/jobs/${job.id}/applications`, applicationForm(fields))
    expect(noResume.status).toBe(400)
    expect(await errorOf(noResume)).toMatchObject({
      message: jobMessages.allFieldsRequired,
      fields: { resume: jobMessages.allFieldsRequired },
    })
    const noResumeBadEmail = await member.post(
      `/api/jobs/${job.id}/applications`,
      applicationForm({ ...fields, email: 'not-an-address' }),
    )
    expect(await errorOf(noResumeBadEmail)).toMatchObject({
      message: jobMessages.allFieldsRequired,
      fields: { resume: jobMessages.allFieldsRequired, email: jobMessages.invalidEmail },
    })
    expect(await applicationsTo(job.id)).toEqual([])
  })

  test('a resume that is not a PDF, DOC or DOCX is refused whatever its name says', async () => {
    const job = await insertJob()
    const member = await subscriber()
    const program = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
      Buffer.alloc(512),
    ])
    for (const bytes of [program, plainText]) {
      const response = await apply(member, job.id, fields, { bytes, name: 'resume.pdf' })
      expect(response.status).toBe(400)
      expect(await errorOf(response)).toMatchObject({
        message: jobMessages.resumeWrongType,
        fields: { resume: jobMessages.resumeWrongType },
      })
    }
    expect(await applicationsTo(job.id)).toEqual([])
  })

  test('a resume over 5 MB is refused', async () => {
    const job = await insertJob()
    const member = await subscriber()
    // just over the limit reaches the service; far over is cut off while the request is read
    for (const size of [resumeMaxBytes + 1, resumeMaxBytes + 1024 * 1024]) {
      const big = Buffer.concat([resume, Buffer.alloc(size - resume.length)])
      const response = await apply(member, job.id, fields, { bytes: big, name: 'big.pdf' })
      expect(response.status).toBe(400)
      expect((await errorOf(response)).message).toBe(jobMessages.resumeTooLarge)
    }
    expect(await applicationsTo(job.id)).toEqual([])
  })

  test('a closed or unknown job takes no applications', async () => {
    const closed = await insertJob({ status: 'closed' })
    const member = await subscriber()
    const response = await apply(member, closed.id)
    expect(response.status).toBe(404)
    expect((await errorOf(response)).message).toBe(jobMessages.notFound)
    expect((await apply(member, crypto.randomUUID())).status).toBe(404)
    expect(await applicationsTo(closed.id)).toEqual([])
  })

  test('a member without a subscription cannot apply, and a visitor is asked to sign in', async () => {
    const job = await insertJob()
    const free = await t.signedIn()
    const refused = await apply(free, job.id)
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe(genericMessages.subscriptionRequired)
    expect((await apply(t.client(), job.id)).status).toBe(401)
    expect(await applicationsTo(job.id)).toEqual([])
  })

  test('an application stays stored when its mail cannot be sent', async () => {
    const job = await insertJob()
    const send = vi.spyOn(t.deps.mailer, 'send').mockRejectedValue(new Error('SMTP down'))
    try {
      expect((await apply(await subscriber(), job.id)).status).toBe(201)
    } finally {
      send.mockRestore()
    }
    expect(await applicationsTo(job.id)).toHaveLength(1)
  })

  test('the applicant and admins download the resume; other members and visitors cannot', async () => {
    const job = await insertJob()
    const applicant = await subscriber()
    const { resumeUrl } = (await (await apply(applicant, job.id)).json()) as MyApplication

    for (const reader of [applicant, admin]) {
      const response = await reader.get(resumeUrl)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/pdf')
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="awesome_cv_example_resume.pdf"')
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      expect(Buffer.from(await response.arrayBuffer()).equals(resume)).toBe(true)
    }
    const other = await subscriber()
    const refused = await other.get(resumeUrl)
    expect(refused.status).toBe(404)
    expect((await errorOf(refused)).message).toBe(jobMessages.applicationNotFound)
    expect((await other.get(`/api/applications/${crypto.randomUUID()}/resume`)).status).toBe(404)
    expect((await t.client().get(resumeUrl)).status).toBe(401)
  })

  test('an admin lists the applications to a job, newest first; members cannot', async () => {
    const job = await insertJob()
    const first = await subscriber()
    const second = await subscriber()
    expect((await apply(first, job.id, { ...fields, firstName: 'First' })).status).toBe(201)
    expect((await apply(second, job.id, { ...fields, firstName: 'Second' })).status).toBe(201)

    const response = await admin.get(`/api/admin/jobs/${job.id}/applications`)
    expect(response.status).toBe(200)
    const { applications } = (await response.json()) as { applications: AdminApplication[] }
    expect(applications.map((a) => [a.firstName, a.userId])).toEqual([
      ['Second', second.member.id],
      ['First', first.member.id],
    ])
    expect(applications[0]).toMatchObject({
      email: fields.email,
      phone: fields.phone,
      coverLetter: fields.coverLetter,
      status: 'submitted',
    })

    expect((await first.get(`/api/admin/jobs/${job.id}/applications`)).status).toBe(403)
    expect((await admin.get(`/api/admin/jobs/${crypto.randomUUID()}/applications`)).status).toBe(404)
  })

  test('an admin pages through 45 applications to a job, newest first, without a gap or a repeat; a forged cursor is refused', async () => {
    const job = await insertJob()
    const applicants = await t.signedInMany(45)
    const written: { id: string; at: number }[] = []
    // three at each instant: between equal times the id keeps the order
    const start = Date.now() - 60_000
    for (const [index, applicant] of applicants.entries()) {
      const at = start + Math.floor(index / 3) * 1000
      const row = await insertApplication(t.db, {
        jobId: job.id,
        userId: applicant.member.id,
        jobTitle: job.title,
        company: 'Babbage & Co',
        ...fields,
        resumeKey: `resumes/${applicant.member.id}.pdf`,
        resumeFileName: 'resume.pdf',
        createdAt: new Date(at),
      })
      written.push({ id: row.id, at })
    }
    const newestFirst = written.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((a) => a.id)

    const pages: AdminApplicationPage[] = []
    let cursor: string | null = null
    do {
      const response = await admin.get(
        `/api/admin/jobs/${job.id}/applications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      )
      expect(response.status).toBe(200)
      const page = (await response.json()) as AdminApplicationPage
      pages.push(page)
      cursor = page.nextCursor
    } while (cursor && pages.length < 5)
    expect(pages.map((page) => page.applications.length)).toEqual([jobApplicationsPageSize, jobApplicationsPageSize, 5])
    expect(pages.flatMap((page) => page.applications.map((a) => a.id))).toEqual(newestFirst)

    for (const bad of ['not*valid', Buffer.from('{"at":"yesterday","id":"x"}').toString('base64url')]) {
      const refused = await admin.get(`/api/admin/jobs/${job.id}/applications?cursor=${bad}`)
      expect(refused.status).toBe(400)
      expect((await errorOf(refused)).message).toBe(invalidCursorMessage)
    }
  })

  test('the admin job table counts every application to each job, before and after their status moves', async () => {
    const job = await insertJob({ title: 'Counted Engine Designer' })
    const other = await insertJob({ title: 'Uncounted Engine Designer' })
    const applicants = [await subscriber(), await subscriber(), await subscriber()]
    for (const applicant of applicants) expect((await apply(applicant, job.id)).status).toBe(201)
    expect((await apply(applicants[0]!, other.id)).status).toBe(201)

    const countsInTable = async () => {
      const { jobs } = (await (await admin.get('/api/admin/jobs?q=Engine%20Designer')).json()) as {
        jobs: Array<{ id: string; applicationCount: number }>
      }
      return Object.fromEntries(
        jobs.filter((row) => row.id === job.id || row.id === other.id).map((row) => [row.id, row.applicationCount]),
      )
    }
    expect(await countsInTable()).toEqual({ [job.id]: 3, [other.id]: 1 })

    const { applications } = (await (await admin.get(`/api/admin/jobs/${job.id}/applications`)).json()) as {
      applications: AdminApplication[]
    }
    expect(
      (await admin.request('PATCH', `/api/admin/jobs/applications/${applications[0]!.id}`, { status: 'rejected' }))
        .status,
    ).toBe(200)
    expect(
      (await admin.request('PATCH', `/api/admin/jobs/applications/${applications[1]!.id}`, { status: 'reviewed' }))
        .status,
    ).toBe(200)
    expect(await countsInTable()).toEqual({ [job.id]: 3, [other.id]: 1 })

    // the answer to an edit carries the same count as the table
    const closed = await admin.request('PATCH', `/api/admin/jobs/${job.id}/status`, { status: 'closed' })
    expect(((await closed.json()) as { applicationCount: number }).applicationCount).toBe(3)
  })

  test('an admin moves an application on and the applicant is told by e-mail; members cannot move it', async () => {
    const job = await insertJob({ title: 'Loom Programmer' })
    const applicant = await subscriber()
    const email = 'moving.ada@example.com'
    const { id } = (await (await apply(applicant, job.id, { ...fields, email })).json()) as MyApplication
    const path = `/api/admin/jobs/applications/${id}`

    expect((await applicant.request('PATCH', path, { status: 'interviewing' })).status).toBe(403)

    const moved = await admin.request('PATCH', path, { status: 'interviewing' })
    expect(moved.status).toBe(200)
    expect(await moved.json()).toMatchObject({ id, status: 'interviewing' })
    const [row] = await t.db.select().from(jobApplications).where(eq(jobApplications.id, id))
    expect(row!.status).toBe('interviewing')
    expect(row!.updatedAt.getTime()).toBeGreaterThan(row!.createdAt.getTime())
    const news = await smtp.waitFor(email, /Your application for Loom Programmer at Babbage & Co: Interviewing/)
    expect(news.text).toContain('will be in touch to schedule')

    expect((await admin.request('PATCH', path, { status: 'offered' })).status).toBe(200)
    const backwards = await admin.request('PATCH', path, { status: 'reviewed' })
    expect(backwards.status).toBe(400)
    expect((await errorOf(backwards)).message).toBe(jobMessages.invalidStatusMove)
  })

  test('a rejected application cannot move again', async () => {
    const job = await insertJob()
    const { id } = (await (await apply(await subscriber(), job.id)).json()) as MyApplication
    const path = `/api/admin/jobs/applications/${id}`
    expect((await admin.request('PATCH', path, { status: 'rejected' })).status).toBe(200)
    for (const status of ['submitted', 'reviewed', 'offered', 'rejected']) {
      const refused = await admin.request('PATCH', path, { status })
      expect(refused.status).toBe(400)
      expect((await errorOf(refused)).message).toBe(jobMessages.invalidStatusMove)
    }
    const [row] = await t.db.select().from(jobApplications).where(eq(jobApplications.id, id))
    expect(row!.status).toBe('rejected')
    expect(
      (await admin.request('PATCH', `/api/admin/jobs/applications/${crypto.randomUUID()}`, { status: 'reviewed' }))
        .status,
    ).toBe(404)
  })

  test('a job with applications is not deleted, so they stay in reach; closed, it keeps them listed for the admin', async () => {
    const job = await insertJob()
    const member = await subscriber()
    expect((await apply(member, job.id)).status).toBe(201)
    const refused = await admin.delete(`/api/admin/jobs/${job.id}`)
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).message).toBe(jobMessages.deleteHasApplications)
    expect(await applicationsTo(job.id)).toHaveLength(1)

    expect((await admin.request('PATCH', `/api/admin/jobs/${job.id}/status`, { status: 'closed' })).status).toBe(200)
    const listed = await admin.get(`/api/admin/jobs/${job.id}/applications`)
    expect(((await listed.json()) as { applications: unknown[] }).applications).toHaveLength(1)
    // a job without applications goes
    expect((await admin.delete(`/api/admin/jobs/${(await insertJob()).id}`)).status).toBe(204)
  })

  test('My applications lists only the member’s own, newest first, with their status', async () => {
    const [older, newer, othersJob] = [
      await insertJob({ title: 'Older Job' }),
      await insertJob({ title: 'Newer Job' }),
      await insertJob(),
    ]
    const member = await subscriber()
    const other = await subscriber()
    expect((await member.get('/api/applications/mine')).status).toBe(200)
    expect(
      ((await (await member.get('/api/applications/mine')).json()) as { applications: MyApplication[] }).applications,
    ).toEqual([])

    const { id: olderId } = (await (await apply(member, older.id)).json()) as MyApplication
    expect((await apply(member, newer.id)).status).toBe(201)
    expect((await apply(other, othersJob.id)).status).toBe(201)
    expect(
      (await admin.request('PATCH', `/api/admin/jobs/applications/${olderId}`, { status: 'reviewed' })).status,
    ).toBe(200)

    const { applications } = (await (await member.get('/api/applications/mine')).json()) as {
      applications: MyApplication[]
    }
    expect(applications.map((a) => [a.jobTitle, a.status])).toEqual([
      ['Newer Job', 'submitted'],
      ['Older Job', 'reviewed'],
    ])
    const mine = await t.db.select().from(jobApplications).where(eq(jobApplications.userId, member.member.id))
    expect(mine).toHaveLength(2)
    expect((await t.client().get('/api/applications/mine')).status).toBe(401)
  })
})

describe('resumes when admins must use two-factor authentication', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_REQUIRE_2FA: 'true' })
  })
  afterAll(async () => {
    await t?.close()
  })

  test('an admin account without two-factor cannot download a resume, as it cannot open the admin area', async () => {
    const job = await createJob(t.db, { title: 'Two-Factor Engineer' })
    const member = (await t.signedIn({ subscribed: true })) as Member
    const applied = await member.post(
      `/api/jobs/${job.id}/applications`,
      applicationForm(fields, { bytes: await readFile(resumePath), name: 'cv.pdf' }),
    )
    expect(applied.status).toBe(201)
    const { id } = (await applied.json()) as MyApplication

    const admin = await t.signedIn({ admin: true })
    expect((await admin.get(`/api/admin/jobs/${job.id}/applications`)).status).toBe(403)
    expect((await admin.get(`/api/applications/${id}/resume`)).status).toBe(404)
    expect((await member.get(`/api/applications/${id}/resume`)).status).toBe(200)
  })
})
