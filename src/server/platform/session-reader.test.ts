import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'
import { createSessionReader } from './session-reader.ts'

describe('session reader', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t?.close())

  const cookieHeader = (cookies: Map<string, string>) =>
    new Headers({ cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') })

  test('without a session cookie there is no session, and better-auth is not asked', async () => {
    const getSession = vi.spyOn(t.deps.auth.api, 'getSession')
    const read = createSessionReader(t.deps.auth)
    expect((await read(new Headers({ cookie: 'theme=dark' }))).session).toBeNull()
    expect(getSession).not.toHaveBeenCalled()
    getSession.mockRestore()
  })

  test('one pair of session cookies is answered from memory for a few seconds, then asked again', async () => {
    const member = await t.signedIn()
    let clock = Date.now()
    const read = createSessionReader(t.deps.auth, () => clock)
    const getSession = vi.spyOn(t.deps.auth.api, 'getSession')
    const headers = cookieHeader(member.cookies)
    expect((await read(headers)).session?.user.email).toBe(member.member.email)
    expect((await read(headers)).session?.user.email).toBe(member.member.email)
    expect(getSession).toHaveBeenCalledTimes(1)
    clock += 6_000
    await read(headers)
    expect(getSession).toHaveBeenCalledTimes(2)
    getSession.mockRestore()
  })

  test('a token without the signed cookie cache is always checked by better-auth', async () => {
    const member = await t.signedIn()
    const read = createSessionReader(t.deps.auth)
    const tokenOnly = new Map([...member.cookies].filter(([name]) => !name.endsWith('session_data')))
    const getSession = vi.spyOn(t.deps.auth.api, 'getSession')
    await read(cookieHeader(tokenOnly))
    await read(cookieHeader(tokenOnly))
    expect(getSession).toHaveBeenCalledTimes(2)
    getSession.mockRestore()
  })
})
