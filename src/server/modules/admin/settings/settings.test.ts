import { and, desc, eq, inArray, like } from 'drizzle-orm'
import { authenticator } from 'otplib'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from '#server/db/schema/audit.ts'
import { session, verification } from '#server/db/schema/auth.ts'
import { platformSettings } from '#server/db/schema/platform.ts'
import { createSecretBox, settingsSecretBox } from '#server/platform/secrets.ts'
import { errorOf } from '#server/testing/errors.ts'
import { startGoogleStandIn } from '#server/testing/google-stand-in.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { accountMessages } from '#shared/accounts/schemas.ts'
import {
  defaultPlatformSettings,
  defaultPublicSettings,
  settingsCategories,
  settingsMessages,
  type AdminSettingsView,
  type PublicSettings,
  type SettingsCategory,
  type SettingsPatch,
  type TestMailResult,
} from '#shared/admin/settings.ts'
import { genericMessages } from '#shared/errors.ts'

// Platform settings (spec 002 §2-§9 Platform settings, issue 22). Every test app
// has a database of its own (PGlite, or a PostgreSQL database made for this file),
// so settings changed here never reach another file's apps; each test still puts
// back what it changed, so the tests of this file read the defaults.

type Member = TestClient & { member: { id: string; email: string; password: string } }

let t: TestApp
let admin: Member
let member: Member

beforeAll(async () => {
  t = await createTestApp()
  admin = (await t.signedIn({ admin: true, firstName: 'Ada', lastName: 'Admin' })) as Member
  member = (await t.signedIn()) as Member
})
afterAll(async () => t?.close())

// every card back to the defaults, the SMTP password removed
afterEach(async () => {
  // only the four cards: the blog's and the community's rows are theirs
  await t.db.delete(platformSettings).where(inArray(platformSettings.category, [...settingsCategories]))
  t.deps.settings.forget()
})

async function patch(client: TestClient, category: SettingsCategory | string, body: SettingsPatch) {
  return client.request('PATCH', `/api/admin/settings/${category}`, body)
}

async function saved(client: TestClient, category: SettingsCategory, body: SettingsPatch) {
  const response = await patch(client, category, body)
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as AdminSettingsView
}

async function publicSettings(client: TestClient = t.client()) {
  const response = await client.get('/api/settings')
  expect(response.status).toBe(200)
  return (await response.json()) as PublicSettings
}

async function auditRows(action: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.createdAt))
}

/** Turns two-factor on for `client` (enrol and confirm, as the security page does); its new cookie is kept. */
async function withTwoFactor(client: Member) {
  const enabled = await client.post('/api/accounts/security/two-factor/enable', { password: client.member.password })
  const { totpURI } = (await enabled.json()) as { totpURI: string }
  const secret = new URL(totpURI).searchParams.get('secret')!
  const confirmed = await client.post('/api/accounts/security/two-factor/confirm', {
    code: authenticator.generate(secret),
  })
  expect(confirmed.status).toBe(200)
  return client
}

describe('who may read and change the settings', () => {
  test('every admin settings endpoint refuses visitors (401) and members (403)', async () => {
    const visitor = t.client()
    const calls: Array<(client: TestClient) => Promise<Response>> = [
      (client) => client.get('/api/admin/settings'),
      (client) => patch(client, 'general', { platformName: 'Taken Over' }),
      (client) => client.post('/api/admin/settings/test-email'),
    ]
    for (const call of calls) {
      const asVisitor = await call(visitor)
      expect(asVisitor.status).toBe(401)
      expect((await errorOf(asVisitor)).message).toBe(genericMessages.authenticationRequired)
      const asMember = await call(member)
      expect(asMember.status).toBe(403)
      expect((await errorOf(asMember)).message).toBe(genericMessages.adminRequired)
    }
    expect((await publicSettings()).platformName).toBe(defaultPlatformSettings.general.platformName)
  })

  test('the public part is open to everyone and holds nothing secret', async () => {
    expect(await publicSettings()).toEqual(defaultPublicSettings)
    const body = JSON.stringify(await publicSettings(member))
    expect(body).not.toMatch(/smtp|sealed|dsn|analytics|widget/i)
  })
})

