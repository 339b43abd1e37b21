import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { authenticator } from 'otplib'
import { ensureDefaultPlans } from '#server/modules/billing/queries.ts'
import { insertComment, insertPost } from '#server/modules/community/queries.ts'
import { createJob } from '#server/testing/jobs.ts'
import { fixturePath } from '#server/testing/files.ts'
import { startGoogleStandIn } from '#server/testing/google-stand-in.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { registeredApiRoutes, sampleOf, type RegisteredRoute } from '#server/testing/routes.ts'
import { apiAccessEntry, type AccessLevel } from '#shared/access.ts'
import { accountMessages } from '#shared/accounts/schemas.ts'
import { genericMessages, type ErrorBody } from '#shared/errors.ts'

// The authorization matrix (issue 11): every route the app registers, called as
// every role, against what src/shared/access.ts says. Generated from Hono's route
// list, so a route added tomorrow is checked the day it lands, and fails here when
// the access table has no entry for it or (with an object id in its path) this
// file does not say whose objects it reaches.

type Role = 'visitor' | 'free member' | 'subscriber' | 'admin'
type Member = TestClient & { member: { id: string; email: string; password: string } }

/** Routes whose path names an object: 'owner' ones refuse every member but its owner (and acting admins). */
const objectRoutes: Record<string, 'owner' | 'shared' | 'own list'> = {
  'DELETE /api/community/posts/:postId': 'owner',
  'DELETE /api/community/comments/:commentId': 'owner',
  'GET /api/applications/:applicationId/resume': 'owner',
  'GET /api/resume-reviews/:reviewId/file': 'owner',
  'GET /api/resume-reviews/:reviewId/comments': 'owner',
  'POST /api/resume-reviews/:reviewId/comments': 'owner',
  'GET /api/billing/test-checkout/:checkoutId': 'owner',
  'POST /api/billing/test-checkout/:checkoutId/complete': 'owner',
  'GET /api/community/posts/:postId/media': 'shared',
  'PUT /api/community/posts/:postId/like': 'shared',
  'DELETE /api/community/posts/:postId/like': 'shared',
  'GET /api/community/posts/:postId/comments': 'shared',
  'POST /api/community/posts/:postId/comments': 'shared',
  'GET /api/profile/avatars/:userId': 'shared',
  'GET /api/jobs/logos/:jobId': 'shared',
  'GET /api/jobs/:jobId': 'shared',
  'POST /api/jobs/:jobId/applications': 'shared',
  'PUT /api/saved/jobs/:jobId': 'shared',
  'DELETE /api/saved/jobs/:jobId': 'shared',
  'GET /api/courses/:courseId': 'shared',
  'GET /api/courses/:courseId/image': 'shared',
  'POST /api/courses/:courseId/enrol': 'shared',
  'PUT /api/courses/lessons/:lessonId/progress': 'shared', // the lesson is shared; the progress is the viewer's own
  'POST /api/courses/lessons/:lessonId/quiz-attempts': 'shared',
  'GET /api/courses/lessons/:lessonId/video': 'shared',
  'PUT /api/saved/courses/:courseId': 'shared',
  'DELETE /api/saved/courses/:courseId': 'shared',
  'GET /api/events/:eventId': 'shared',
  'GET /api/events/:eventId/image': 'shared',
  // the event is shared; the registration and its calendar file are always the viewer's own
  'POST /api/events/:eventId/registration': 'shared',
  'DELETE /api/events/:eventId/registration': 'shared',
  'GET /api/events/:eventId/registration/calendar': 'shared',
  'GET /api/blog/posts/:postId': 'shared', // a published post is every subscriber's to read
  'GET /api/blog/images/:postId': 'shared', // a published post's picture: anyone's, for shared links' previews
  'DELETE /api/layoffs/watches/:watchId': 'owner',
  // a conversation is its member's and its coach's (acting admins read along)
  'GET /api/chat/conversations/:conversationId': 'owner',
  'GET /api/chat/conversations/:conversationId/messages': 'owner',
  'POST /api/chat/conversations/:conversationId/messages': 'owner',
  'POST /api/chat/conversations/:conversationId/read': 'owner',
  // a member's goals and routine are theirs alone, admins included (issue 21)
  'PATCH /api/goals/:goalId': 'owner',
  'PATCH /api/routine/blocks/:blockId': 'owner',
  'DELETE /api/routine/blocks/:blockId': 'owner',
  'PATCH /api/routine/tasks/:taskId': 'owner',
  'DELETE /api/routine/tasks/:taskId': 'owner',
  'PATCH /api/profile/me/skills/:name': 'own list',
  'DELETE /api/profile/me/skills/:name': 'own list',
  'GET /api/auth/oauth2/callback/google': 'shared',
}

