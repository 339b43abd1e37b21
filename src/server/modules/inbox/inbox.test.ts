import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { businessRequests } from '#server/db/schema/business.ts'
import { contactSubmissions } from '#server/db/schema/contact.ts'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'
import { genericMessages } from '#shared/errors.ts'
import { inboxMessages, type InboxList } from '#shared/inbox/schemas.ts'

describe('admin inbox', () => {
  let t: TestApp
  let admin: Awaited<ReturnType<TestApp['signedIn']>>
  beforeAll(async () => {
    t = await createTestApp()
    admin = await t.signedIn({ admin: true })
    await t.db.insert(contactSubmissions).values([
      {
        name: 'Old Sender',
        email: 'old@example.com',
        subject: 'First',
        message: 'Older message',
        createdAt: new Date('2026-01-01T10:00:00Z'),
      },
      {
        name: 'New Sender',
        email: 'new@example.com',
        subject: null,
        message: 'Discount of 100% please',
        createdAt: new Date('2026-02-01T10:00:00Z'),
      },
    ])
    await t.db.insert(businessRequests).values({
      businessName: 'Corner Bakery',
      industry: 'retail',
      requiredSkills: ['seo'],
      supportNeeded: 'More visitors',
      email: 'owner@bakery.example',
      phone: '555 1234 567',
    })
  })
  afterAll(async () => t?.close())

  const list = async (query: string) => {
    const response = await admin.get(`/api/admin/inbox${query}`)
    expect(response.status).toBe(200)
    return (await response.json()) as InboxList
  }

  test('visitors must sign in and members are refused', async () => {
    const visitor = await t.client().get('/api/admin/inbox')
    expect(visitor.status).toBe(401)
    const member = await t.signedIn()
    const refused = await member.get('/api/admin/inbox?kind=business')
    expect(refused.status).toBe(403)
    expect((await refused.json()).error.message).toBe(genericMessages.adminRequired)
    const [row] = await t.db.select().from(contactSubmissions)
    expect((await member.request('PATCH', `/api/admin/inbox/contact/${row!.id}`, { status: 'done' })).status).toBe(403)
    expect((await t.client().request('PATCH', `/api/admin/inbox/contact/${row!.id}`, { status: 'done' })).status).toBe(
      401,
    )
  })

  test('contact messages are listed newest first with both tabs’ counts', async () => {
    const inbox = await list('')
    expect(inbox.kind).toBe('contact')
    expect(inbox.counts).toEqual({ contact: 2, business: 1 })
    expect(inbox.items.map((item) => item.status)).toEqual(['new', 'new'])
    expect(inbox.items.map((item) => ('name' in item ? item.name : ''))).toEqual(['New Sender', 'Old Sender'])
    const business = await list('?kind=business')
    expect(business.items).toMatchObject([{ businessName: 'Corner Bakery', requiredSkills: ['seo'], status: 'new' }])
  })

  test('the search looks at names, addresses, subjects and texts, with wildcards taken literally', async () => {
    expect((await list('?q=OLD%40example')).items).toHaveLength(1)
    expect((await list('?q=first')).items).toHaveLength(1)
    expect((await list('?q=100%25')).items).toHaveLength(1)
    // '%' and '_' alone match nothing special
    expect((await list('?q=%25%25')).items).toHaveLength(0)
    expect((await list('?q=_')).items).toHaveLength(0)
    const search = await list('?kind=business&q=visitors')
    expect(search.items).toHaveLength(1)
    expect(search.counts).toEqual({ contact: 0, business: 1 })
  })

  test('an admin moves items through their statuses and can filter by status', async () => {
    const [contact] = (await list('?q=old')).items
    const moved = await admin.request('PATCH', `/api/admin/inbox/contact/${contact!.id}`, { status: 'in_progress' })
    expect(moved.status).toBe(200)
    expect((await moved.json()).status).toBe('in_progress')
    expect((await list('?status=in_progress')).items.map((item) => item.id)).toEqual([contact!.id])

    // 'matched' is a business request's status only
    const wrong = await admin.request('PATCH', `/api/admin/inbox/contact/${contact!.id}`, { status: 'matched' })
    expect(wrong.status).toBe(400)
    expect((await wrong.json()).error.message).toBe(inboxMessages.invalidStatus)

    const [business] = (await list('?kind=business')).items
    const matched = await admin.request('PATCH', `/api/admin/inbox/business/${business!.id}`, { status: 'matched' })
    expect((await matched.json()).status).toBe('matched')
  })

  test('an unknown item is not found', async () => {
    for (const path of [
      '/api/admin/inbox/contact/00000000-0000-4000-8000-000000000000',
      '/api/admin/inbox/business/not-an-id',
    ]) {
      const response = await admin.request('PATCH', path, { status: 'done' })
      expect(response.status).toBe(404)
      expect((await response.json()).error.message).toBe(inboxMessages.notFound)
    }
  })
})
