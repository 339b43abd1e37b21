import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError } from 'better-auth/api'
import { genericOAuth, twoFactor } from 'better-auth/plugins'
import { eq } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import * as schema from '#server/db/schema/index.ts'
import type { QueuedMail } from '#server/platform/mail-queue.ts'
import { accountMessages } from '#shared/accounts/schemas.ts'
import {
  passwordMinLength,
  passwordResetTokenMinutes,
  sessionCookieCacheSeconds,
  signInLockout,
} from '#shared/constants.ts'
import { signInAttempts } from '#server/db/schema/accounts.ts'
import { userProfiles } from '#server/db/schema/profile.ts'
import type { Logger } from '#server/platform/logger.ts'
import { pathTo } from '#shared/pages.ts'
import { splitAccountName } from '#shared/profile/names.ts'

export type AuthDeps = {
  config: Config
  db: Db
  /** queues a mail (platform/mail-queue.ts): better-auth's hooks never wait for the mail server */
  queueMail: (mail: QueuedMail) => Promise<unknown>
  secret: string
  logger: Logger
  /**
   * The platform's name as the admins set it (issue 22), for the mails sent from
   * here; 'Prestige Labs' without it. Synchronous: better-auth may call the mail
   * hooks inside its own transaction, where reading the database is not ours to do.
   */
  platformName?: () => string
}

/** The one OAuth provider the product offers (spec 000 §7). */
export const googleProviderId = 'google'

/** better-auth's HTTP endpoints the product uses: everything else under /api/auth answers 404 (decision 012). */
export function exposedAuthEndpoints(config: Config): Array<{ method: 'GET'; path: string }> {
  // Google's redirect back to us: it carries the code, so it must reach better-auth itself.
  // Starting the sign-in, two-factor, reset and the rest go through /api/accounts.
  return googleEnabled(config) ? [{ method: 'GET', path: `/api/auth/oauth2/callback/${googleProviderId}` }] : []
}

export function googleEnabled(config: Config): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
}

/** A display name from outside (Google's claims): one line, no markup characters, at most 80 characters like ours. */
function cleanName(name: string | null | undefined): string {
  return (
    (name ?? '')
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f<>]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80)
  )
}

// better-auth owns sessions (HTTP-only cookies), password hashing, reset tokens,
// TOTP and the OAuth code exchange (ARCHITECTURE.md stack). The product's own
// rules around it (lockout, the spec's messages, sign-up with a profile in one
// transaction) live in modules/accounts; the hooks below hold the rules every
// way into an account shares, whichever endpoint creates the session.
export function createAuth({ config, db, queueMail, secret, logger, platformName }: AuthDeps) {
  return betterAuth({
    appName: 'Prestige Labs',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.baseUrl],
    // better-auth's own notices go to our JSON log (a wrong password is not a warning: it is counted below)
    logger: {
      log: (level, message, ...args) => {
        if (level === 'error') logger.error({ args }, message)
        else logger.debug({ args, level }, message)
      },
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    // Our own per-IP limit and account lockout guard every endpoint that is
    // reachable (modules/accounts and the allowlist in app.ts); better-auth's
    // limiter would answer with other words.
    rateLimit: { enabled: false },
    user: {
      // The role is ours (the admin plugin and its endpoints are not used: decision 012).
      additionalFields: { role: { type: 'string', required: false, defaultValue: 'user', input: false } },
    },
    session: {
      cookieCache: { enabled: true, maxAge: sessionCookieCacheSeconds },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: config.TRUST_PROXY ? ['x-forwarded-for'] : [] },
      useSecureCookies: config.baseUrl.startsWith('https://'),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: passwordMinLength,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: passwordResetTokenMinutes * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const link = `${config.baseUrl}${pathTo('resetPassword')}?token=${encodeURIComponent(token)}`
        // better-auth made the token just now, valid for resetPasswordTokenExpiresIn:
        // a mail still queued after that would carry a dead link, and is not sent
        const validUntil = new Date(Date.now() + passwordResetTokenMinutes * 60_000).toISOString()
        const name = platformName?.() ?? 'Prestige Labs'
        await queueMail({
          to: user.email,
          validUntil,
          subject: `Reset your ${name} password`,
          text: [
            `Someone asked to reset the password of your ${name} account.`,
            '',
            `Choose a new password here (the link works once and expires in ${passwordResetTokenMinutes} minutes):`,
            link,
            '',
            'If you did not ask for this, ignore this e-mail: your password stays as it is.',
          ].join('\n'),
        })
      },
    },
    databaseHooks: {
      session: {
        update: {
          // better-auth moves a session's expiry once a day of use and stamps
          // updated_at then; updated_at is the last activity the session timeout
          // reads (modules/admin/settings/session-timeout.ts), and a refresh on the
          // first request after a long idle time would wipe it: it keeps its value.
          async before(data, context) {
            const current = context?.context.session?.session
            if (data.expiresAt && current?.updatedAt) return { data: { ...data, updatedAt: current.updatedAt } }
          },
        },
        create: {
          // Every session, whichever way it was won (password, Google, two-factor),
          // honours the lockout of spec 000 §4 on the account's address.
          async before(newSession) {
            const [owner] = await db
              .select({ lockedUntil: signInAttempts.lockedUntil })
              .from(schema.user)
              .innerJoin(signInAttempts, eq(signInAttempts.email, schema.user.email))
              .where(eq(schema.user.id, newSession.userId))
            const lockedUntil = owner?.lockedUntil
            if (lockedUntil && lockedUntil > new Date()) {
              const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000))
              throw new APIError('TOO_MANY_REQUESTS', {
                code: 'ACCOUNT_LOCKED',
                message: accountMessages.accountLocked(minutes),
              })
            }
          },
        },
      },
      user: {
        create: {
          // Users from Google arrive with the name Google holds: cleaned like our own names.
          async before(created) {
            return { data: { ...created, name: cleanName(created.name) } }
          },
          // Users made by Google sign-in get their profile here; password
          // sign-ups create theirs in the sign-up transaction itself.
          async after(created) {
            await db
              .insert(userProfiles)
              .values({ id: created.id, ...splitAccountName(created.name) })
              .onConflictDoNothing()
          },
        },
      },
    },
    plugins: [
      twoFactor({
        issuer: 'Prestige Labs',
        // wrong second-factor codes lock the account like wrong passwords (spec 000 §9)
        accountLockout: {
          maxFailedAttempts: signInLockout.maxFailedAttempts,
          durationSeconds: signInLockout.lockMinutes * 60,
        },
      }),
      // always present, so its API is typed; without Google settings it has no provider
      genericOAuth({
        config: googleEnabled(config)
          ? [
              {
                providerId: googleProviderId,
                clientId: config.GOOGLE_CLIENT_ID!,
                clientSecret: config.GOOGLE_CLIENT_SECRET!,
                discoveryUrl: config.GOOGLE_DISCOVERY_URL,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                // spec 000 §7: offline access with a consent prompt
                accessType: 'offline',
                prompt: 'consent',
              },
            ]
          : [],
      }),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
