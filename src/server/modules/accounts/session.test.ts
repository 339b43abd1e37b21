import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureDefaultPlans } from '#server/modules/billing/queries.ts'
import { solidPng } from '#server/testing/files.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import type { SessionUser } from '#shared/accounts/schemas.ts'
import { emptyProfileInput } from '#shared/profile/names.ts'

// GET /api/accounts/session is answered from the member cache (issue 23): each
// write of what it shows must drop the member's entry, so the next page load
// shows the change at once, not when the entry ages out.

async function sessionUser(client: TestClient) {
  const response = await client.get('/api/accounts/session')
  expect(response.status).toBe(200)
  return ((await response.json()) as { user: SessionUser }).user
}

describe('the session answer after a write', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
    await ensureDefaultPlans(t.db)
  })
  afterAll(async () => t?.close())

  test("shows the member's new name and picture right after they save them", async () => {
    const member = await t.signedIn({ firstName: 'Nora', lastName: 'Before' })
    expect(await sessionUser(member)).toMatchObject({ firstName: 'Nora', lastName: 'Before', avatarUrl: null })

    expect(
      (await member.put('/api/profile/me', emptyProfileInput({ firstName: 'Nora', lastName: 'After' }))).status,
    ).toBe(200)
    expect(await sessionUser(member)).toMatchObject({ firstName: 'Nora', lastName: 'After' })

    const form = new FormData()
    form.set('avatar', new File([new Uint8Array(solidPng())], 'me.png', { type: 'image/png' }))
    expect((await member.post('/api/profile/me/avatar', form)).status).toBe(200)
    expect((await sessionUser(member)).avatarUrl).toMatch(/^\/api\/profile\/avatars\//)

    expect((await member.delete('/api/profile/me/avatar')).status).toBe(200)
    expect((await sessionUser(member)).avatarUrl).toBeNull()
  })

  test("shows an admin's demotion by another admin at once", async () => {
    const [deciding, demoted] = await Promise.all([t.signedIn({ admin: true }), t.signedIn({ admin: true })])
    expect(await sessionUser(demoted)).toMatchObject({ isAdmin: true, subscribed: true })

    const response = await deciding.put(`/api/admin/users/${demoted.member.id}/admin`, { isAdmin: false })
    expect(response.status).toBe(200)
    expect(await sessionUser(demoted)).toMatchObject({ isAdmin: false, subscribed: false })
  })

  test('shows a new subscription right after its checkout completes', async () => {
    const member = await t.signedIn()
    expect((await sessionUser(member)).subscribed).toBe(false)

    const started = await member.post('/api/billing/checkout', { planId: 'full-access' })
    expect(started.status).toBe(200)
    const checkoutId = ((await started.json()) as { url: string }).url.split('/').at(-1)!
    expect((await member.post(`/api/billing/test-checkout/${checkoutId}/complete`)).status).toBe(200)
    expect((await sessionUser(member)).subscribed).toBe(true)
  })
})
