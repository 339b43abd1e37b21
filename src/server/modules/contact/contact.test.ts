import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { contactSubmissions } from '#server/db/schema/contact.ts'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { honeypotField, publicFormRateLimit } from '#shared/constants.ts'
import { contactMessages } from '#shared/contact/messages.ts'

const adminEmail = 'contact-admin@example.com'
const valid = {
  name: 'Ann Lee',
  email: 'Ann.Lee@Example.com',
  subject: 'Question about plans',
  message: 'Do you offer a student discount?',
}

describe('Contact Us form', () => {
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

  test('name, e-mail and message are required and the e-mail must be valid', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, contactMessages.missingFields],
      [{ ...valid, name: '  ' }, contactMessages.missingFields],
      [{ ...valid, email: '' }, contactMessages.missingFields],
      [{ ...valid, message: undefined }, contactMessages.missingFields],
      [{ ...valid, email: 'not-an-address' }, contactMessages.invalidEmail],
      [{ ...valid, name: 'n'.repeat(101) }, contactMessages.nameTooLong],
      [{ ...valid, subject: 's'.repeat(201) }, contactMessages.subjectTooLong],
      [{ ...valid, message: 'm'.repeat(5001) }, contactMessages.messageTooLong],
    ]
    for (const [body, message] of cases) {
      const response = await t.client().post('/api/contact', body)
      expect(response.status).toBe(400)
      expect((await response.json()).error.message).toBe(message)
    }
    expect(await t.db.select().from(contactSubmissions)).toEqual([])
  })

  test('a visitor’s message is stored and mailed to the admins with the sender’s address', async () => {
    const response = await t.client().post('/api/contact', { ...valid, [honeypotField]: '' })
    expect(response.status).toBe(201)
    expect((await response.json()).message).toBe(contactMessages.sent)
    const [row] = await t.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, 'ann.lee@example.com'))
    expect(row).toMatchObject({
      name: 'Ann Lee',
      subject: 'Question about plans',
      message: valid.message,
      userId: null,
      status: 'new',
    })
    const mail = await smtp.waitFor(adminEmail, /Contact message: Question about plans/)
    expect(mail.text).toContain('Ann Lee <ann.lee@example.com>')
    expect(mail.replyTo).toBe('"Ann Lee" <ann.lee@example.com>')
    expect(mail.text).toContain(valid.message)
  })

  test('the subject is optional and a signed-in member’s message keeps their account', async () => {
    const member = await t.signedIn()
    const response = await member.post('/api/contact', {
      name: 'Mia Member',
      email: member.member.email,
      message: 'Hello from inside',
    })
    expect(response.status).toBe(201)
    const [row] = await t.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.message, 'Hello from inside'))
    expect(row?.subject).toBeNull()
    expect(row?.userId).toBe(member.member.id)
    await smtp.waitFor(adminEmail, /Contact message: from Mia Member/)
  })

  test('a filled-in honeypot is refused and nothing is stored', async () => {
    const response = await t
      .client()
      .post('/api/contact', { ...valid, message: 'Buy cheap pills', [honeypotField]: 'https://spam.example' })
    expect(response.status).toBe(400)
    expect((await response.json()).error.message).toBe(contactMessages.refused)
    expect(
      await t.db.select().from(contactSubmissions).where(eq(contactSubmissions.message, 'Buy cheap pills')),
    ).toEqual([])
  })

  test('one address cannot flood the form', async () => {
    const flooder = t.client()
    for (let i = 0; i < publicFormRateLimit.maxRequests; i++) {
      expect((await flooder.post('/api/contact', { ...valid, message: `flood ${i}` })).status).toBe(201)
    }
    const refused = await flooder.post('/api/contact', { ...valid, message: 'one more' })
    expect(refused.status).toBe(429)
    expect((await refused.json()).error.message).toBe(contactMessages.tooMany)
    expect(await t.db.select().from(contactSubmissions).where(eq(contactSubmissions.message, 'one more'))).toEqual([])
  })
})
