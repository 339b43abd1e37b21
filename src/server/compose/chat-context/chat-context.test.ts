import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { careerGoals } from '#server/db/schema/goals.ts'
import { jobApplications, savedJobs } from '#server/db/schema/jobs.ts'
import { userProfiles, userSkillAssessments } from '#server/db/schema/profile.ts'
import { resumeReviews, resumeScores } from '#server/db/schema/resumes.ts'
import { errorOf } from '#server/testing/errors.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { createJob } from '#server/testing/jobs.ts'
import { chatContextItems } from '#shared/chat/constants.ts'
import type { ChatMemberContext } from '#shared/chat/schemas.ts'
import { genericMessages } from '#shared/errors.ts'

// The coach's view of a member beside a conversation (issue 20): profile and
// skills, the latest resume score with its band, the newest applications and saved
// jobs, each read from its own area; admins only.

type Member = TestClient & { member: { id: string; email: string } }

const contextOf = (memberId: string) => `/api/admin/chat/members/${encodeURIComponent(memberId)}/context`
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)

describe("the coach's view of a member", () => {
  let t: TestApp
  let admin: Member

  beforeAll(async () => {
    t = await createTestApp()
    admin = (await t.signedIn({ admin: true })) as Member
  })
  afterAll(async () => t?.close())

  test('shows who the member is, their resume score and band, and their newest applications and saved jobs', async () => {
    const member = (await t.signedIn({
      subscribed: true,
      firstName: 'Priya',
      lastName: 'Patel',
      location: 'Halifax, NS',
    })) as Member
    const memberId = member.member.id
    await t.db.update(userProfiles).set({ careerLevel: 'Mid-level' }).where(eq(userProfiles.id, memberId))
    await t.db.insert(userSkillAssessments).values(
      ['TypeScript', 'Leadership', 'SQL'].map((skillName) => ({
        userId: memberId,
        skillName,
        proficiencyLevel: 'advanced',
      })),
    )

    const [review] = await t.db
      .insert(resumeReviews)
      .values({ userId: memberId, email: member.member.email, fileKey: 'resume-reviews/none.pdf', fileBytes: 1 })
      .returning()
    const score = (iteration: number, total: number, createdAt: Date) => ({
      reviewId: review!.id,
      userId: memberId,
      iteration,
      keywordScore: total,
      formatScore: total,
      contentScore: total,
      atsScore: total,
      totalScore: total,
      feedback: 'Noted.',
      createdAt,
    })
    const [, latest] = await t.db
      .insert(resumeScores)
      .values([score(1, 45, minutesAgo(60)), score(2, 74, minutesAgo(30))])
      .returning()

    const jobs = []
    for (let index = 0; index <= chatContextItems; index++)
      jobs.push(await createJob(t.db, { title: `Role ${index}`, company: `Company ${index}` }))
    await t.db.insert(jobApplications).values(
      jobs.map((job, index) => ({
        jobId: job.id,
        userId: memberId,
        jobTitle: job.title,
        company: job.company,
        firstName: 'Priya',
        lastName: 'Patel',
        email: member.member.email,
        phone: '+1 902 555 0100',
        coverLetter: 'Hello',
        resumeKey: `resumes/${index}.pdf`,
        resumeFileName: 'resume.pdf',
        status: index === chatContextItems ? 'interviewing' : 'submitted',
        createdAt: minutesAgo(100 - index),
      })),
    )
    await t.db
      .insert(savedJobs)
      .values(jobs.map((job, index) => ({ userId: memberId, jobId: job.id, savedAt: minutesAgo(50 - index) })))

    const [goal] = await t.db
      .insert(careerGoals)
      .values([
        { userId: memberId, title: 'Lead a platform team', type: 'leadership', progress: 35, targetDate: '2030-06-30' },
        { userId: memberId, title: 'Done already', type: 'promotion', status: 'achieved' },
      ])
      .returning()

    const response = await admin.get(contextOf(memberId))
    expect(response.status).toBe(200)
    const context = (await response.json()) as ChatMemberContext
    const newest = [...jobs].reverse().slice(0, chatContextItems)
    expect(context).toEqual({
      member: {
        id: memberId,
        firstName: 'Priya',
        lastName: 'Patel',
        email: member.member.email,
        avatarUrl: null,
        memberSince: expect.any(String),
        careerLevel: 'Mid-level',
        location: 'Halifax, NS',
        skills: ['Leadership', 'SQL', 'TypeScript'],
      },
      goals: [
        {
          id: goal!.id,
          title: 'Lead a platform team',
          typeLabel: 'Leadership',
          progress: 35,
          targetDate: '2030-06-30',
        },
      ],
      resume: { total: 74, band: 'Highly Competitive', iterations: 2, scoredAt: latest!.createdAt.toISOString() },
      recentApplications: newest.map((job, index) => ({
        jobId: job.id,
        title: job.title,
        company: job.company,
        status: index === 0 ? 'interviewing' : 'submitted',
        appliedAt: expect.any(String),
      })),
      savedJobs: newest.map((job) => ({
        jobId: job.id,
        title: job.title,
        company: job.company,
        savedAt: expect.any(String),
      })),
    })
    expect(Date.now() - Date.parse(context.member.memberSince)).toBeLessThan(60_000)
  })

  test('a member with nothing yet has no score and empty lists', async () => {
    const member = (await t.signedIn({ subscribed: true })) as Member
    const context = (await (await admin.get(contextOf(member.member.id))).json()) as ChatMemberContext
    expect(context).toMatchObject({
      goals: [],
      resume: null,
      recentApplications: [],
      savedJobs: [],
      member: { skills: [] },
    })
  })

  test('an unknown member, or an id that is none, is 404; members get 403 and visitors 401', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no such member', "x' or '1'='1", 'x'.repeat(200)]) {
      const response = await admin.get(contextOf(id))
      expect(response.status, id).toBe(404)
      expect((await errorOf(response)).message).toBe(genericMessages.notFound)
    }
    const member = (await t.signedIn({ subscribed: true })) as Member
    const asMember = await member.get(contextOf(member.member.id))
    expect(asMember.status).toBe(403)
    expect((await errorOf(asMember)).message).toBe(genericMessages.adminRequired)
    const asVisitor = await t.client().get(contextOf(member.member.id))
    expect(asVisitor.status).toBe(401)
  })
})
