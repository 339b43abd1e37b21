import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { emailNotifications } from '#server/db/schema/update-signup.ts'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'
import { publicFormRateLimit } from '#shared/constants.ts'
import { updateSignupMessages } from '#shared/update-signup/messages.ts'

describe('update sign-up on the landing page', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t?.close())

  test('every field is required', async () => {
    for (const body of [
      {},
      { firstName: 'Ann', lastName: '', email: 'ann@example.com' },
      { firstName: ' ', lastName: 'Lee', email: 'ann@example.com' },
    ]) {
      const response = await t.client().post('/api/update-signup', body)
      expect(response.status).toBe(400)
      expect((await response.json()).error.message).toBe(updateSignupMessages.missingFields)
    }
    const badEmail = await t
      .client()
      .post('/api/update-signup', { firstName: 'Ann', lastName: 'Lee', email: 'not-an-address' })
    expect((await badEmail.json()).error.message).toBe(updateSignupMessages.invalidEmail)
  })

  test('the e-mail is stored lowercased and signing up twice keeps one row', async () => {
    const visitor = t.client()
    const first = await visitor.post('/api/update-signup', {
      firstName: 'Ann',
      lastName: 'Lee',
      email: '  Ann.Lee@Example.COM ',
    })
    expect(first.status).toBe(201)
    expect((await first.json()).message).toBe(updateSignupMessages.thanks)
    const again = await visitor.post('/api/update-signup', {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann.lee@example.com',
    })
    expect(again.status).toBe(201)
    const rows = await t.db.select().from(emailNotifications)
    expect(rows.filter((row) => row.email === 'ann.lee@example.com')).toHaveLength(1)
    expect(rows.some((row) => row.email !== row.email.toLowerCase())).toBe(false)
  })

  test('one address cannot flood the list', async () => {
    const flooder = t.client()
    for (let i = 0; i < publicFormRateLimit.maxRequests; i++) {
      expect(
        (await flooder.post('/api/update-signup', { firstName: 'F', lastName: 'L', email: `f${i}@example.com` }))
          .status,
      ).toBe(201)
    }
    const refused = await flooder.post('/api/update-signup', {
      firstName: 'F',
      lastName: 'L',
      email: 'one-more@example.com',
    })
    expect(refused.status).toBe(429)
    expect((await refused.json()).error.message).toBe(updateSignupMessages.tooMany)
  })
})
