import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { businessRequests } from '#server/db/schema/business.ts'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { businessMessages } from '#shared/business/messages.ts'
import { honeypotField, publicFormRateLimit } from '#shared/constants.ts'

const adminEmail = 'business-admin@example.com'
const valid = {
  businessName: 'Corner Bakery',
  industry: 'retail',
  requiredSkills: ['web-development', 'social-media'],
  supportNeeded: 'A new online shop and help with Instagram',
  email: 'Owner@Corner-Bakery.example',
  phone: '+1 (555) 123-4567',
}

describe('business request form', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let t: TestApp
  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' })
    await t.signedIn({ admin: true, email: adminEmail })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  test('every field is checked with a clear message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, businessMessages.missingFields],
      [{ ...valid, businessName: ' ' }, businessMessages.missingFields],
      [{ ...valid, supportNeeded: '' }, businessMessages.missingFields],
      [{ ...valid, industry: '' }, businessMessages.chooseIndustry],
      [{ ...valid, industry: 'mining' }, businessMessages.chooseIndustry],
      [{ ...valid, requiredSkills: [] }, businessMessages.chooseSkill],
      [{ ...valid, requiredSkills: ['juggling'] }, businessMessages.chooseSkill],
      [{ ...valid, email: 'owner-at-bakery' }, businessMessages.invalidEmail],
      [{ ...valid, phone: '' }, businessMessages.missingFields],
      [{ ...valid, phone: '12345' }, businessMessages.invalidPhone],
      [{ ...valid, phone: 'call me maybe' }, businessMessages.invalidPhone],
      [{ ...valid, phone: '1'.repeat(21) }, businessMessages.invalidPhone],
      [{ ...valid, phone: '(((---)))' }, businessMessages.invalidPhone],
      [{ ...valid, businessName: 'b'.repeat(151) }, businessMessages.businessNameTooLong],
    ]
    for (const [body, message] of cases) {
      const response = await t.client().post('/api/business-requests', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect((await response.json()).error.message).toBe(message)
    }
    expect(await t.db.select().from(businessRequests)).toEqual([])
  })

  test('a request is stored, confirmed to the business and announced to the admins', async () => {
    const response = await t.client().post('/api/business-requests', { ...valid, [honeypotField]: '' })
    expect(response.status).toBe(201)
    expect((await response.json()).message).toBe(businessMessages.sent)
    const [row] = await t.db
      .select()
      .from(businessRequests)
      .where(eq(businessRequests.email, 'owner@corner-bakery.example'))
    expect(row).toMatchObject({
      businessName: 'Corner Bakery',
      industry: 'retail',
      requiredSkills: ['web-development', 'social-media'],
      phone: '+1 (555) 123-4567',
      status: 'new',
      userId: null,
    })
    const confirmation = await smtp.waitFor('owner@corner-bakery.example', /We received your intern request/)
    expect(confirmation.text).toContain('consultation')
    const announcement = await smtp.waitFor(adminEmail, /New business request: Corner Bakery/)
    expect(announcement.text).toContain('Web development, Social media')
    expect(announcement.text).toContain(valid.supportNeeded)
  })

  test('a filled-in honeypot is refused and nothing is stored', async () => {
    const response = await t
      .client()
      .post('/api/business-requests', { ...valid, businessName: 'Spam Inc', [honeypotField]: 'x' })
    expect(response.status).toBe(400)
    expect((await response.json()).error.message).toBe(businessMessages.refused)
    expect(await t.db.select().from(businessRequests).where(eq(businessRequests.businessName, 'Spam Inc'))).toEqual([])
  })

  test('one address cannot flood the form', async () => {
    const flooder = t.client()
    for (let i = 0; i < publicFormRateLimit.maxRequests; i++) {
      expect((await flooder.post('/api/business-requests', { ...valid, businessName: `Flood ${i}` })).status).toBe(201)
    }
    const refused = await flooder.post('/api/business-requests', { ...valid, businessName: 'One more' })
    expect(refused.status).toBe(429)
    expect((await refused.json()).error.message).toBe(businessMessages.tooMany)
    expect(await t.db.select().from(businessRequests).where(eq(businessRequests.businessName, 'One more'))).toEqual([])
  })
})