describe('general card', () => {
  test('an admin saves one field at a time; the name shows in the public settings and the change is audited', async () => {
    const view = await saved(admin, 'general', { platformName: '  Acme Careers ' })
    expect(view.general).toEqual({ ...defaultPlatformSettings.general, platformName: 'Acme Careers' })
    expect((await publicSettings()).platformName).toBe('Acme Careers')

    await saved(admin, 'general', { supportEmail: 'Help@Acme.example' })
    const both = (await (await admin.get('/api/admin/settings')).json()) as AdminSettingsView
    expect(both.general).toMatchObject({ platformName: 'Acme Careers', supportEmail: 'help@acme.example' })
    expect(both.updatedAt.general).not.toBeNull()

    const [latest, first] = await auditRows('settings.update')
    expect(first).toMatchObject({
      actorEmail: admin.member.email,
      objectType: 'settings',
      objectId: 'general',
      before: { platformName: 'Prestige Labs' },
      after: { platformName: 'Acme Careers' },
    })
    expect(latest).toMatchObject({ before: { supportEmail: '' }, after: { supportEmail: 'help@acme.example' } })
  })

  test('refusals use the rule of each field, and another card’s field or an unknown card is refused', async () => {
    const cases: Array<[SettingsCategory, Record<string, unknown>, string]> = [
      ['general', { platformName: '   ' }, settingsMessages.platformNameRequired],
      ['general', { platformName: 'x'.repeat(81) }, settingsMessages.platformNameTooLong],
      ['general', { supportEmail: 'not-an-address' }, settingsMessages.invalidSupportEmail],
      ['general', { defaultLanguage: 'de' }, settingsMessages.invalidLanguage],
      ['general', { maintenanceMode: 'yes' }, settingsMessages.maintenanceNeedsBoolean],
      ['general', { smtpPort: 25 }, settingsMessages.notInCategory],
      ['general', {}, settingsMessages.nothingToSave],
      ['general', { colour: 'red' }, settingsMessages.unknownSetting],
      ['email', { smtpPort: 0 }, settingsMessages.invalidSmtpPort],
      ['email', { smtpPort: 70000 }, settingsMessages.invalidSmtpPort],
      ['email', { smtpHost: 'smtp://mail.example.com:25' }, settingsMessages.invalidSmtpHost],
      ['email', { smtpSecurity: 'starttls' }, settingsMessages.invalidSmtpSecurity],
      ['security', { minPasswordLength: 7 }, settingsMessages.invalidPasswordLength],
      ['security', { minPasswordLength: 33 }, settingsMessages.invalidPasswordLength],
      ['security', { minPasswordLength: 12.5 }, settingsMessages.invalidPasswordLength],
      ['security', { sessionTimeout: 4 }, settingsMessages.invalidSessionTimeout],
      ['integrations', { analyticsId: 'UA-12345-1' }, settingsMessages.invalidAnalyticsId],
      ['integrations', { chatWidgetId: 'a b' }, settingsMessages.invalidChatWidgetId],
      ['integrations', { errorReportingDsn: 'https://errors.example.com/42' }, settingsMessages.invalidDsn],
    ]
    for (const [category, body, message] of cases) {
      const response = await patch(admin, category, body as SettingsPatch)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(response)).message, JSON.stringify(body)).toBe(message)
    }
    const unknown = await patch(admin, 'appearance', { platformName: 'X' })
    expect(unknown.status).toBe(400)
    expect((await errorOf(unknown)).message).toBe(settingsMessages.unknownCategory)
    // nothing of it was stored
    expect(
      await t.db
        .select()
        .from(platformSettings)
        .where(inArray(platformSettings.category, [...settingsCategories])),
    ).toEqual([])
  })

  test('integrations are stored in their formats (and the analytics id in capitals)', async () => {
    const view = await saved(admin, 'integrations', {
      analyticsId: 'g-ab12cd34ef',
      chatWidgetId: '6c2b1c4e-8f4a-4b8e-9b1a-2f1d3c4b5a69',
      errorReportingDsn: 'https://0123456789abcdef0123456789abcdef@o12345.ingest.sentry.io/4505',
    })
    expect(view.integrations).toEqual({
      analyticsId: 'G-AB12CD34EF',
      chatWidgetId: '6c2b1c4e-8f4a-4b8e-9b1a-2f1d3c4b5a69',
      errorReportingDsn: 'https://0123456789abcdef0123456789abcdef@o12345.ingest.sentry.io/4505',
    })
    expect((await saved(admin, 'integrations', { analyticsId: '' })).integrations.analyticsId).toBe('')
  })
})

