import { withTransaction } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { googleEnabled } from '#server/platform/auth.ts'
import type { Ctx } from '#server/platform/context.ts'
import { adminsNeedTwoFactor, isAdminUser, requireAdmin } from '#server/platform/guards.ts'
import { settingsSecretBox } from '#server/platform/secrets.ts'
import {
  categoryOfField,
  settingsMessages,
  type AdminSettingsView,
  type MailRoute,
  type PlatformSettings,
  type PublicSettings,
  type SettingsCategory,
  type SettingsPatch,
  type TestMailResult,
} from '#shared/admin/settings.ts'
import { parseCategory, parseRows, sealedPasswordField, smtpPasswordPurpose } from './cache.ts'
import * as queries from './queries.ts'

// Platform settings (spec 002 §2, §3, §4 Settings, §7; issue 22). Admins read and
// write the four cards here; everyone else reads the public part, and the areas
// the settings change read them through Deps' settings (cache.ts), never here.

/** How mail leaves now; a stored password that cannot be opened still means the admins' server. */
async function mailRouteOf(ctx: Ctx): Promise<MailRoute> {
  try {
    return await ctx.deps.mailer.route()
  } catch {
    return 'settings'
  }
}

/** GET /api/admin/settings: every card from the database itself (an admin sees what is stored, not a cached copy). */
export async function getAdminSettings(ctx: Ctx): Promise<AdminSettingsView> {
  requireAdmin(ctx)
  const { settings, sealedPassword, updatedAt } = parseRows(await queries.findSettingsRows(ctx.deps.db))
  const { config } = ctx.deps
  return {
    ...settings,
    email: { ...settings.email, smtpPasswordSet: sealedPassword !== null },
    environment: {
      mailRoute: await mailRouteOf(ctx),
      secretKeyAvailable: settingsSecretBox(config).available,
      socialSignInConfigured: googleEnabled(config),
      adminTwoFactorForced: config.ADMIN_REQUIRE_2FA,
    },
    updatedAt: Object.fromEntries(
      Object.entries(updatedAt).map(([category, at]) => [category, at?.toISOString() ?? null]),
    ) as AdminSettingsView['updatedAt'],
  }
}

/** GET /api/settings: what every browser needs to show the platform as the admins set it. */
export async function getPublicSettings(ctx: Ctx): Promise<PublicSettings> {
  const { general, security } = await ctx.deps.settings.read()
  return {
    platformName: general.platformName,
    supportEmail: general.supportEmail,
    defaultLanguage: general.defaultLanguage,
    maintenanceMode: general.maintenanceMode,
    socialSignIn: googleEnabled(ctx.deps.config) && security.allowSocialLogin,
    minPasswordLength: security.minPasswordLength,
    adminTwoFactorRequired: adminsNeedTwoFactor(ctx.deps),
  }
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * PATCH /api/admin/settings/:category (spec 002 §4: saved on every field change).
 * The fields sent, of that card only, over what is stored; in one transaction
 * with its audit rows (the SMTP password recorded as changed, never its value)
 * and the NOTIFY that makes every instance read the settings again.
 */
export async function updateSettings(
  ctx: Ctx,
  category: SettingsCategory,
  patch: SettingsPatch,
): Promise<AdminSettingsView> {
  const admin = requireAdmin(ctx)
  const fields = Object.entries(patch).filter(([, value]) => value !== undefined)
  if (fields.length === 0) throw new AppError('VALIDATION', settingsMessages.nothingToSave)
  for (const [field] of fields) {
    const owner = field === 'smtpPassword' ? 'email' : categoryOfField[field]
    if (owner !== category)
      throw new AppError('VALIDATION', settingsMessages.notInCategory, { [field]: settingsMessages.notInCategory })
  }
  const { smtpPassword, ...changes } = Object.fromEntries(fields) as SettingsPatch
  // an admin who makes two-factor compulsory without having it would be refused on their next request
  if (changes.require2FA === true && !admin.twoFactorEnabled)
    throw new AppError('VALIDATION', settingsMessages.twoFactorFirst, { require2FA: settingsMessages.twoFactorFirst })

  const box = settingsSecretBox(ctx.deps.config)
  const passwordChange =
    smtpPassword === undefined ? undefined : smtpPassword === null || smtpPassword === '' ? 'removed' : 'changed'
  if (passwordChange === 'changed' && !box.available)
    throw new AppError('VALIDATION', settingsMessages.smtpPasswordUnavailable, {
      smtpPassword: settingsMessages.smtpPasswordUnavailable,
    })
  const sealed = passwordChange === 'changed' ? box.seal(smtpPassword!, smtpPasswordPurpose) : undefined

  try {
    await withTransaction(ctx.deps.db, async (tx) => {
      const stored = await queries.findSettingsRowForUpdate(tx, category)
      const before = parseCategory(category, stored)
      const after = { ...before, ...changes } as PlatformSettings[SettingsCategory]
      const next: Record<string, unknown> = { ...stored, ...after }
      if (passwordChange === 'changed') next[sealedPasswordField] = sealed
      if (passwordChange === 'removed') delete next[sealedPasswordField]
      await queries.saveSettingsRow(tx, category, next)

      if (!sameValue(before, after))
        await recordAudit(tx, ctx, {
          action: 'settings.update',
          objectType: 'settings',
          objectId: category,
          before,
          after,
        })
      if (passwordChange) {
        const hadOne = typeof stored[sealedPasswordField] === 'string'
        await recordAudit(tx, ctx, {
          action: 'settings.smtp_password',
          objectType: 'settings',
          objectId: category,
          before: { smtpCredential: hadOne ? 'set' : 'not set' },
          after: { smtpCredential: passwordChange },
        })
      }
      await queries.notifySettingsChanged(tx, category)
    })
  } finally {
    ctx.deps.settings.forget()
  }
  return getAdminSettings(ctx)
}

/** The text of a send's failure as the SMTP server or the network said it. */
function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const response = (error as { response?: unknown }).response
  return typeof response === 'string' && !error.message.includes(response)
    ? `${error.message} (${response})`
    : error.message
}

