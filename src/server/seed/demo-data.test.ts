import { hashPassword } from 'better-auth/crypto'
import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { account, session, user } from '#server/db/schema/auth.ts'
import { demoAccounts, demoStartLines, prepareDemoData, randomDemoPassword, seedPlan } from '#server/seed/demo-data.ts'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'
import { Password } from '#shared/accounts/schemas.ts'

const secret = { AUTH_SECRET: 'a-production-secret-of-at-least-32-chars' }
const development = seedPlan(loadConfig({}), 'pglite')
const production = seedPlan(loadConfig({ NODE_ENV: 'production', ...secret }), 'pglite')
const productionAskingForDemo = seedPlan(
  loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true', ...secret }),
  'pglite',
)
const [demoAdmin, demoMember] = demoAccounts

let opened: TestApp[] = []
async function emptyApp() {
  const t = await createTestApp()
  opened.push(t)
  return t
}
afterEach(async () => {
  await Promise.all(opened.map((t) => t.close()))
  opened = []
})

async function adminSignIn(t: TestApp, email: string, password: string) {
  return (await t.client().post('/api/accounts/admin-sign-in', { email, password })).status
}

describe('demo data at start', () => {
  test.each([
    ['development on the embedded database', {}, 'pglite', { seed: true, passwords: 'documented' }],
    [
      'production on the embedded database',
      { NODE_ENV: 'production', ...secret },
      'pglite',
      { seed: false, passwords: 'random' },
    ],
    [
      'production asking for demo data',
      { NODE_ENV: 'production', SEED_DEMO_DATA: 'true', ...secret },
      'pglite',
      { seed: true, passwords: 'random' },
    ],
    [
      'production on PostgreSQL',
      { NODE_ENV: 'production', ...secret },
      'postgres',
      { seed: false, passwords: 'random' },
    ],
    ['development on PostgreSQL', {}, 'postgres', { seed: false, passwords: 'documented' }],
    [
      'development on PostgreSQL asking for demo data',
      { SEED_DEMO_DATA: 'true' },
      'postgres',
      { seed: true, passwords: 'documented' },
    ],
    [
      'development turning demo data off',
      { SEED_DEMO_DATA: 'false' },
      'pglite',
      { seed: false, passwords: 'documented' },
    ],
  ] as const)(
    '%s decides whether demo data is seeded and whether with the documented passwords',
    (_name, env, kind, plan) => {
      expect(seedPlan(loadConfig(env), kind)).toEqual(plan)
    },
  )

  test('a production start on an empty embedded database creates no account and says how to create the first admin', async () => {
    const t = await emptyApp()
    const start = await prepareDemoData(t.db, production)
    expect(await t.db.select().from(user)).toEqual([])
    expect(await adminSignIn(t, demoAdmin.email, demoAdmin.password)).toBe(401)
    const printed = demoStartLines(start, production).join('\n')
    expect(printed).toContain('npm run admin:create')
    expect(printed).not.toContain(demoAdmin.email)
    expect(printed).not.toContain(demoAdmin.password)
  })

  test('production asking for demo data gets random passwords printed once: the printed one signs the admin in, the documented one does not', async () => {
    const t = await emptyApp()
    const first = await prepareDemoData(t.db, productionAskingForDemo)
    expect(first.seeded).toBe(true)
    const printed = demoStartLines(first, productionAskingForDemo).join('\n')
    const passwords = first.accounts.map((demo) => demo.password!)
    expect(new Set(passwords).size).toBe(demoAccounts.length)
    for (const [index, password] of passwords.entries()) {
      expect(Password.safeParse(password).success).toBe(true)
      expect(password).not.toBe(demoAccounts[index]!.password)
      expect(printed).toContain(`${demoAccounts[index]!.email}  password: ${password}`)
    }
    expect(printed).toContain('printed only this once')
    expect(await adminSignIn(t, demoAdmin.email, demoAdmin.password)).toBe(401)
    expect(await adminSignIn(t, demoAdmin.email, passwords[0]!)).toBe(200)

    // a later start knows the addresses, not the passwords
    const later = await prepareDemoData(t.db, productionAskingForDemo)
    expect(later.seeded).toBe(false)
    const printedLater = demoStartLines(later, productionAskingForDemo).join('\n')
    for (const demo of demoAccounts) expect(printedLater).toContain(demo.email)
    for (const password of passwords) expect(printedLater).not.toContain(password)
    expect(printedLater).toContain('printed once, by the start that set it')
    expect(await adminSignIn(t, demoAdmin.email, passwords[0]!)).toBe(200)
  })

  test('in development the demo accounts keep their documented passwords, and a changed one is no longer printed', async () => {
    const t = await emptyApp()
    const first = await prepareDemoData(t.db, development)
    expect(first.accounts).toEqual(demoAccounts.map(({ role, email, password }) => ({ role, email, password })))
    expect(await adminSignIn(t, demoAdmin.email, demoAdmin.password)).toBe(200)

    const [member] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, demoMember.email))
    await t.db
      .update(account)
      .set({ password: await hashPassword('Changed-By-Morgan-1') })
      .where(and(eq(account.userId, member!.id), eq(account.providerId, 'credential')))

    const printed = demoStartLines(await prepareDemoData(t.db, development), development)
    expect(printed).toContain(`  ${'admin'.padEnd(18)} ${demoAdmin.email}  password: ${demoAdmin.password}`)
    const memberLine = printed.find((line) => line.includes(demoMember.email))!
    expect(memberLine).not.toContain(demoMember.password)
    expect(memberLine).toContain('not the documented one')
  })

  test('a database seeded in production, started later in development, prints none of the documented passwords', async () => {
    const t = await emptyApp()
    await prepareDemoData(t.db, productionAskingForDemo)
    const printed = demoStartLines(await prepareDemoData(t.db, development), development).join('\n')
    for (const demo of demoAccounts) {
      expect(printed).toContain(demo.email)
      expect(printed).not.toContain(demo.password)
    }
  })

  test('a production start replaces a published demo password left by an earlier start and signs that account out', async () => {
    const t = await emptyApp()
    await prepareDemoData(t.db, development)
    expect(await adminSignIn(t, demoAdmin.email, demoAdmin.password)).toBe(200)
    const [admin] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, demoAdmin.email))
    expect(await t.db.select().from(session).where(eq(session.userId, admin!.id))).toHaveLength(1)

    const start = await prepareDemoData(t.db, production)
    const replaced = start.accounts.find((demo) => demo.email === demoAdmin.email)!
    expect(replaced).toMatchObject({ replaced: true })
    expect(start.accounts).toHaveLength(demoAccounts.length)
    expect(await t.db.select().from(session).where(eq(session.userId, admin!.id))).toEqual([])
    expect(await adminSignIn(t, demoAdmin.email, demoAdmin.password)).toBe(401)
    expect(await adminSignIn(t, demoAdmin.email, replaced.password!)).toBe(200)
    expect(demoStartLines(start, production).join('\n')).toContain(`password: ${replaced.password}`)

    // nothing published is left, so the next start changes and prints nothing
    const next = await prepareDemoData(t.db, production)
    expect(next.accounts).toEqual([])
    expect(demoStartLines(next, production)).toEqual([])
  })

  test('random demo passwords pass the sign-up password rules and do not repeat', () => {
    const passwords = Array.from({ length: 200 }, randomDemoPassword)
    for (const password of passwords) expect(Password.safeParse(password).success).toBe(true)
    expect(new Set(passwords).size).toBe(passwords.length)
  })
})
