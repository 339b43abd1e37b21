import type { Config } from '#server/config.ts'
import type { Database, Db } from '#server/db/client.ts'
import type { Auth } from '#server/platform/auth.ts'
import type { Logger } from '#server/platform/logger.ts'
import type { Mailer, SmtpServerSettings } from '#server/platform/mail.ts'
import type { Payments } from '#server/platform/payments.ts'
import type { Queue } from '#server/platform/queue.ts'
import type { RateLimiter } from '#server/platform/rate-limit.ts'
import type { Realtime } from '#server/platform/realtime.ts'
import type { Storage } from '#server/platform/storage.ts'
import type { Viewer } from '#shared/access.ts'
import type { PlatformSettings } from '#shared/admin/settings.ts'
import type { WarnNotice } from '#shared/layoffs/schemas.ts'

/** Long-lived parts of the running product, built once in app.ts. */
export type Deps = {
  config: Config
  database: Database
  db: Db
  auth: Auth
  mailer: Mailer
  payments: Payments
  logger: Logger
  signInLimiter: RateLimiter
  /** Password reset mails per address: the per-IP limit alone let one client flood an inbox. */
  resetMailLimiter: RateLimiter
  /** Verification mails asked for again, per address (decision 014). */
  verificationMailLimiter: RateLimiter
  subscriptionCache: SubscriptionCache
  storage: Storage
  realtime: Realtime
  /** Per-IP limit of the public forms (update sign-up, contact, business request). */
  publicFormLimiter: RateLimiter
  /** Durable background jobs on pg-boss (platform/queue.ts): mail, clean-ups, later reminders and digests. */
  queue: Queue
  /** The platform settings of /admin/settings (issue 22): read by every area they change. */
  settings: PlatformSettingsPort
  /**
   * For each company name, its employer's newest WARN notice of the last 12 months,
   * or null (issue 19: the job cards' line). The layoffs area answers it; app.ts
   * wires it through src/server/compose/layoff-notices, so the job board reads it
   * without importing another module. Absent: no notices (null for every job).
   */
  employerNotices?: (companies: readonly string[]) => Promise<ReadonlyMap<string, WarnNotice | null>>
  /** Stops the job workers (letting running jobs finish), the live-update listener and the open event streams. */
  close(): Promise<void>
}

/**
 * The platform settings admins edit on /admin/settings (issue 22), kept a short
 * while in this process and forgotten on every write, here and, by NOTIFY, on
 * every other instance (modules/admin/settings/cache.ts, wired in app.ts). Never
 * `read` inside a transaction: a cold cache queries `db`, and PGlite's one
 * connection is the transaction's (read before it begins).
 */
export type PlatformSettingsPort = {
  read(): Promise<PlatformSettings>
  /** The settings as last read, at once: for checks that cannot wait (every API request reads them first). */
  current(): PlatformSettings
  /**
   * THE minimum-length rule of a password a person chooses (sign-up, password
   * change, reset, invitation accept): throws VALIDATION naming `field` when
   * `password` is shorter than the admins' minimum (spec 002 §5, 8 to 32).
   */
  checkPasswordLength(password: string, field?: string): Promise<void>
  /** The admins' SMTP server, its password opened, when they set a host; undefined: the environment's (SMTP_*) or the mailbox. */
  smtpServer(): Promise<SmtpServerSettings | undefined>
  /** Drops this process's copy (after a write). */
  forget(): void
  close(): Promise<void>
}

export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>
export type AuthUser = AuthSession['user']

/** What a service receives: who asks, from where, and the parts it may use. */
export type Ctx = {
  deps: Deps
  requestId: string
  ip: string
  headers: Headers
  session: AuthSession | null
  /** Resolved lazily: only routes that need the subscription state pay for it. */
  viewer(): Promise<Viewer>
  logger: Logger
}

export type AppEnv = { Variables: { ctx: Ctx; requestId: string } }

export type SubscriptionCache = {
  get(userId: string): Promise<boolean>
  forget(userId: string): void
}
