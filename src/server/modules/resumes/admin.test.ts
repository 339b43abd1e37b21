import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from '#server/db/schema/audit.ts'
import { userSkillAssessments } from '#server/db/schema/profile.ts'
import { resumeReviews, resumeScores } from '#server/db/schema/resumes.ts'
import { errorOf } from '#server/testing/errors.ts'
import { openEventStream } from '#server/testing/event-stream.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { resumeFixture, submitResume } from '#server/testing/resumes.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { genericMessages } from '#shared/errors.ts'
import { adminReviewPageSize } from '#shared/resumes/constants.ts'
import { resumeMessages } from '#shared/resumes/messages.ts'
import type {
  AdminReviewDetail,
  AdminReviewList,
  AdminReviewRow,
  ResumeReviewView,
  ScoreView,
} from '#shared/resumes/schemas.ts'

// Resume review, the coaches' side (issue 16; spec 002 §2 Resume reviews and the
// admin dashboard's recent reviews, §4, §5 Score form, §9 weights): the table with
// its search, filter, count and pages; opening a file (in review, audited); the
// automatic pre-score beside the form; scoring (iterations, total, reviewed,
// e-mail, audit). The member's side: resumes.test.ts.

type Member = TestClient & { member: { id: string; email: string } }

const base = '/api/admin/resume-reviews'
const unknownId = '00000000-0000-4000-8000-000000000000'

/** A word no other test uses, so a name search finds only this test's members. */
function uniqueName(stem: string) {
  return `${stem}${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'q')}`
}