describe('maintenance mode', () => {
  test('members and visitors get 503 with the reason; the public settings, signing in and admins still work', async () => {
    await saved(admin, 'general', { maintenanceMode: true })
    try {
      const visitor = t.client()
      const teaser = await visitor.get('/api/jobs/latest')
      expect(teaser.status).toBe(503)
      expect((await errorOf(teaser)).message).toBe(settingsMessages.maintenanceApi)
      expect(teaser.headers.get('retry-after')).toBe('300')
      const own = await member.get('/api/profile/me')
      expect(own.status).toBe(503)
      expect((await errorOf(own)).code).toBe('UNAVAILABLE')

      expect((await publicSettings(visitor)).maintenanceMode).toBe(true)
      expect((await member.get('/api/accounts/session')).status).toBe(200)
      // an admin signs in and works as usual
      const adminAgain = t.client()
      const signIn = await adminAgain.post('/api/accounts/sign-in', {
        email: admin.member.email,
        password: admin.member.password,
      })
      expect(signIn.status).toBe(200)
      expect((await adminAgain.get('/api/admin/settings')).status).toBe(200)
      expect((await adminAgain.get('/api/profile/me')).status).toBe(200)
    } finally {
      await saved(admin, 'general', { maintenanceMode: false })
    }
    expect((await member.get('/api/profile/me')).status).toBe(200)
  })
})

