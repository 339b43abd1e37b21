import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin, genericOAuth, twoFactor } from 'better-auth/plugins'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import * as schema from '#server/db/schema/index.ts'
import type { Mailer } from '#server/platform/mail.ts'
import { passwordMinLength, passwordResetTokenMinutes, sessionCookieCacheSeconds } from '#shared/constants.ts'
import { userProfiles } from '#server/db/schema/accounts.ts'
import type { Logger } from '#server/platform/logger.ts'

export type AuthDeps = { config: Config; db: Db; mailer: Mailer; secret: string; logger: Logger }

// better-auth owns sessions (HTTP-only cookies), password hashing, reset tokens,
// TOTP and the OAuth code exchange (ARCHITECTURE.md stack). The product's own
// rules around it (lockout, the spec's messages, sign-up with a profile in one
// transaction) live in modules/accounts.
export function createAuth({ config, db, mailer, secret, logger }: AuthDeps) {
  const googleEnabled = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
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
    // Our own per-IP limit and account lockout guard the sign-in endpoints
    // (modules/accounts); better-auth's limiter would answer with other words.
    rateLimit: { enabled: false },
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
        const link = `${config.baseUrl}/reset-password?token=${encodeURIComponent(token)}`
        await mailer.send({
          to: user.email,
          subject: 'Reset your Prestige Labs password',
          text: [
            'Someone asked to reset the password of your Prestige Labs account.',
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
      user: {
        create: {
          // Users made by Google sign-in get their profile here; password
          // sign-ups create theirs in the sign-up transaction itself.
          async after(created) {
            const [firstName = '', ...rest] = (created.name ?? '').trim().split(/\s+/)
            await db
              .insert(userProfiles)
              .values({ id: created.id, firstName, lastName: rest.join(' ') })
              .onConflictDoNothing()
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      twoFactor({ issuer: 'Prestige Labs' }),
      ...(googleEnabled
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.GOOGLE_CLIENT_ID!,
                  clientSecret: config.GOOGLE_CLIENT_SECRET!,
                  discoveryUrl: config.GOOGLE_DISCOVERY_URL,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // spec 000 §7: offline access with a consent prompt
                  accessType: 'offline',
                  prompt: 'consent',
                },
              ],
            }),
          ]
        : []),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