describe('resume review for coaches', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let t: TestApp
  let admin: Member
  let pdf: Buffer

  const subscriber = (names: { firstName?: string; lastName?: string } = {}) =>
    t.signedIn({ subscribed: true, ...names }) as Promise<Member>

  async function submitted(member: Member, bytes: Uint8Array = pdf, email = member.member.email) {
    const response = await submitResume(member, email, bytes)
    expect(response.status).toBe(201)
    return (await response.json()) as ResumeReviewView
  }

  const detailOf = async (reviewId: string) =>
    (await (await admin.get(`${base}/${reviewId}`)).json()) as AdminReviewDetail
  const auditOf = (objectId: string) =>
    t.db.select().from(auditLog).where(eq(auditLog.objectId, objectId)).orderBy(auditLog.createdAt)
  const score = (reviewId: string, body: Record<string, unknown>) => admin.post(`${base}/${reviewId}/scores`, body)

  beforeAll(async () => {
    pdf = await resumeFixture()
    smtp = await startSmtpServer()
    t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' })
    admin = (await t.signedIn({ admin: true, email: 'resume-admin@example.com' })) as Member
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  test('the admin routes refuse visitors (401) and members, subscribed or not (403)', async () => {
    const member = await subscriber()
    const review = await submitted(member)
    const visitor = t.client()
    const free = await t.signedIn()
    const routes: Array<[string, string, unknown?]> = [
      ['GET', base],
      ['GET', `${base}/recent`],
      ['GET', `${base}/${review.id}`],
      ['POST', `${base}/${review.id}/scores`, { keyword: 90, format: 90, content: 90, ats: 90, feedback: 'Mine!' }],
    ]
    for (const [method, path, body] of routes) {
      const asVisitor = await visitor.request(method, path, body)
      expect(asVisitor.status, `${method} ${path}`).toBe(401)
      expect((await errorOf(asVisitor)).message).toBe(genericMessages.authenticationRequired)
      for (const client of [member, free]) {
        const refused = await client.request(method, path, body)
        expect(refused.status, `${method} ${path}`).toBe(403)
        expect((await errorOf(refused)).message).toBe(genericMessages.adminRequired)
      }
    }
    expect(await t.db.select().from(resumeScores).where(eq(resumeScores.reviewId, review.id))).toEqual([])
    await t.jobsSettled(['resume-pre-score'])
  })

  test('the pre-score runs after the upload has answered: the coach sees a ready suggestion built from the PDF and the member skills', async () => {
    const member = await subscriber({ firstName: 'Sourabh', lastName: 'Bajaj' })
    await t.db.insert(userSkillAssessments).values(
      ['Python', 'Machine Learning', 'Kubernetes'].map((skillName) => ({
        userId: member.member.id,
        skillName,
        proficiencyLevel: 'advanced',
      })),
    )
    const admins = await openEventStream(admin)
    const owners = await openEventStream(member)
    try {
      const review = await submitted(member)
      // the 201 came from the transaction that queued the job: the suggestion follows it, announced live
      const isReady = (event: { data: unknown }) => {
        const message = event.data as { topic?: string; type?: string; data?: { reviewId?: string } }
        return (
          message.topic === 'resumes' && message.type === 'suggestion.ready' && message.data?.reviewId === review.id
        )
      }
      await admins.next(isReady, 20_000)
      await owners.next(isReady, 20_000)
      const detail = await detailOf(review.id)
      expect(detail.suggestion.status).toBe('ready')
      if (detail.suggestion.status !== 'ready') return
      const { suggestion } = detail.suggestion
      expect(suggestion.pages).toBeGreaterThanOrEqual(1)
      expect(suggestion.textLength).toBeGreaterThan(500)
      expect(suggestion.targetSkills).toEqual(expect.arrayContaining(['Python', 'Machine Learning', 'Kubernetes']))
      expect(suggestion.targetSource).toBe("the member's profile skills")
      for (const criterion of ['keyword', 'format', 'content', 'ats'] as const) {
        expect(suggestion.criteria[criterion].score).toBeGreaterThanOrEqual(0)
        expect(suggestion.criteria[criterion].score).toBeLessThanOrEqual(100)
        expect(suggestion.criteria[criterion].reasons.length).toBeGreaterThan(0)
      }
      // the suggestion is the coach's: the member's view never carries it
      const mine = (await (await member.get('/api/resume-reviews')).json()) as { reviews: object[] }
      expect(JSON.stringify(mine)).not.toContain('suggestion')
    } finally {
      await admins.close()
      await owners.close()
    }
  })

  test('a member without skills gets a suggestion that says the keywords had no targets', async () => {
    const member = await subscriber()
    const review = await submitted(member)
    await t.jobsSettled(['resume-pre-score'])
    const detail = await detailOf(review.id)
    expect(detail.suggestion.status).toBe('ready')
    if (detail.suggestion.status === 'ready') {
      expect(detail.suggestion.suggestion.targetSkills).toEqual([])
      expect(detail.suggestion.suggestion.targetSource).toBe('none: the member has no skills in their profile yet')
    }
  })

  test('a damaged PDF ends with a failed suggestion and its message, and the coach can still score it', async () => {
    const member = await subscriber()
    const damaged = pdf.subarray(0, 1200)
    const review = await submitted(member, damaged)
    await t.jobsSettled(['resume-pre-score'])
    const detail = await detailOf(review.id)
    expect(detail.suggestion).toEqual({ status: 'failed', message: resumeMessages.unreadablePdf })
    const scored = await score(review.id, {
      keyword: 10,
      format: 10,
      content: 10,
      ats: 10,
      feedback: 'Please re-export it.',
    })
    expect(scored.status).toBe(201)
    expect((await detailOf(review.id)).status).toBe('reviewed')
    await t.jobsSettled()
  })

  test('opening a pending review file as admin names it after the member, puts it in review once, and audits it', async () => {
    const member = await subscriber({ firstName: 'José', lastName: "O'Brien Núñez" })
    const review = await submitted(member)
    const stream = await openEventStream(member)
    try {
      const opened = await admin.get(`/api/resume-reviews/${review.id}/file`)
      expect(opened.status).toBe(200)
      expect(opened.headers.get('content-disposition')).toBe(
        `attachment; filename="Jose-O-Brien-Nunez-resume.pdf"; filename*=UTF-8''${encodeURIComponent('José-O-Brien-Núñez-resume.pdf')}`,
      )
      expect(Buffer.compare(Buffer.from(await opened.arrayBuffer()), pdf)).toBe(0)
      await stream.next((event) => {
        const message = event.data as { type?: string; data?: { reviewId?: string; status?: string } }
        return (
          message.type === 'review.changed' &&
          message.data?.reviewId === review.id &&
          message.data.status === 'in_review'
        )
      })
    } finally {
      await stream.close()
    }
    const list = (await (await member.get('/api/resume-reviews')).json()) as { reviews: ResumeReviewView[] }
    expect(list.reviews[0]).toMatchObject({ id: review.id, status: 'in_review' })
    const audits = await auditOf(review.id)
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({
      action: 'resume.status',
      objectType: 'resume_review',
      actorId: admin.member.id,
      before: { status: 'pending' },
      after: { status: 'in_review' },
    })
    // a second opening changes nothing more
    await (await admin.get(`/api/resume-reviews/${review.id}/file`)).arrayBuffer()
    expect(await auditOf(review.id)).toHaveLength(1)
    expect((await detailOf(review.id)).downloadName).toBe('José-O-Brien-Núñez-resume.pdf')
    await t.jobsSettled(['resume-pre-score'])
  })

  test('scoring: sub-scores 0-100 (anything else becomes 0), feedback required, the rounded weighted total, iterations 1 then 2', async () => {
    const member = await subscriber({ firstName: 'Ada', lastName: 'Lovelace' })
    const review = await submitted(member, pdf, 'ada.updates@example.com')

    for (const feedback of [undefined, '', '   ']) {
      const refused = await score(review.id, { keyword: 50, format: 50, content: 50, ats: 50, feedback })
      expect(refused.status).toBe(400)
      expect(await errorOf(refused)).toMatchObject({
        message: resumeMessages.feedbackRequired,
        fields: { feedback: resumeMessages.feedbackRequired },
      })
    }
    const tooLong = await score(review.id, { keyword: 1, format: 1, content: 1, ats: 1, feedback: 'x'.repeat(5001) })
    expect((await errorOf(tooLong)).message).toBe(resumeMessages.feedbackTooLong)
    expect(await auditOf(review.id)).toEqual([])

    // edges: 0 and 100 kept; 101, -1, 50.5, text and nothing become 0
    const first = await score(review.id, {
      keyword: 100,
      format: '0',
      content: 101,
      ats: -1,
      feedback: '  Strong keywords.  ',
    })
    expect(first.status).toBe(201)
    expect(await first.json()).toMatchObject({
      iteration: 1,
      scores: { keyword: 100, format: 0, content: 0, ats: 0 },
      total: 25,
      feedback: 'Strong keywords.',
    } satisfies Partial<ScoreView>)
    const second = await score(review.id, { keyword: 80, format: 60, content: 70, ats: 50, feedback: 'Better.' })
    const secondScore = (await second.json()) as ScoreView
    // 0.25 * 80 + 0.25 * 60 + 0.3 * 70 + 0.2 * 50 = 20 + 15 + 21 + 10
    expect(secondScore).toMatchObject({
      iteration: 2,
      scores: { keyword: 80, format: 60, content: 70, ats: 50 },
      total: 66,
    })
    const halves = await score(review.id, {
      keyword: 'abc',
      format: 50.5,
      content: 45,
      ats: '',
      feedback: 'Halves round up.',
    })
    expect(await halves.json()).toMatchObject({
      iteration: 3,
      scores: { keyword: 0, format: 0, content: 45, ats: 0 },
      total: 14, // 0.3 * 45 = 13.5
    })

    const detail = await detailOf(review.id)
    expect(detail).toMatchObject({
      status: 'reviewed',
      adminFeedback: 'Halves round up.',
      latestTotal: 14,
      iterations: 3,
    })
    expect(detail.scores.map((s) => s.iteration)).toEqual([1, 2, 3])
    const [row] = await t.db.select().from(resumeReviews).where(eq(resumeReviews.id, review.id))
    expect(row!.reviewedAt).not.toBeNull()
    const rows = await t.db.select().from(resumeScores).where(eq(resumeScores.reviewId, review.id))
    expect(rows.every((r) => r.scoredBy === admin.member.id && r.userId === member.member.id)).toBe(true)

    // the member hears of each score at the address they gave, with the total, the band and the feedback
    const mail = await smtp.waitFor(
      'ada.updates@example.com',
      /Your resume has been reviewed: 66\/100, Needs Optimization/,
    )
    expect(mail.text).toContain('Hello Ada')
    expect(mail.text).toContain('Better.')
    expect(mail.text).toContain('Content: 70/100')
    await smtp.waitFor('ada.updates@example.com', /Your resume has been reviewed: 25\/100, Needs Major Improvement/)

    const audits = await auditOf(review.id)
    expect(audits.map((entry) => entry.action)).toEqual(['resume.score', 'resume.score', 'resume.score'])
    expect(audits[0]).toMatchObject({
      objectType: 'resume_review',
      actorId: admin.member.id,
      before: { status: 'pending', adminFeedback: null },
      after: { status: 'reviewed', adminFeedback: 'Strong keywords.', iteration: 1, total: 25 },
    })
    await t.jobsSettled()
  })

  test('two coaches scoring at once get iterations 1 and 2, never the same one', async () => {
    const member = await subscriber()
    const review = await submitted(member)
    const otherAdmin = await t.signedIn({ admin: true })
    const answers = await Promise.all([
      score(review.id, { keyword: 10, format: 10, content: 10, ats: 10, feedback: 'One.' }),
      otherAdmin.post(`${base}/${review.id}/scores`, {
        keyword: 20,
        format: 20,
        content: 20,
        ats: 20,
        feedback: 'Two.',
      }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([201, 201])
    const iterations = await Promise.all(answers.map(async (answer) => ((await answer.json()) as ScoreView).iteration))
    expect(iterations.sort()).toEqual([1, 2])
    await t.jobsSettled()
  })

  test('a score for a review that does not exist, or a path that is no id, is 404; wrong types are 400', async () => {
    const body = { keyword: 1, format: 1, content: 1, ats: 1, feedback: 'x' }
    for (const id of [unknownId, 'nope']) {
      const response = await score(id, body)
      expect(response.status).toBe(404)
      expect((await errorOf(response)).message).toBe(resumeMessages.notFound)
      const detail = await admin.get(`${base}/${id}`)
      expect(detail.status).toBe(404)
      expect((await errorOf(detail)).message).toBe(resumeMessages.notFound)
    }
    const member = await subscriber()
    const review = await submitted(member)
    const wrong = await score(review.id, { ...body, feedback: { text: 'x' } })
    expect(wrong.status).toBe(400)
    // the form always sends the four sub-scores: a body without one is no score form
    const { ats: _ats, ...withoutAts } = body
    expect((await score(review.id, withoutAts)).status).toBe(400)
    expect(await t.db.select().from(resumeScores).where(eq(resumeScores.reviewId, review.id))).toEqual([])
    const badStatus = await admin.get(`${base}?status=archived`)
    expect(badStatus.status).toBe(400)
    expect((await errorOf(badStatus)).message).toBe(resumeMessages.invalidStatusFilter)
    const badCursor = await admin.get(`${base}?cursor=not-a-cursor`)
    expect(badCursor.status).toBe(400)
    await t.jobsSettled(['resume-pre-score'])
  })

  test('the table: search by first, last or full name in any case, filter by status (pending includes in review), count, pages', async () => {
    const last = uniqueName('Zed')
    const ada = await subscriber({ firstName: 'Ada', lastName: last })
    const bob = await subscriber({ firstName: 'Bob', lastName: last })
    const adaReview = await submitted(ada)
    const bobReview = await submitted(bob)
    const bobSecond = await submitted(bob)
    await (await admin.get(`/api/resume-reviews/${bobReview.id}/file`)).arrayBuffer() // in review
    expect(
      (await score(bobSecond.id, { keyword: 70, format: 70, content: 70, ats: 70, feedback: 'Good.' })).status,
    ).toBe(201)

    const list = async (query: Record<string, string>) => {
      const response = await admin.get(`${base}?${new URLSearchParams(query)}`)
      expect(response.status).toBe(200)
      return (await response.json()) as AdminReviewList
    }
    const all = await list({ q: last.toUpperCase() })
    expect(all.total).toBe(3)
    expect(all.reviews.map((r) => r.id)).toEqual([bobSecond.id, bobReview.id, adaReview.id])
    expect(all.reviews[0]).toMatchObject({
      member: { id: bob.member.id, firstName: 'Bob', lastName: last, email: bob.member.email },
      status: 'reviewed',
      latestTotal: 70,
      iterations: 1,
      downloadUrl: `/api/resume-reviews/${bobSecond.id}/file`,
      downloadName: `Bob-${last}-resume.pdf`,
    } satisfies Partial<AdminReviewRow>)
    expect((await list({ q: `ada ${last.toLowerCase()}` })).reviews.map((r) => r.id)).toEqual([adaReview.id])
    expect((await list({ q: 'bOB', status: 'all' })).reviews.map((r) => r.id)).toEqual(
      expect.arrayContaining([bobSecond.id, bobReview.id]),
    )
    const pending = await list({ q: last, status: 'pending' })
    expect(pending).toMatchObject({ total: 2 })
    expect(pending.reviews.map((r) => [r.id, r.status])).toEqual([
      [bobReview.id, 'in_review'],
      [adaReview.id, 'pending'],
    ])
    const reviewed = await list({ q: last, status: 'reviewed' })
    expect(reviewed.reviews.map((r) => r.id)).toEqual([bobSecond.id])
    expect((await list({ q: `${last}%` })).total).toBe(0) // pattern characters are taken literally

    // pages: newest first, none repeated or skipped
    const many = uniqueName('Paged')
    const paged = await subscriber({ firstName: many, lastName: 'Member' })
    const [template] = await t.db.select().from(resumeReviews).where(eq(resumeReviews.id, adaReview.id))
    const start = Date.now() - 3_600_000
    await t.db.insert(resumeReviews).values(
      Array.from({ length: adminReviewPageSize + 2 }, (_, index) => ({
        userId: paged.member.id,
        email: paged.member.email,
        fileKey: template!.fileKey,
        fileBytes: template!.fileBytes,
        createdAt: new Date(start + Math.floor(index / 2) * 1000), // pairs share a time: the id breaks the tie
      })),
    )
    const first = await list({ q: many })
    expect(first.total).toBe(adminReviewPageSize + 2)
    expect(first.reviews).toHaveLength(adminReviewPageSize)
    expect(first.nextCursor).not.toBeNull()
    const second = await list({ q: many, cursor: first.nextCursor! })
    expect(second.reviews).toHaveLength(2)
    expect(second.nextCursor).toBeNull()
    const ids = [...first.reviews, ...second.reviews].map((r) => r.id)
    expect(new Set(ids).size).toBe(adminReviewPageSize + 2)
    await t.jobsSettled()
  })

  test('the dashboard lists the 5 most recent reviews with their status', async () => {
    const member = await subscriber()
    const reviews: ResumeReviewView[] = []
    for (let index = 0; index < 6; index++) reviews.push(await submitted(member))
    const response = await admin.get(`${base}/recent`)
    expect(response.status).toBe(200)
    const recent = (await response.json()) as { reviews: AdminReviewRow[] }
    expect(recent.reviews.map((r) => r.id)).toEqual(
      reviews
        .slice(1)
        .reverse()
        .map((r) => r.id),
    )
    expect(recent.reviews.every((r) => r.status === 'pending' && r.downloadUrl.endsWith('/file'))).toBe(true)
    await t.jobsSettled(['resume-pre-score'])
  })
})