describe('email card', () => {
  test('the SMTP password is stored encrypted, never answered, and audited as changed without its value', async () => {
    const password = 'Sup3r-Secret-Mail-Pass'
    const view = await saved(admin, 'email', {
      smtpHost: 'smtp.example.com',
      smtpUsername: 'mailer',
      smtpPassword: password,
    })
    expect(view.email).toEqual({
      smtpHost: 'smtp.example.com',
      smtpPort: 587,
      smtpSecurity: 'tls',
      smtpUsername: 'mailer',
      smtpPasswordSet: true,
    })
    expect(view.environment.secretKeyAvailable).toBe(true)
    expect(view.environment.mailRoute).toBe('settings')
    const read = await admin.get('/api/admin/settings')
    expect(await read.text()).not.toContain(password)

    const [row] = await t.db.select().from(platformSettings).where(eq(platformSettings.category, 'email'))
    const stored = JSON.stringify(row!.settings)
    expect(stored).not.toContain(password)
    const sealed = (row!.settings as { smtpPasswordSealed: string }).smtpPasswordSealed
    expect(sealed).toMatch(/^v1\./)
    expect(settingsSecretBox(t.deps.config).open(sealed, 'platform-settings:smtp-password')).toBe(password)

    const [change] = await auditRows('settings.smtp_password')
    expect(change).toMatchObject({
      objectId: 'email',
      before: { smtpCredential: 'not set' },
      after: { smtpCredential: 'changed' },
    })
    const everything = JSON.stringify(await t.db.select().from(auditLog))
    expect(everything).not.toContain(password)
    expect(everything).not.toContain(sealed)

    const removed = await saved(admin, 'email', { smtpPassword: null })
    expect(removed.email.smtpPasswordSet).toBe(false)
    const [removal] = await auditRows('settings.smtp_password')
    expect(removal).toMatchObject({ before: { smtpCredential: 'set' }, after: { smtpCredential: 'removed' } })
  })

  test('with a server set, every mail goes through it at once (the test e-mail, a queued reset mail); its errors are reported', async () => {
    const smtp = await startSmtpServer()
    try {
      await saved(admin, 'general', { platformName: 'Acme Careers' })
      await saved(admin, 'email', {
        smtpHost: '127.0.0.1',
        smtpPort: smtp.port,
        smtpSecurity: 'none',
        // the local server takes no login; the stored password is still opened for every mail
        smtpPassword: 'mail-pass',
      })
      const tested = await admin.post('/api/admin/settings/test-email')
      expect(tested.status).toBe(200)
      expect(await tested.json()).toEqual({
        sent: true,
        to: admin.member.email,
        route: 'settings',
        message: settingsMessages.testMailSent(admin.member.email),
      } satisfies TestMailResult)
      const mail = await smtp.waitFor(admin.member.email, /Acme Careers test e-mail/)
      expect(mail.text).toContain('through the SMTP server set on the settings page')

      // a mail of another area, queued and sent by a job, leaves the same way, with the name
      await t.client().post('/api/accounts/forgot-password', { email: member.member.email })
      const reset = await smtp.waitFor(member.member.email, /Reset your Acme Careers password/)
      expect(reset.text).toContain('your Acme Careers account')

      // a port where nothing listens: the network's own words
      await saved(admin, 'email', { smtpPort: 1 })
      const failed = (await (await admin.post('/api/admin/settings/test-email')).json()) as TestMailResult
      expect(failed.sent).toBe(false)
      expect(failed.message).toMatch(/^The test e-mail could not be sent: .*(ECONNREFUSED|connect)/)
    } finally {
      await smtp.close()
    }
  })

  test('without a server set, the test e-mail says where mail goes now', async () => {
    const result = (await (await admin.post('/api/admin/settings/test-email')).json()) as TestMailResult
    expect(result).toMatchObject({ sent: true, route: 'mailbox' })
  })

  test('the contact form mails the support address when one is set, instead of every admin', async () => {
    const smtp = await startSmtpServer()
    try {
      await saved(admin, 'email', { smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpSecurity: 'none' })
      await saved(admin, 'general', { supportEmail: 'support@acme.example' })
      const sent = await t.client().post('/api/contact', {
        name: 'Vera Visitor',
        email: 'vera@example.com',
        subject: 'Partnership',
        message: 'Hello there',
      })
      expect(sent.status).toBe(201)
      const mail = await smtp.waitFor('support@acme.example', /Contact message: Partnership/)
      expect(mail.replyTo).toContain('vera@example.com')
      await t.jobsSettled(['send-mail'])
      expect(smtp.received.filter((received) => received.to.includes(admin.member.email))).toEqual([])
    } finally {
      await smtp.close()
    }
  })
})

