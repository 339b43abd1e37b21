import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { auditLog } from '#server/db/schema/audit.ts'
import { resumeReviews } from '#server/db/schema/resumes.ts'
import { errorOf } from '#server/testing/errors.ts'
import { openEventStream } from '#server/testing/event-stream.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { resumeFixture, reviewForm, submitResume } from '#server/testing/resumes.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { genericMessages } from '#shared/errors.ts'
import { resumeReviewMaxBytes } from '#shared/resumes/constants.ts'
import { resumeCommentMessages, resumeMessages } from '#shared/resumes/messages.ts'
import type { ResumeCommentView, ResumeReviewView, ResumeStrength, ScoreView } from '#shared/resumes/schemas.ts'

// Resume review, the member's side (issue 16; spec 001 §2 Resume Review and the
// dashboard's Resume Strength, §5 Resume file and Resume comment, §7): a private
// upload answered at once, the member's own list and downloads, the comment thread
// (live and by e-mail), and the strength card. The coaches' side: admin.test.ts.

type Member = TestClient & { member: { id: string; email: string } }

const adminEmail = 'resume-coach@example.com'
const unknownId = '00000000-0000-4000-8000-000000000000'

describe('resume review for members', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let t: TestApp
  let admin: Member
  let pdf: Buffer

  const subscriber = (names: { firstName?: string; lastName?: string } = {}) =>
    t.signedIn({ subscribed: true, ...names }) as Promise<Member>

  /** A review of `member`'s, submitted with the fixture PDF. */
  async function submitted(member: Member, email = member.member.email): Promise<ResumeReviewView> {
    const response = await submitResume(member, email, pdf)
    expect(response.status).toBe(201)
    return (await response.json()) as ResumeReviewView
  }

  const reviewsOf = (userId: string) => t.db.select().from(resumeReviews).where(eq(resumeReviews.userId, userId))

  /** The audit entries of one object. */
  const auditOf = (objectId: string) => t.db.select().from(auditLog).where(eq(auditLog.objectId, objectId))

  beforeAll(async () => {
    pdf = await resumeFixture()
    smtp = await startSmtpServer()
    t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' })
    admin = (await t.signedIn({ admin: true, email: adminEmail, firstName: 'Coach', lastName: 'Carter' })) as Member
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  test('a subscriber submits a real PDF and has a pending review at once, its file kept private', async () => {
    const member = await subscriber()
    const started = Date.now()
    const response = await submitResume(member, '  Sourabh.Bajaj@Example.COM ', pdf, 'sb2nov_sourabh_bajaj_resume.pdf')
    expect(response.status).toBe(201)
    const review = (await response.json()) as ResumeReviewView
    const day = new Date().toISOString().slice(0, 10)
    expect(review).toMatchObject({
      email: 'sourabh.bajaj@example.com', // stored lowercased (spec 001 §3)
      status: 'pending',
      reviewedAt: null,
      adminFeedback: null,
      latestScore: null,
      downloadUrl: `/api/resume-reviews/${review.id}/file`,
      downloadName: `resume-${day}.pdf`,
    })
    // spec 001 §9: feedback promised within 48 hours
    expect(Date.parse(review.feedbackDueAt) - Date.parse(review.createdAt)).toBe(48 * 3_600_000)
    expect(Date.parse(review.createdAt)).toBeGreaterThanOrEqual(started - 1000)

    const [row] = await reviewsOf(member.member.id)
    expect(row).toMatchObject({ id: review.id, email: 'sourabh.bajaj@example.com', fileBytes: pdf.length })
    expect(row!.fileKey).toMatch(/^resume-reviews\/[a-f0-9-]+\.pdf$/)
    const stored = await t.deps.storage.get(row!.fileKey)
    expect(stored).toMatchObject({ contentType: 'application/pdf', visibility: 'private', size: pdf.length })
    await stored!.body.cancel()

    const list = (await (await member.get('/api/resume-reviews')).json()) as { reviews: ResumeReviewView[] }
    expect(list.reviews).toEqual([review])
    await t.jobsSettled(['resume-pre-score'])
  })

  test('the member lists their reviews newest first and downloads their PDF as resume-{date}.pdf', async () => {
    const member = await subscriber()
    const first = await submitted(member)
    const second = await submitted(member)
    const list = (await (await member.get('/api/resume-reviews')).json()) as { reviews: ResumeReviewView[] }
    expect(list.reviews.map((review) => review.id)).toEqual([second.id, first.id])

    const download = await member.get(first.downloadUrl)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(download.headers.get('cache-control')).toBe('private, no-store')
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="${first.downloadName}"; filename*=UTF-8''${first.downloadName}`,
    )
    expect(first.downloadName).toMatch(/^resume-\d{4}-\d\d-\d\d\.pdf$/)
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), pdf)).toBe(0)
    // the member's own opening changes nothing
    expect((await reviewsOf(member.member.id)).every((row) => row.status === 'pending')).toBe(true)
    await t.jobsSettled(['resume-pre-score'])
  })

  test('a program renamed .pdf and a PDF over 5 MB are refused with the spec messages, and nothing is stored', async () => {
    const member = await subscriber()
    const program = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
      Buffer.alloc(2048),
    ])
    // a real PDF made larger than 5 MB: just past the limit (read, then refused) and 6 MB (refused unread)
    const overBy = (bytes: number) => Buffer.concat([pdf, Buffer.alloc(resumeReviewMaxBytes + bytes - pdf.length)])
    const put = vi.spyOn(t.deps.storage, 'put')
    try {
      const cases: Array<[Uint8Array, string, string]> = [
        [program, 'resume.pdf', resumeMessages.notPdf],
        [Buffer.from('Plain text named like a PDF.\n'), 'resume.pdf', resumeMessages.notPdf],
        [overBy(1), 'big.pdf', resumeMessages.tooLarge],
        [Buffer.concat([pdf, Buffer.alloc(6 * 1024 * 1024 - pdf.length)]), 'huge.pdf', resumeMessages.tooLarge],
      ]
      for (const [bytes, name, message] of cases) {
        const response = await submitResume(member, member.member.email, bytes, name)
        expect(response.status, name).toBe(400)
        expect(await errorOf(response)).toMatchObject({ code: 'VALIDATION', message, fields: { resume: message } })
      }
      expect(put).not.toHaveBeenCalled()
    } finally {
      put.mockRestore()
    }
    expect(await reviewsOf(member.member.id)).toEqual([])
  })

  test('the file and the e-mail are required and the e-mail must be valid, with the spec messages', async () => {
    const member = await subscriber()
    const file = { bytes: pdf }
    const cases: Array<[FormData, string, Record<string, string>]> = [
      [
        reviewForm(member.member.email),
        resumeMessages.fileAndSignInRequired,
        { resume: resumeMessages.fileAndSignInRequired },
      ],
      [reviewForm(member.member.email, { bytes: new Uint8Array() }), resumeMessages.fileAndSignInRequired, {}],
      [reviewForm(undefined, file), resumeMessages.emailRequired, { email: resumeMessages.emailRequired }],
      [reviewForm('   ', file), resumeMessages.emailRequired, { email: resumeMessages.emailRequired }],
      [reviewForm('not-an-address', file), resumeMessages.invalidEmail, { email: resumeMessages.invalidEmail }],
      [reviewForm('a@b', file), resumeMessages.invalidEmail, { email: resumeMessages.invalidEmail }],
      // the file is told first, as the form tells it, and the e-mail beside it
      [
        reviewForm('not-an-address'),
        resumeMessages.fileAndSignInRequired,
        { resume: resumeMessages.fileAndSignInRequired, email: resumeMessages.invalidEmail },
      ],
    ]
    for (const [form, message, fields] of cases) {
      const response = await member.post('/api/resume-reviews', form)
      expect(response.status).toBe(400)
      const error = await errorOf(response)
      expect(error.message).toBe(message)
      expect(error.fields).toMatchObject(fields)
    }
    // a body that is no form at all carries no file either
    const json = await member.post('/api/resume-reviews', { email: member.member.email })
    expect(json.status).toBe(400)
    expect((await errorOf(json)).message).toBe(resumeMessages.fileAndSignInRequired)
    expect(await reviewsOf(member.member.id)).toEqual([])
  })

  test('visitors are asked to sign in and members without a plan get the premium refusal, on every member route', async () => {
    const owner = await subscriber()
    const review = await submitted(owner)
    const visitor = t.client()
    const free = await t.signedIn()
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/resume-reviews'],
      ['POST', '/api/resume-reviews', reviewForm(owner.member.email, { bytes: pdf })],
      ['GET', '/api/resume-reviews/strength'],
      ['GET', `/api/resume-reviews/${review.id}/file`],
      ['GET', `/api/resume-reviews/${review.id}/comments`],
      ['POST', `/api/resume-reviews/${review.id}/comments`, { content: 'Hello' }],
    ]
    for (const [method, path, body] of routes) {
      const asVisitor = await visitor.request(method, path, body)
      expect(asVisitor.status, `${method} ${path}`).toBe(401)
      expect((await errorOf(asVisitor)).message).toBe(genericMessages.authenticationRequired)
      const asFree = await free.request(method, path, body)
      expect(asFree.status, `${method} ${path}`).toBe(403)
      expect((await errorOf(asFree)).message).toBe(genericMessages.subscriptionRequired)
    }
    expect(await reviewsOf(free.member.id)).toEqual([])
    await t.jobsSettled(['resume-pre-score'])
  })

  test("another member gets 404 on a member's file and comments, reading or writing, and never sees the review", async () => {
    const owner = await subscriber()
    const other = await subscriber()
    const review = await submitted(owner)
    await owner.post(`/api/resume-reviews/${review.id}/comments`, { content: 'Only for my coach' })
    for (const [method, path, body] of [
      ['GET', `/api/resume-reviews/${review.id}/file`],
      ['GET', `/api/resume-reviews/${review.id}/comments`],
      ['POST', `/api/resume-reviews/${review.id}/comments`, { content: 'Let me in' }],
    ] as const) {
      const response = await other.request(method, path, body)
      expect(response.status, `${method} ${path}`).toBe(404)
      expect((await errorOf(response)).message).toBe(resumeMessages.notFound)
    }
    // a review that does not exist, or a path that is no id, reads the same
    for (const id of [unknownId, 'not-an-id', '1%27%20or%201=1']) {
      const response = await other.get(`/api/resume-reviews/${id}/file`)
      expect(response.status, id).toBe(404)
      expect((await errorOf(response)).message).toBe(resumeMessages.notFound)
    }
    const list = (await (await other.get('/api/resume-reviews')).json()) as { reviews: ResumeReviewView[] }
    expect(list.reviews).toEqual([])
    const strength = (await (await other.get('/api/resume-reviews/strength')).json()) as ResumeStrength
    expect(strength.iterations).toBe(0)
    const comments = (await (await owner.get(`/api/resume-reviews/${review.id}/comments`)).json()) as {
      comments: ResumeCommentView[]
    }
    expect(comments.comments.map((comment) => comment.content)).toEqual(['Only for my coach'])
    await t.jobsSettled(['resume-pre-score'])
  })

  test('member and coach comment, oldest first with their profiles; each comment e-mails the other party; a coach comment is audited', async () => {
    const owner = await subscriber({ firstName: 'Grace', lastName: 'Hopper' })
    const review = await submitted(owner, 'grace.updates@example.com')
    const byMember = await owner.post(`/api/resume-reviews/${review.id}/comments`, {
      content: '  Could you look at my summary?  ',
    })
    expect(byMember.status).toBe(201)
    const memberComment = (await byMember.json()) as ResumeCommentView
    expect(memberComment).toMatchObject({
      reviewId: review.id,
      content: 'Could you look at my summary?',
      author: { id: owner.member.id, firstName: 'Grace', lastName: 'Hopper', isAdmin: false },
    })
    // no coach has worked on it yet: every admin hears of it
    const toCoach = await smtp.waitFor(adminEmail, /New comment from Grace Hopper on their resume review/)
    expect(toCoach.text).toContain('Could you look at my summary?')
    expect(toCoach.text).toContain('http://localhost:3000/admin/resume-review')
    expect(await auditOf(review.id)).toEqual([]) // a member's own comment is no administrative write

    const byCoach = await admin.post(`/api/resume-reviews/${review.id}/comments`, {
      content: 'Yes: lead with results.',
    })
    expect(byCoach.status).toBe(201)
    const coachComment = (await byCoach.json()) as ResumeCommentView
    expect(coachComment.author).toEqual({ id: admin.member.id, firstName: 'Coach', lastName: 'Carter', isAdmin: true })
    const toMember = await smtp.waitFor('grace.updates@example.com', /New comment on your resume review/)
    expect(toMember.text).toContain('Yes: lead with results.')
    expect(toMember.text).toContain('http://localhost:3000/resume-review')
    const audits = await auditOf(review.id)
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({
      action: 'resume.comment',
      objectType: 'resume_review',
      actorId: admin.member.id,
      after: { commentId: coachComment.id, content: 'Yes: lead with results.' },
    })

    const thread = (await (await owner.get(`/api/resume-reviews/${review.id}/comments`)).json()) as {
      comments: ResumeCommentView[]
    }
    expect(thread.comments.map((comment) => comment.id)).toEqual([memberComment.id, coachComment.id])
    const asCoach = (await (await admin.get(`/api/resume-reviews/${review.id}/comments`)).json()) as {
      comments: ResumeCommentView[]
    }
    expect(asCoach).toEqual(thread)
    await t.jobsSettled()
  })

  test('a blank or over-long comment is refused with its message and stores nothing', async () => {
    const owner = await subscriber()
    const review = await submitted(owner)
    for (const [content, message] of [
      ['', resumeCommentMessages.blank],
      ['   \n\t ', resumeCommentMessages.blank],
      [undefined, resumeCommentMessages.blank],
      [42, resumeCommentMessages.blank],
      ['x'.repeat(2001), resumeCommentMessages.tooLong],
    ] as const) {
      const response = await owner.post(`/api/resume-reviews/${review.id}/comments`, { content })
      expect(response.status).toBe(400)
      expect((await errorOf(response)).message).toBe(message)
    }
    const thread = (await (await owner.get(`/api/resume-reviews/${review.id}/comments`)).json()) as {
      comments: ResumeCommentView[]
    }
    expect(thread.comments).toEqual([])
    await t.jobsSettled(['resume-pre-score'])
  })

  test("a new comment reaches the review's owner and the coaches live, and no other member", async () => {
    const owner = await subscriber()
    const other = await subscriber()
    const review = await submitted(owner)
    const streams = {
      owner: await openEventStream(owner),
      admin: await openEventStream(admin),
      other: await openEventStream(other),
    }
    try {
      const response = await owner.post(`/api/resume-reviews/${review.id}/comments`, { content: 'Live, please' })
      const comment = (await response.json()) as ResumeCommentView
      const isThisComment = (event: { data: unknown }) => {
        const message = event.data as { topic?: string; type?: string; data?: { comment?: { id: string } } }
        return (
          message.topic === 'resumes' && message.type === 'comment.created' && message.data?.comment?.id === comment.id
        )
      }
      expect((await streams.owner.next(isThisComment)).data).toMatchObject({ data: { comment } })
      await streams.admin.next(isThisComment)
      // every stream is handed each event together: once the owner has a later one, the other member has been passed both
      const later = (await (
        await owner.post(`/api/resume-reviews/${review.id}/comments`, { content: 'second' })
      ).json()) as ResumeCommentView
      await streams.owner.next(
        (event) => (event.data as { data?: { comment?: { id: string } } }).data?.comment?.id === later.id,
      )
      expect(streams.other.received.filter((event) => (event.data as { topic?: string }).topic === 'resumes')).toEqual(
        [],
      )
    } finally {
      await Promise.all(Object.values(streams).map((stream) => stream.close()))
    }
    await t.jobsSettled()
  })

  test('Resume Strength: the latest score, the number of iterations, the history and the change per criterion', async () => {
    const member = await subscriber()
    const empty = (await (await member.get('/api/resume-reviews/strength')).json()) as ResumeStrength
    expect(empty).toEqual({ latest: null, iterations: 0, history: [], change: null })

    const first = await submitted(member)
    const score = async (reviewId: string, scores: Record<string, number>, feedback: string) => {
      const response = await admin.post(`/api/admin/resume-reviews/${reviewId}/scores`, { ...scores, feedback })
      expect(response.status).toBe(201)
      return (await response.json()) as ScoreView
    }
    const one = await score(first.id, { keyword: 40, format: 50, content: 30, ats: 20 }, 'A start.')
    const onlyOne = (await (await member.get('/api/resume-reviews/strength')).json()) as ResumeStrength
    expect(onlyOne).toMatchObject({ latest: one, iterations: 1, change: null })
    expect(onlyOne.history).toEqual([{ total: one.total, createdAt: one.createdAt }])

    const two = await score(first.id, { keyword: 60, format: 55, content: 45, ats: 20 }, 'Better.')
    const second = await submitted(member)
    const three = await score(second.id, { keyword: 80, format: 70, content: 75, ats: 90 }, 'Highly competitive.')
    const strength = (await (await member.get('/api/resume-reviews/strength')).json()) as ResumeStrength
    expect(strength.latest).toEqual(three)
    expect(strength.iterations).toBe(3)
    expect(strength.history.map((point) => point.total)).toEqual([one.total, two.total, three.total])
    expect(strength.change).toEqual({ keyword: 20, format: 15, content: 30, ats: 70 })

    // the member's list carries each review's latest score
    const list = (await (await member.get('/api/resume-reviews')).json()) as { reviews: ResumeReviewView[] }
    expect(list.reviews.map((review) => review.latestScore?.iteration)).toEqual([1, 2])
    expect(list.reviews[1]).toMatchObject({ status: 'reviewed', adminFeedback: 'Better.', latestScore: two })
    await t.jobsSettled()
  })
})
