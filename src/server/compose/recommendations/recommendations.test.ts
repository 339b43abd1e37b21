import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { careerGoals } from '#server/db/schema/goals.ts'
import { createCourse } from '#server/testing/courses.ts'
import { errorOf } from '#server/testing/errors.ts'
import { insertTestEvent } from '#server/testing/events.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { createJob } from '#server/testing/jobs.ts'
import { genericMessages } from '#shared/errors.ts'
import type { Recommendations } from '#shared/goals/schemas.ts'
import { goalsHref } from './rules.ts'

// GET /api/recommendations (issue 21): the Career Recommendations computed from the
// member's own goals, profile, saved jobs and the platform's courses and events.
// On PostgreSQL the database may hold other tests' rows: every check names this
// test's own goal, jobs, course and event.

async function recommendationsOf(client: TestClient): Promise<Recommendations> {
  const response = await client.get('/api/recommendations')
  expect(response.status).toBe(200)
  return (await response.json()) as Recommendations
}

describe('career recommendations', () => {
  let t: TestApp
  let member: TestClient & { member: { id: string; email: string } }

  beforeAll(async () => {
    t = await createTestApp()
    member = await t.signedIn({ subscribed: true, firstName: 'Rhea', lastName: 'Remote' })
  })
  afterAll(async () => t?.close())

  test('visitors must sign in', async () => {
    const response = await t.client().get('/api/recommendations')
    expect(response.status).toBe(401)
    expect((await errorOf(response)).message).toBe(genericMessages.authenticationRequired)
  })

  test('a member with a goal and saved jobs asking for a skill they lack is pointed to the course that teaches it', async () => {
    const suffix = Math.random().toString(36).slice(2, 8)
    await t.db.insert(careerGoals).values({ userId: member.member.id, title: `Go remote ${suffix}`, type: 'remote' })
    const skills = await member.put('/api/profile/me/skills', { skills: [{ name: 'TypeScript', level: 'advanced' }] })
    expect(skills.status).toBe(200)
    const asking = [
      await createJob(t.db, {
        title: `Infra A ${suffix}`,
        technicalSkills: ['Terraform', 'TypeScript'],
        softSkills: [],
      }),
      await createJob(t.db, { title: `Infra B ${suffix}`, technicalSkills: ['terraform'], softSkills: [] }),
    ]
    for (const job of asking) expect((await member.put(`/api/saved/jobs/${job.id}`)).status).toBe(200)
    const course = await createCourse(t.db, { title: `Terraform in Practice ${suffix}`, skills: ['Terraform'] })
    const event = await insertTestEvent(t.db, { title: `Infra Meetup ${suffix}`, type: 'networking', capacity: 40 })

    const answer = await recommendationsOf(member)

    expect(answer.skillDevelopment[0]).toEqual({
      title: 'Learn Terraform',
      because: `because your goal is Remote Work and 2 saved jobs ask for Terraform; the course 'Terraform in Practice ${suffix}' teaches it`,
      href: `/courses/${course.id}`,
    })
    expect(answer.skillDevelopment.length).toBeLessThanOrEqual(3)
    // a skill the member has is never suggested
    expect(answer.skillDevelopment.map((item) => item.title).join(' ')).not.toMatch(/TypeScript/)

    expect(answer.nextSteps[0]).toEqual({
      title: `Set a target date for 'Go remote ${suffix}'`,
      because:
        'because your Remote Work goal has no target date yet, so its progress has no deadline to measure against',
      href: goalsHref,
    })
    expect(answer.nextSteps).toContainEqual(expect.objectContaining({ title: 'Send your resume for a review' }))

    expect(answer.networkBuilding).toContainEqual({
      title: `Attend ${event.title}`,
      because: expect.stringMatching(
        /^because this networking event is on .+, with 40 spots left, and you have not registered yet$/,
      ),
      href: `/events/${event.id}/register`,
    })
    for (const list of Object.values(answer)) expect(list.length).toBeLessThanOrEqual(3)

    // unsaving a job is seen at once, and an event the member registered for is no longer suggested
    expect((await member.delete(`/api/saved/jobs/${asking[1]!.id}`)).status).toBe(204)
    const registered = await member.post(`/api/events/${event.id}/registration`, {
      firstName: 'Rhea',
      lastName: 'Remote',
      email: member.member.email,
    })
    expect(registered.status).toBeLessThan(300)
    const after = await recommendationsOf(member)
    expect(after.skillDevelopment).toContainEqual(
      expect.objectContaining({
        title: 'Learn Terraform',
        because: expect.stringContaining('1 saved job asks for Terraform'),
      }),
    )
    expect(after.networkBuilding.map((item) => item.href)).not.toContain(`/events/${event.id}/register`)
  })

  test('a member without a plan or goals is asked to set a goal and shown the way to the club', async () => {
    const free = await t.signedIn()
    const answer = await recommendationsOf(free)
    expect(answer.nextSteps[0]?.title).toBe('Set your first career goal')
    // resume reviews are for subscribers: not suggested to a free member
    expect(answer.nextSteps.map((item) => item.href)).not.toContain('/resume-review')
    expect(answer.networkBuilding).toEqual([
      {
        title: 'Join the Prestige Club to meet other members',
        because: 'because events and the community are open to Prestige Club members, and you have no plan yet',
        href: '/subscription',
      },
    ])
  })
})
