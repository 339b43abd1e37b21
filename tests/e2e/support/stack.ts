import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { chromium, type Browser, type BrowserContext, type Cookie, type Page } from 'playwright-core'
import AxeBuilder from '@axe-core/playwright'
import { loadConfig } from '#server/config.ts'
import { createApp, createDeps } from '#server/app.ts'
import { createMember, type MemberSpec } from '#server/modules/accounts/members.ts'
import { ensureDefaultPlans } from '#server/modules/billing/queries.ts'
import { createLogger } from '#server/platform/logger.ts'
import type { QueueTuning } from '#server/platform/queue.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { startStripeStandIn } from '#server/testing/stripe-stand-in.ts'
import { startGoogleStandIn, type GoogleUser } from '#server/testing/google-stand-in.ts'
import { freePort } from '#server/testing/free-port.ts'

// Chromium flags verified on these machines (ARCHITECTURE.md, known facts).
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * The whole product for one browser test file: the real app on a real HTTP
 * port and its own database, a real SMTP server, a local OpenID Connect server
 * standing in for Google, and Debian's Chromium.
 */
export async function startStack(
  options: {
    stripe?: boolean
    /**
     * The app sends its mail to this local port instead of the stack's SMTP server
     * (`smtp`): a free port nothing listens on is a mail server that is down, until the
     * test starts one there (`startSmtpServer({ port })`).
     */
    smtpPort?: number
    /** The job queue's settings, as the API tests' harness takes them (a short retry policy). */
    queue?: QueueTuning
  } = {},
) {
  const smtp = await startSmtpServer()
  // with `stripe`, the SDK talks to a local stand-in that speaks Stripe's API
  const stripe = options.stripe ? await startStripeStandIn() : undefined
  const google = await startGoogleStandIn()

  const port = await freePort()
  const baseUrl = `http://localhost:${port}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prestige-e2e-'))
  const database = await openTestDatabase()
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: baseUrl,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(options.smtpPort ?? smtp.port),
    SMTP_IGNORE_TLS: 'true',
    ...google.env,
    // without `stripe`, no STRIPE_SECRET_KEY: billing runs through the local test checkout, as in the demo
    PROMO_CODE: 'FREEMONTH',
    // the blog test serves a newsletter feed from a local port (issue 18)
    FEED_ALLOW_LOOPBACK: 'true',
    ...stripe?.env,
  })
  await ensureDefaultPlans(database.db)
  const logger = createLogger(config.LOG_LEVEL)
  const deps = await createDeps({
    config,
    database,
    logger,
    secret: 'e2e-secret-e2e-secret-e2e-secret-012345',
    queue: options.queue,
  })
  const app = createApp(deps)
  const server: ServerType = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(started))
  })

  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  })

  return {
    baseUrl,
    smtp,
    stripe,
    db: database.db,
    /** The app's file storage, for files a test puts in place as an upload would (a lesson video). */
    storage: deps.storage,
    /** The app's long-lived parts, for a test that writes rows directly and must drop what the app cached of them. */
    deps,
    setGoogleUser: (user: GoogleUser) => google.setUser(user),
    createMember: (spec: MemberSpec) => createMember(database.db, spec),
    /** A new browser profile (its own cookies), like a second person or a cleared browser. */
    async newPage(): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ baseURL: baseUrl })
      const page = await context.newPage()
      return { context, page }
    },
    /** A member created by the shared factory, signed in through /login in a browser profile of their own. */
    async signedInPage(member: MemberSpec) {
      await createMember(database.db, member)
      const context = await browser.newContext({ baseURL: baseUrl })
      const page = await context.newPage()
      await page.goto('/login')
      await signInThroughForm(page, member.email, member.password)
      await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 })
      return { page, context }
    },
    async close() {
      await browser.close()
      await deps.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await database.close()
      await google.stop()
      await smtp.close()
      await stripe?.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type Stack = Awaited<ReturnType<typeof startStack>>

/** axe-core violations that matter: serious or critical (issue 2). */
export async function seriousAccessibilityViolations(page: Page) {
  // a toast fading in is half transparent: axe checks the settled page, not a frame of an animation
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined)
  // Legacy mode runs axe in the page itself: the default opens a blank page per
  // analysis to merge the results of frames, which doubles its time, and our pages
  // have no frames to merge.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    )
}

/** Fills the /login form as a person would. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

/**
 * Signs browser profiles in as existing members: through /login the first time for
 * each member, and afterwards by giving the profile that session's cookies (a sign-in
 * costs a page load and a password hash; tests that sign in only to reach the pages
 * they check need not pay for it each time). The profile's page is left where the
 * sign-in took it, or blank.
 */
export function signInOnce() {
  const sessions = new Map<string, Promise<Cookie[]>>()
  return async (
    { page, context }: { page: Page; context: BrowserContext },
    member: { email: string; password: string },
  ) => {
    let cookies = sessions.get(member.email)
    if (cookies) return context.addCookies(await cookies)
    cookies = (async () => {
      await page.goto('/login')
      await signInThroughForm(page, member.email, member.password)
      await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 })
      return (await context.storageState()).cookies
    })()
    sessions.set(member.email, cookies)
    await cookies
  }
}

export async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 })
}