describe('security card', () => {
  const signUp = (password: string, email = `new-${Math.random().toString(36).slice(2, 8)}@example.com`) =>
    t.client().post('/api/accounts/sign-up', {
      firstName: 'Nia',
      lastName: 'New',
      email,
      password,
      confirmPassword: password,
      city: 'Boston',
      experienceLevel: 'Mid-Level',
      industries: ['Technology'],
    })

  test('a minimum length of 12 refuses an 8-character password at sign-up, password change and reset', async () => {
    await saved(admin, 'security', { minPasswordLength: 12 })
    expect((await publicSettings()).minPasswordLength).toBe(12)
    const message = accountMessages.passwordTooShortFor(12)

    const short = await signUp('Abcdef12')
    expect(short.status).toBe(400)
    expect(await errorOf(short)).toMatchObject({ message, fields: { password: message } })
    expect((await signUp('Abcdefgh1234')).status).toBe(201)

    const change = await member.post('/api/accounts/security/password', {
      currentPassword: member.member.password,
      newPassword: 'Abcdef12',
      confirmPassword: 'Abcdef12',
    })
    expect(change.status).toBe(400)
    expect(await errorOf(change)).toMatchObject({ message, fields: { newPassword: message } })

    await t.client().post('/api/accounts/forgot-password', { email: member.member.email })
    const [token] = await t.db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, member.member.id)))
    const reset = await t.client().post('/api/accounts/reset-password', {
      token: token!.identifier.slice('reset-password:'.length),
      password: 'Abcdef12',
      confirmPassword: 'Abcdef12',
    })
    expect(reset.status).toBe(400)
    expect((await errorOf(reset)).message).toBe(message)

    await saved(admin, 'security', { minPasswordLength: 8 })
    expect((await signUp('Abcdef12')).status).toBe(201)
  })

  test('a session idle longer than the timeout ends, whichever way its lifetime stood; an active one stays and is kept alive', async () => {
    await saved(admin, 'security', { sessionTimeout: 5 })
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
    // past the cookie cache, so the request reads the session row
    const uncached = (client: TestClient) => client.cookies.delete('better-auth.session_data')

    const idle = (await t.signedIn()) as Member
    await t.db
      .update(session)
      .set({ updatedAt: minutesAgo(6) })
      .where(eq(session.userId, idle.member.id))
    uncached(idle)
    const refused = await idle.get('/api/profile/me')
    expect(refused.status).toBe(401)
    expect(await t.db.select().from(session).where(eq(session.userId, idle.member.id))).toEqual([])

    // better-auth's daily lifetime refresh falls due on the same request: the idle time still counts
    const stale = (await t.signedIn()) as Member
    await t.db
      .update(session)
      .set({ updatedAt: minutesAgo(6), expiresAt: new Date(Date.now() + 2 * 86_400_000) })
      .where(eq(session.userId, stale.member.id))
    uncached(stale)
    expect((await stale.get('/api/profile/me')).status).toBe(401)

    const active = (await t.signedIn()) as Member
    await t.db
      .update(session)
      .set({ updatedAt: minutesAgo(3) })
      .where(eq(session.userId, active.member.id))
    uncached(active)
    expect((await active.get('/api/profile/me')).status).toBe(200)
    const [row] = await t.db.select().from(session).where(eq(session.userId, active.member.id))
    expect(Date.now() - row!.updatedAt.getTime()).toBeLessThan(30_000)

    // the default (60 minutes) lets the same idle time through
    await saved(admin, 'security', { sessionTimeout: 60 })
    const relaxed = (await t.signedIn()) as Member
    await t.db
      .update(session)
      .set({ updatedAt: minutesAgo(6) })
      .where(eq(session.userId, relaxed.member.id))
    uncached(relaxed)
    expect((await relaxed.get('/api/profile/me')).status).toBe(200)
  })

  test('requiring two-factor for admins sends an admin without it to set it up; an admin without it cannot turn it on', async () => {
    const refused = await patch(admin, 'security', { require2FA: true })
    expect(refused.status).toBe(400)
    expect(await errorOf(refused)).toMatchObject({
      message: settingsMessages.twoFactorFirst,
      fields: { require2FA: settingsMessages.twoFactorFirst },
    })

    const secured = await withTwoFactor((await t.signedIn({ admin: true })) as Member)
    await saved(secured, 'security', { require2FA: true })
    try {
      expect((await publicSettings()).adminTwoFactorRequired).toBe(true)
      const blocked = await admin.get('/api/admin/settings')
      expect(blocked.status).toBe(403)
      expect((await errorOf(blocked)).message).toBe(accountMessages.twoFactorRequiredForAdmins)
      expect(accountMessages.twoFactorRequiredForAdmins).toContain('Settings > Security')
      // what they need to set it up stays open to them
      expect((await admin.get('/api/accounts/session')).status).toBe(200)
      expect((await admin.get('/api/profile/me')).status).toBe(200)
      expect((await secured.get('/api/admin/settings')).status).toBe(200)
    } finally {
      await saved(secured, 'security', { require2FA: false })
    }
    expect((await admin.get('/api/admin/settings')).status).toBe(200)
  })
})

