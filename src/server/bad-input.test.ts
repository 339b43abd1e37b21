import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createTestApp, testBaseUrl, TestClient, type TestApp } from '#server/testing/harness.ts'
import {
  registeredApiRoutes,
  sampleOf,
  stringPaths,
  withStringAt,
  type RegisteredRoute,
} from '#server/testing/routes.ts'
import { requestBodyLimits } from '#shared/constants.ts'
import { genericMessages, type ErrorBody } from '#shared/errors.ts'

// Client mistakes never answer 500 (issue 11): every route the app registers gets
// malformed JSON, a NUL character and hostile strings in each field its schema
// declares, oversized bodies, and requests from another site.

const hostileStrings = [
  '\'; DROP TABLE "user"; --',
  '<script>alert(document.cookie)</script>',
  'javascript:alert(1)',
  '\ud800 lone surrogate',
  '\u202eevil\u202c right-to-left override',
  '%00%27%22',
  '../../../../etc/passwd',
  'x'.repeat(20_000),
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🎉 ünïcödé',
]

/** What a client mistake must never show: a stack trace or SQL (not the word 'select' of a message: 'Please select a file'). */
const internals =
  /\bat .+\(.+:\d+:\d+\)|node_modules|SELECT .+ FROM|INSERT INTO|UPDATE .+ SET|syntax error|relation ".+"/i

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

let t: TestApp
let admin: TestClient
let routes: RegisteredRoute[]

beforeAll(async () => {
  t = await createTestApp()
  // sign-out ends the admin's session: last
  routes = registeredApiRoutes(t.app).sort(
    (a, b) => Number(a.path.endsWith('/sign-out')) - Number(b.path.endsWith('/sign-out')),
  )
})
// a fresh admin per test: the previous test's walk ended with sign-out
beforeEach(async () => {
  admin = await t.signedIn({ admin: true })
})
afterAll(async () => t?.close())

/** The admin's session from an address of its own, so per-IP limits do not hide what a route does. */
function adminElsewhere() {
  const client = new TestClient(t.app)
  for (const [name, value] of admin.cookies) client.cookies.set(name, value)
  return client
}

function cookieOf(client: TestClient) {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
}

function pathOf(route: RegisteredRoute) {
  return route.path.replace(/:(\w+)/g, (_match, name: string) =>
    name === 'name' ? 'SQL' : '00000000-0000-4000-8000-000000000000',
  )
}

async function answerOf(response: Response) {
  const text = await response.text()
  let error: ErrorBody['error'] | undefined
  try {
    error = (JSON.parse(text) as ErrorBody).error
  } catch {
    error = undefined
  }
  return { status: response.status, text, error }
}