/**
 * POST /api/admin/settings/test-email: one mail to the signed-in admin, sent now
 * (not queued: the admin waits for the answer) the way every mail leaves, and
 * the SMTP server's own words when it fails.
 */
export async function sendTestMail(ctx: Ctx): Promise<TestMailResult> {
  const admin = requireAdmin(ctx)
  const { platformName } = (await ctx.deps.settings.read()).general
  let route: MailRoute
  try {
    route = await ctx.deps.mailer.route()
    await ctx.deps.mailer.send({
      to: admin.email,
      subject: settingsMessages.testMailSubject(platformName),
      text: [
        `This is a test e-mail from ${platformName}, sent from the platform settings.`,
        '',
        route === 'settings'
          ? 'It went through the SMTP server set on the settings page: mail from the platform reaches people this way.'
          : route === 'environment'
            ? "It went through the server's own SMTP settings (SMTP_HOST): no SMTP server is set on the settings page."
            : 'No SMTP server is set: it went to the development mailbox.',
      ].join('\n'),
    })
  } catch (error) {
    ctx.logger.warn({ err: error, requestId: ctx.requestId }, 'test e-mail failed')
    return { sent: false, message: settingsMessages.testMailFailed(failureText(error)) }
  }
  return { sent: true, to: admin.email, route, message: settingsMessages.testMailSent(admin.email) }
}

/**
 * Paths open while maintenance mode is on (issue 22): the public settings the
 * maintenance page reads, signing in and out (admins must reach the admin area),
 * getting back into an account, and Stripe's events, which keep subscriptions
 * true while the doors are shut.
 */
const openDuringMaintenance = [
  '/api/settings',
  '/api/accounts/session',
  '/api/accounts/providers',
  '/api/accounts/sign-in',
  '/api/accounts/admin-sign-in',
  '/api/accounts/two-factor/verify',
  '/api/accounts/google',
  '/api/accounts/sign-out',
  '/api/accounts/forgot-password',
  '/api/accounts/reset-password',
  '/api/auth',
  '/api/billing/webhook',
]

const isOpen = (path: string) =>
  openDuringMaintenance.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))

/** Maintenance mode: members and visitors get 503 with the reason; admins (by role) and the open paths pass. */
export async function refuseDuringMaintenance(ctx: Ctx, path: string): Promise<void> {
  if (isOpen(path)) return
  const { maintenanceMode } = (await ctx.deps.settings.read()).general
  if (maintenanceMode && !isAdminUser(ctx.session?.user))
    throw new AppError('UNAVAILABLE', settingsMessages.maintenanceApi, undefined, { 'Retry-After': '300' })
}
