import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { createTestApp } from '#server/testing/harness.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'
import { contactMessages } from '#shared/contact/messages.ts'
import { publicFormRateLimit } from '#shared/constants.ts'
import { deleteEndedRateLimitWindows, RateLimiter, retryAfter } from './rate-limit.ts'

describe('the rate limiter', () => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    await database?.close()
  })

  test('lets maxRequests through per window and key, then refuses until the window has passed', async () => {
    let now = Date.parse('2026-11-24T10:00:00Z')
    const limiter = new RateLimiter(database.db, 'test-window', { maxRequests: 2, windowSeconds: 60 }, () => now)
    const allowed = async (key: string) => (await limiter.hit(key)).allowed
    expect([await allowed('a'), await allowed('a'), await allowed('a'), await allowed('b')]).toEqual([
      true,
      true,
      false,
      true,
    ])
    now += 59_999
    expect(await allowed('a')).toBe(false)
    now += 1
    expect(await allowed('a')).toBe(true)
  })

  test('limits with the same keys count apart', async () => {
    const limit = { maxRequests: 1, windowSeconds: 60 }
    const signIn = new RateLimiter(database.db, 'test-apart-1', limit)
    const forms = new RateLimiter(database.db, 'test-apart-2', limit)
    expect((await signIn.hit('10.0.0.1')).allowed).toBe(true)
    expect((await forms.hit('10.0.0.1')).allowed).toBe(true)
    expect((await signIn.hit('10.0.0.1')).allowed).toBe(false)
  })

  test('concurrent hits lose no count', async () => {
    const limiter = new RateLimiter(database.db, 'test-concurrent', { maxRequests: 5, windowSeconds: 60 })
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => limiter.hit('same')))
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5)
  })

  test("refuses with the area's message and a Retry-After of what is left of the window", async () => {
    let now = Date.parse('2026-11-24T11:00:00Z')
    const limiter = new RateLimiter(database.db, 'test-refusal', publicFormRateLimit, () => now)
    for (let i = 0; i < publicFormRateLimit.maxRequests; i++) await limiter.enforce('ip', 'Too many requests')
    now += 100_500
    const refusal = await limiter.enforce('ip', 'Too many requests').catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(AppError)
    expect(refusal).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests',
      headers: { 'Retry-After': String(publicFormRateLimit.windowSeconds - 100) },
    })
  })

  test('the clean-up deletes the windows that have ended and keeps the others', async () => {
    let now = Date.parse('2026-11-24T12:00:00Z')
    const limiter = new RateLimiter(database.db, 'test-cleanup', { maxRequests: 1, windowSeconds: 60 }, () => now)
    await limiter.hit('old')
    now += 30_000
    await limiter.hit('new')
    now += 45_000
    expect(await deleteEndedRateLimitWindows(database.db, new Date(now))).toBeGreaterThanOrEqual(1)
    // 'new' still counts: its window has 15 s left
    expect((await limiter.hit('new')).allowed).toBe(false)
    expect((await limiter.hit('old')).allowed).toBe(true)
  })

  test('Retry-After is whole seconds, rounded up so a client never comes back too early', () => {
    expect(retryAfter(600)).toEqual({ 'Retry-After': '600' })
    expect(retryAfter(899.2)).toEqual({ 'Retry-After': '900' })
  })
})

// Issue 14 §4: two instances on one PostgreSQL share one count, not one each.
describe.runIf(process.env.TEST_DB_KIND === 'postgres')('limits across two instances on one PostgreSQL', () => {
  test("the public forms' per-IP limit holds whichever instance answers", async () => {
    const a = await createTestApp()
    const b = await a.secondInstance()
    try {
      const onA = a.client()
      // the same visitor, answered by A and B in turn
      const onB = b.client(onA.ip)
      const message = {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        subject: 'Hello',
        message: 'A message long enough to be accepted.',
      }
      const statuses: number[] = []
      for (let i = 0; i <= publicFormRateLimit.maxRequests; i++) {
        const response = await (i % 2 === 0 ? onA : onB).post('/api/contact', message)
        statuses.push(response.status)
        if (response.status === 429) expect((await response.json()).error.message).toBe(contactMessages.tooMany)
      }
      expect(statuses.slice(0, publicFormRateLimit.maxRequests).every((status) => status === 201)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
    } finally {
      await b.close()
      await a.close()
    }
  })
})