/** Bodies the schema sampler cannot make valid (it reads no patterns), for routes the owner must reach. */
const validBodies: Record<string, unknown> = {
  'POST /api/chat/conversations/:conversationId/messages': { content: 'Hello coach', clientKey: 'matrix-message-1' },
  'PATCH /api/goals/:goalId': { progress: 40 },
  'PATCH /api/routine/blocks/:blockId': { status: 'completed' },
}

const accessRefusals = new Set<string>([
  genericMessages.authenticationRequired,
  genericMessages.adminRequired,
  genericMessages.subscriptionRequired,
  accountMessages.twoFactorRequiredForAdmins,
])

/** What the access table promises `role` on `level`: undefined for "let in", else the refusal. */
function refusalFor(
  level: AccessLevel,
  role: Role,
  twoFactorMissing = false,
): { status: number; message: string } | undefined {
  if (level === 'visitor') return undefined
  if (role === 'visitor') return { status: 401, message: genericMessages.authenticationRequired }
  if (level === 'admin' && role !== 'admin') return { status: 403, message: genericMessages.adminRequired }
  if (level === 'admin' && twoFactorMissing) return { status: 403, message: accountMessages.twoFactorRequiredForAdmins }
  if (level === 'subscriber' && role === 'free member')
    return { status: 403, message: genericMessages.subscriptionRequired }
  return undefined
}

const unknownId = '00000000-0000-4000-8000-000000000000'

function concretePath(route: RegisteredRoute, ids: Record<string, string> = {}) {
  return route.path.replace(
    /:(\w+)/g,
    (_match, name: string) => ids[name] ?? (name === 'name' ? 'SQL' : name === 'providerId' ? 'google' : unknownId),
  )
}

/** Calls `route` as `client` with a body of its declared shape; event streams are closed once they answer. */
async function call(client: TestClient, route: RegisteredRoute, ids: Record<string, string> = {}) {
  const path = concretePath(route, ids)
  const body =
    route.method === 'GET' || route.method === 'DELETE'
      ? undefined
      : route.key in validBodies
        ? validBodies[route.key]
        : route.schemas.json
          ? sampleOf(route.schemas.json)
          : route.path.endsWith('/avatar') ||
              route.path.endsWith('/logo') ||
              route.path.endsWith('/applications') ||
              route.path === '/api/community/posts'
            ? new FormData()
            : {}
  const response = await client.request(route.method, path, body)
  const text = response.headers.get('content-type')?.includes('text/event-stream')
    ? (await response.body?.cancel(), '')
    : await response.text()
  let message: string | undefined
  try {
    message = (JSON.parse(text) as ErrorBody).error?.message
  } catch {
    message = undefined
  }
  return { status: response.status, message, label: `${route.method} ${path}` }
}

/** Sorted so the calls that end a session (sign-out) come last. */
function inCallOrder(routes: RegisteredRoute[]) {
  return [...routes].sort((a, b) => Number(a.path.endsWith('/sign-out')) - Number(b.path.endsWith('/sign-out')))
}