describe('bad input on every route', () => {
  test('malformed JSON is a 400 with a clear message on every route that takes a body', async () => {
    const failures: string[] = []
    for (const route of routes.filter((candidate) => writeMethods.has(candidate.method))) {
      const broken = await t.app.request(pathOf(route), {
        method: route.method,
        headers: {
          origin: testBaseUrl,
          'content-type': 'application/json',
          cookie: cookieOf(admin),
          'x-forwarded-for': adminElsewhere().ip,
        },
        body: '{"email": "a@example.com", ',
      })
      const answer = await answerOf(broken)
      if (answer.status >= 500 || internals.test(answer.text))
        failures.push(`${route.key} -> ${answer.status} ${answer.text.slice(0, 120)}`)
      if (route.schemas.json && (answer.status !== 400 || answer.error?.message !== genericMessages.invalidRequest)) {
        failures.push(
          `${route.key} -> ${answer.status} ${answer.error?.message ?? ''}, expected 400 '${genericMessages.invalidRequest}'`,
        )
      }
    }
    expect(failures).toEqual([])
  })

  test('a NUL character in any text field is a 400, never a 500', async () => {
    const failures: string[] = []
    let checked = 0
    for (const route of routes) {
      for (const target of ['json', 'query'] as const) {
        const schema = route.schemas[target]
        if (!schema) continue
        const sample = sampleOf(schema)
        for (const path of stringPaths(sample)) {
          const value = withStringAt(sample, path, 'before\u0000after')
          const client = adminElsewhere()
          const response =
            target === 'json'
              ? await client.request(route.method, pathOf(route), value)
              : await client.request(
                  route.method,
                  `${pathOf(route)}?${new URLSearchParams(value as Record<string, string>)}`,
                )
          const answer = await answerOf(response)
          checked++
          if (answer.status !== 400 || internals.test(answer.text))
            failures.push(`${route.key} ${target}.${path.join('.')} -> ${answer.status} ${answer.text.slice(0, 120)}`)
        }
      }
    }
    expect(checked).toBeGreaterThan(40)
    expect(failures).toEqual([])
  })

  test('a NUL character in a path parameter or a multipart field is a 400, never a 500', async () => {
    const failures: string[] = []
    for (const route of routes.filter((candidate) => candidate.path.includes('/:'))) {
      const path = route.path.replace(/:(\w+)/g, 'x%00y')
      const answer = await answerOf(
        await adminElsewhere().request(route.method, path, writeMethods.has(route.method) ? {} : undefined),
      )
      if (answer.status >= 500 || internals.test(answer.text)) failures.push(`${route.key} -> ${answer.status}`)
    }
    const form = new FormData()
    form.set('content', 'a post with a \u0000 inside')
    const post = await answerOf(await adminElsewhere().post('/api/community/posts', form))
    if (post.status !== 400) failures.push(`multipart community post -> ${post.status} ${post.text.slice(0, 120)}`)
    expect(failures).toEqual([])
  })

  test('hostile strings in every field are refused or stored as text, never a 500, never a stack trace or SQL', async () => {
    const failures: string[] = []
    for (const route of routes) {
      const schema = route.schemas.json
      if (!schema) continue
      const sample = sampleOf(schema)
      for (const path of stringPaths(sample)) {
        const client = adminElsewhere()
        for (const hostile of hostileStrings) {
          const answer = await answerOf(
            await client.request(route.method, pathOf(route), withStringAt(sample, path, hostile)),
          )
          if (answer.status >= 500 || internals.test(answer.text))
            failures.push(`${route.key} ${path.join('.')} = ${hostile.slice(0, 30)} -> ${answer.status}`)
        }
      }
    }
    expect(failures).toEqual([])
    // nine strings in every field of every route: thousands of requests, more with each area
  }, 120_000)

  test('a JSON body over the limit is refused with 413 before it is read, on every route that takes one', async () => {
    const huge = JSON.stringify({ content: 'x'.repeat(requestBodyLimits.jsonBytes) })
    const failures: string[] = []
    for (const route of routes.filter(
      (candidate) => writeMethods.has(candidate.method) && candidate.path !== '/api/accounts/sign-out',
    )) {
      const response = await t.app.request(pathOf(route), {
        method: route.method,
        headers: { origin: testBaseUrl, 'content-type': 'application/json', cookie: cookieOf(admin) },
        body: huge,
      })
      const answer = await answerOf(response)
      if (answer.status !== 413 || answer.error?.message !== genericMessages.bodyTooLarge)
        failures.push(`${route.key} -> ${answer.status}`)
    }
    expect(failures).toEqual([])
  })

  test('a multipart body over the ceiling is refused with 413', async () => {
    const form = new FormData()
    form.set('media', new File([new Uint8Array(requestBodyLimits.multipartBytes + 1)], 'big.bin'))
    const response = await t.app.request('/api/admin/inbox/contact/00000000-0000-4000-8000-000000000000', {
      method: 'PATCH',
      headers: { origin: testBaseUrl, cookie: cookieOf(admin) },
      body: form,
    })
    expect(response.status).toBe(413)
  })
})

describe('requests from another site', () => {
  test('every state-changing route refuses another Origin, and no Origin at all, except the signed Stripe webhook', async () => {
    const failures: string[] = []
    for (const route of routes.filter((candidate) => writeMethods.has(candidate.method))) {
      for (const origin of ['https://evil.example', 'null', undefined]) {
        const headers: Record<string, string> = { 'content-type': 'application/json', cookie: cookieOf(admin) }
        if (origin) headers.origin = origin
        const answer = await answerOf(await t.app.request(pathOf(route), { method: route.method, headers, body: '{}' }))
        const exempt = route.path === '/api/billing/webhook'
        if (
          exempt
            ? answer.error?.message === genericMessages.foreignOrigin
            : answer.status !== 403 || answer.error?.message !== genericMessages.foreignOrigin
        ) {
          failures.push(`${route.key} from ${origin ?? 'no origin'} -> ${answer.status}`)
        }
      }
    }
    expect(failures).toEqual([])
    // reads stay open to links from anywhere
    expect((await t.app.request('/api/billing/plans', { headers: { origin: 'https://evil.example' } })).status).toBe(
      200,
    )
  })
})