describe('social sign-in', () => {
  let google: Awaited<ReturnType<typeof startGoogleStandIn>>
  let g: TestApp
  beforeAll(async () => {
    google = await startGoogleStandIn()
    g = await createTestApp(google.env)
  })
  afterAll(async () => {
    await g?.close()
    await google?.stop()
  })

  test('turned off, the Google button goes, its start is refused and a sign-in already begun ends at the login page', async () => {
    const gAdmin = await g.signedIn({ admin: true })
    const visitor = g.client()
    expect(await (await visitor.get('/api/accounts/providers')).json()).toEqual({ google: true })
    // begun while still allowed
    const started = await visitor.post('/api/accounts/google', { callbackURL: '/dashboard' })
    expect(started.status).toBe(200)
    const { url } = (await started.json()) as { url: string }
    const atProvider = await fetch(url, { redirect: 'manual' })
    const backToUs = new URL(atProvider.headers.get('location')!)

    const off = await gAdmin.request('PATCH', '/api/admin/settings/security', { allowSocialLogin: false })
    expect(off.status).toBe(200)
    expect(await (await visitor.get('/api/accounts/providers')).json()).toEqual({ google: false })
    expect(((await (await visitor.get('/api/settings')).json()) as PublicSettings).socialSignIn).toBe(false)

    const refused = await g.client().post('/api/accounts/google', { callbackURL: '/dashboard' })
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe(accountMessages.socialSignInOff)
    const callback = await visitor.get(`${backToUs.pathname}${backToUs.search}`)
    expect(callback.status).toBe(302)
    expect(callback.headers.get('location')).toBe('/login?error=google')
    expect(((await (await visitor.get('/api/accounts/session')).json()) as { user: unknown }).user).toBeNull()

    await gAdmin.request('PATCH', '/api/admin/settings/security', { allowSocialLogin: true })
    expect(await (await visitor.get('/api/accounts/providers')).json()).toEqual({ google: true })
  })
})

describe('the settings cache', () => {
  test('a write reaches the writer at once and another instance on the same database by its notification', async () => {
    if (!t.database.url) return // a second instance needs PostgreSQL (PGlite is one process's)
    const other = await t.secondInstance()
    try {
      const otherVisitor = other.client()
      expect(((await (await otherVisitor.get('/api/settings')).json()) as PublicSettings).platformName).toBe(
        'Prestige Labs',
      )
      await saved(admin, 'general', { platformName: 'Shared Name' })
      await expect
        .poll(async () => ((await (await otherVisitor.get('/api/settings')).json()) as PublicSettings).platformName, {
          timeout: 5_000,
        })
        .toBe('Shared Name')
    } finally {
      await other.close()
    }
  })
})

describe('the secret box', () => {
  test('opens only what it sealed, for the same purpose, unaltered', () => {
    const box = createSecretBox(Buffer.alloc(32, 7))
    const sealed = box.seal('p@ss', 'smtp')
    expect(sealed).not.toContain('p@ss')
    expect(box.seal('p@ss', 'smtp')).not.toBe(sealed)
    expect(box.open(sealed, 'smtp')).toBe('p@ss')
    expect(box.open(sealed, 'other')).toBeUndefined()
    // one bit of the ciphertext flipped (rewriting its last characters changed nothing
    // when they already decoded to the same bytes: about one run in 256)
    const parts = sealed.split('.')
    const ciphertext = Buffer.from(parts[3]!, 'base64url')
    ciphertext[0]! ^= 1
    expect(box.open([...parts.slice(0, 3), ciphertext.toString('base64url')].join('.'), 'smtp')).toBeUndefined()
    expect(createSecretBox(Buffer.alloc(32, 8)).open(sealed, 'smtp')).toBeUndefined()
    expect(createSecretBox(undefined).available).toBe(false)
  })

  test('production without SETTINGS_SECRET_KEY stores no secret; the variable gives the same key everywhere', () => {
    expect(
      settingsSecretBox({ NODE_ENV: 'production', DATA_DIR: '.tmp/none', SETTINGS_SECRET_KEY: undefined }).available,
    ).toBe(false)
    const key = 'k'.repeat(40)
    const one = settingsSecretBox({ NODE_ENV: 'production', DATA_DIR: '.tmp/none', SETTINGS_SECRET_KEY: key })
    const two = settingsSecretBox({ NODE_ENV: 'production', DATA_DIR: '.tmp/other', SETTINGS_SECRET_KEY: key })
    expect(two.open(one.seal('mail', 'smtp'), 'smtp')).toBe('mail')
  })
})