describe('the authorization matrix', () => {
  let google: Awaited<ReturnType<typeof startGoogleStandIn>>
  let t: TestApp
  let strict: TestApp
  let routes: RegisteredRoute[]
  let resume: Buffer

  beforeAll(async () => {
    google = await startGoogleStandIn()
    resume = await readFile(fixturePath('resumes', 'awesome_cv_example_resume.pdf'))
    t = await createTestApp(google.env)
    strict = await createTestApp({ ...google.env, ADMIN_REQUIRE_2FA: 'true' })
    await ensureDefaultPlans(t.db)
    await ensureDefaultPlans(strict.db)
    // and the one route outside /api behind the access table: the operators' metrics (without their token)
    routes = [
      ...registeredApiRoutes(t.app),
      ...t.app.routes
        .filter((route) => route.path === '/metrics' && route.method === 'GET')
        .slice(0, 1)
        .map((route) => ({ method: route.method, path: route.path, key: `GET ${route.path}`, schemas: {} })),
    ]
    expect(routes.map((route) => route.key)).toContain('GET /metrics')
  })
  afterAll(async () => {
    await t?.close()
    await strict?.close()
    await google?.stop()
  })

  test('every route the app registers has an entry in the access table, and every object route says whose objects it reaches', () => {
    expect(routes.length).toBeGreaterThan(60)
    expect(routes.map((route) => route.key)).toContain('GET /api/auth/oauth2/callback/google')
    const missing = routes.filter((route) => !apiAccessEntry(route.path, route.method)).map((route) => route.key)
    expect(missing).toEqual([])
    const unclassified = routes
      .filter(
        (route) =>
          route.path.includes('/:') &&
          apiAccessEntry(route.path, route.method)?.level !== 'admin' &&
          !objectRoutes[route.key],
      )
      .map((route) => route.key)
    expect(unclassified).toEqual([])
  })

  test('visitors, free members, subscribers and admins get exactly what the access table gives them, on every route', async () => {
    const clients: Record<Role, TestClient> = {
      visitor: t.client(),
      'free member': await t.signedIn(),
      subscriber: await t.signedIn({ subscribed: true }),
      admin: await t.signedIn({ admin: true }),
    }
    const leaks: string[] = []
    for (const route of inCallOrder(routes)) {
      const level = apiAccessEntry(route.path, route.method)!.level
      for (const role of Object.keys(clients) as Role[]) {
        const expected = refusalFor(level, role)
        const answer = await call(clients[role], route)
        if (answer.status >= 500) leaks.push(`${role}: ${answer.label} -> ${answer.status}`)
        else if (expected && (answer.status !== expected.status || answer.message !== expected.message)) {
          leaks.push(
            `${role}: ${answer.label} -> ${answer.status} ${answer.message ?? ''}, expected ${expected.status}`,
          )
        } else if (!expected && answer.message && accessRefusals.has(answer.message)) {
          leaks.push(
            `${role}: ${answer.label} refused (${answer.message}) where the table lets in: the table is looser than the service`,
          )
        }
      }
    }
    expect(leaks).toEqual([])
  })

  test('with ADMIN_REQUIRE_2FA, an admin without two-factor is refused on every admin route and has no admin power in member areas', async () => {
    const owner = (await strict.signedIn({ subscribed: true })) as Member
    const adminWithout = await strict.signedIn({ admin: true })
    const adminWith = (await strict.signedIn({ admin: true })) as Member
    const enabled = (await (
      await adminWith.post('/api/accounts/security/two-factor/enable', { password: adminWith.member.password })
    ).json()) as { totpURI: string }
    const secret = new URL(enabled.totpURI).searchParams.get('secret')!
    expect(
      (await adminWith.post('/api/accounts/security/two-factor/confirm', { code: authenticator.generate(secret) }))
        .status,
    ).toBe(200)

    // admin powers inside member areas: moderation and another member's resume
    // (before the walk below, whose last call signs the admins out)
    // (a test checkout is its buyer's alone, admins included; so is a layoff watch, a goal and a routine)
    for (const route of routes.filter(
      (candidate) =>
        objectRoutes[candidate.key] === 'owner' &&
        !candidate.path.includes('test-checkout') &&
        !candidate.path.includes('/layoffs/watches/') &&
        !candidate.path.startsWith('/api/goals/') &&
        !candidate.path.startsWith('/api/routine/'),
    )) {
      const refused = await call(adminWithout, route, (await ownedObject(strict, owner, route)).ids)
      expect([403, 404], `admin without two-factor: ${refused.label}`).toContain(refused.status)
      const allowed = await call(adminWith, route, (await ownedObject(strict, owner, route)).ids)
      expect(allowed.status, `admin with two-factor: ${allowed.label}`).toBeLessThan(300)
    }

    const leaks: string[] = []
    for (const route of inCallOrder(routes)) {
      const level = apiAccessEntry(route.path, route.method)!.level
      for (const [client, twoFactorMissing] of [
        [adminWithout, true],
        [adminWith, false],
      ] as const) {
        const expected = refusalFor(level, 'admin', twoFactorMissing)
        const answer = await call(client, route)
        const who = twoFactorMissing ? 'admin without two-factor' : 'admin with two-factor'
        if (answer.status >= 500) leaks.push(`${who}: ${answer.label} -> ${answer.status}`)
        else if (expected && (answer.status !== expected.status || answer.message !== expected.message))
          leaks.push(`${who}: ${answer.label} -> ${answer.status}`)
        else if (!expected && answer.message && accessRefusals.has(answer.message))
          leaks.push(`${who}: ${answer.label} refused (${answer.message})`)
      }
    }
    expect(leaks).toEqual([])
  })

  test("another member reaches none of a member's own objects", async () => {
    const owner = (await t.signedIn({ subscribed: true })) as Member
    const other = await t.signedIn({ subscribed: true })
    const ownerRoutes = routes.filter((route) => objectRoutes[route.key] === 'owner')
    expect(ownerRoutes.length).toBeGreaterThanOrEqual(5)
    for (const route of ownerRoutes) {
      const answer = await call(other, route, (await ownedObject(t, owner, route)).ids)
      expect([403, 404], answer.label).toContain(answer.status)
      // and the owner does reach it: the refusal above is about ownership, not a broken call
      const fresh = await ownedObject(t, owner, route)
      const own = await call(fresh.owner, route, fresh.ids)
      expect(own.status, `owner: ${own.label}`).toBeLessThan(300)
    }
  })

  /**
   * A fresh object that `route` names, as its path parameters, and the client
   * that owns it: a subscriber's post, comment or application; a free member's
   * open test checkout (a subscriber has no checkout to open).
   */
  async function ownedObject(
    app: TestApp,
    subscriber: Member,
    route: RegisteredRoute,
  ): Promise<{ ids: Record<string, string>; owner: Member }> {
    const post = () => insertPost(app.db, { userId: subscriber.member.id, content: 'An owner post' })
    if (route.path.includes(':commentId')) {
      const { id: postId } = await post()
      const comment = await insertComment(app.db, postId, subscriber.member.id, 'An owner comment')
      return { ids: { commentId: comment!.id }, owner: subscriber }
    }
    if (route.path.includes(':postId')) return { ids: { postId: (await post()).id }, owner: subscriber }
    if (route.path.includes(':applicationId')) {
      const job = await createJob(app.db, { title: 'Matrix Analyst', company: 'Matrix Co', location: 'Boston' })
      const form = new FormData()
      for (const [key, value] of Object.entries({
        firstName: 'Owen',
        lastName: 'Owner',
        email: subscriber.member.email,
        phone: '+1 617 555 0100',
        coverLetter: 'Hello',
      })) {
        form.set(key, value)
      }
      form.set('resume', new File([new Uint8Array(resume)], 'resume.pdf', { type: 'application/pdf' }))
      const applied = await subscriber.post(`/api/jobs/${job.id}/applications`, form)
      expect(applied.status).toBe(201)
      return { ids: { applicationId: ((await applied.json()) as { id: string }).id }, owner: subscriber }
    }
    if (route.path.includes(':reviewId')) {
      const form = new FormData()
      form.set('email', subscriber.member.email)
      form.set('resume', new File([new Uint8Array(resume)], 'resume.pdf', { type: 'application/pdf' }))
      const submitted = await subscriber.post('/api/resume-reviews', form)
      expect(submitted.status).toBe(201)
      return { ids: { reviewId: ((await submitted.json()) as { id: string }).id }, owner: subscriber }
    }
    if (route.path.includes(':checkoutId')) {
      const buyer = (await app.signedIn()) as Member
      const { url } = (await (await buyer.post('/api/billing/checkout', { planId: 'full-access' })).json()) as {
        url: string
      }
      return { ids: { checkoutId: url.split('/').at(-1)! }, owner: buyer }
    }
    if (route.path.includes(':watchId')) {
      const added = await subscriber.post('/api/layoffs/watches', {
        kind: 'company',
        value: `Matrix Watch ${crypto.randomUUID()}`,
      })
      expect(added.status).toBe(201)
      return { ids: { watchId: ((await added.json()) as { id: string }).id }, owner: subscriber }
    }
    if (route.path.includes(':conversationId')) {
      // the member's conversation with a coach: an admin (with two-factor where it is required) must exist
      let started = await subscriber.post('/api/chat/conversations')
      if (started.status === 409) {
        await app.signedIn({ admin: true })
        started = await subscriber.post('/api/chat/conversations')
      }
      expect(started.status).toBeLessThan(300)
      const { conversation } = (await started.json()) as { conversation: { id: string } }
      return { ids: { conversationId: conversation.id }, owner: subscriber }
    }
    if (route.path.includes(':goalId')) {
      const added = await subscriber.post('/api/goals', { title: 'Matrix goal', type: 'promotion' })
      expect(added.status).toBe(201)
      return { ids: { goalId: ((await added.json()) as { goal: { id: string } }).goal.id }, owner: subscriber }
    }
    if (route.path.includes(':blockId') || route.path.includes(':taskId')) {
      // the answer is the member's whole day: the new row is found by its unique text
      const text = `Matrix ${crypto.randomUUID()}`
      const block = route.path.includes(':blockId')
      const added = await subscriber.post(
        `/api/routine/today/${block ? 'blocks' : 'tasks'}`,
        block ? { time: '09:30', activity: text } : { title: text },
      )
      expect(added.status).toBe(201)
      const day = (await added.json()) as {
        timeBlocks: Array<{ id: string; activity: string }>
        tasks: Array<{ id: string; title: string }>
      }
      return block
        ? { ids: { blockId: day.timeBlocks.find((row) => row.activity === text)!.id }, owner: subscriber }
        : { ids: { taskId: day.tasks.find((row) => row.title === text)!.id }, owner: subscriber }
    }
    throw new Error(`no owned object for ${route.key}`)
  }
})
