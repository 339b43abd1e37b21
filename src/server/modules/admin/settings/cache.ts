import type { Database } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { PlatformSettingsPort } from '#server/platform/context.ts'
import type { Logger } from '#server/platform/logger.ts'
import type { SmtpServerSettings } from '#server/platform/mail.ts'
import type { SecretBox } from '#server/platform/secrets.ts'
import { accountMessages } from '#shared/accounts/schemas.ts'
import {
  defaultPlatformSettings,
  settingsCategories,
  settingsMessages,
  settingsSchemas,
  type PlatformSettings,
  type SettingsCategory,
} from '#shared/admin/settings.ts'
import * as queries from './queries.ts'

// The settings are read on every API request (maintenance mode, the admin check)
// and by every mail, so each instance keeps them in memory, the idea of
// platform/list-cache.ts: a write drops this instance's copy at once (the admin
// who saved sees the change on their next request), every other instance drops
// its copy when the write's NOTIFY reaches it, and `ttlMs` bounds what a lost
// notification (a listening connection that was down) could leave.

const ttlMs = 15_000

/** The purpose the SMTP password is sealed for (platform/secrets.ts binds it to the ciphertext). */
export const smtpPasswordPurpose = 'platform-settings:smtp-password'

/** Where the sealed SMTP password sits in the email row's JSON (never in a view, never in the audit log). */
export const sealedPasswordField = 'smtpPasswordSealed'

export type StoredSettings = {
  settings: PlatformSettings
  /** the email row's sealed SMTP password, or null */
  sealedPassword: string | null
  updatedAt: Record<SettingsCategory, Date | null>
}

/**
 * A category's stored object over its defaults, field by field: a field that no
 * longer passes its rule (a row written by an older version) falls back to its
 * default instead of taking the whole card down.
 */
export function parseCategory<Category extends SettingsCategory>(
  category: Category,
  stored: Record<string, unknown>,
): PlatformSettings[Category] {
  const schema = settingsSchemas[category]
  const result: Record<string, unknown> = { ...defaultPlatformSettings[category] }
  for (const [field, fieldSchema] of Object.entries(schema.shape)) {
    if (!(field in stored)) continue
    const parsed = (fieldSchema as { safeParse(value: unknown): { success: boolean; data?: unknown } }).safeParse(
      stored[field],
    )
    if (parsed.success) result[field] = parsed.data
  }
  return result as PlatformSettings[Category]
}

export function parseRows(rows: queries.SettingsRow[]): StoredSettings {
  const byCategory = new Map(rows.map((row) => [row.category, row]))
  const settings = Object.fromEntries(
    settingsCategories.map((category) => [category, parseCategory(category, byCategory.get(category)?.settings ?? {})]),
  ) as PlatformSettings
  const sealed = byCategory.get('email')?.settings[sealedPasswordField]
  return {
    settings,
    sealedPassword: typeof sealed === 'string' && sealed ? sealed : null,
    updatedAt: Object.fromEntries(
      settingsCategories.map((category) => [category, byCategory.get(category)?.updatedAt ?? null]),
    ) as StoredSettings['updatedAt'],
  }
}

export type SettingsStore = PlatformSettingsPort & {
  /** The rows as parsed, through the cache (the admin view reads the database itself). */
  stored(): Promise<StoredSettings>
}

/** The settings of one app (tests with apps of their own never share one); listens for other instances' writes. */
export async function createSettingsStore(options: {
  database: Database
  box: SecretBox
  logger: Logger
  now?: () => number
}): Promise<SettingsStore> {
  const { database, box, logger, now = Date.now } = options
  let cached: { value: Promise<StoredSettings>; expiresAt: number } | undefined
  let last: StoredSettings = parseRows([])
  // an answer read while a write happened is not kept: it may predate the write
  let generation = 0

  const stored = (): Promise<StoredSettings> => {
    if (cached && cached.expiresAt > now()) return cached.value
    const startedAt = generation
    const value = queries.findSettingsRows(database.db).then(parseRows)
    const entry = { value, expiresAt: now() + ttlMs }
    cached = entry
    value.then(
      (settings) => {
        last = settings
        if (generation !== startedAt && cached === entry) cached = undefined
      },
      (error: unknown) => {
        if (cached === entry) cached = undefined
        logger.error({ err: error }, 'platform settings could not be read')
      },
    )
    return value
  }
  const forget = () => {
    generation++
    cached = undefined
  }

  const unlisten = await database.listen(queries.settingsChannel, forget, forget)

  return {
    stored,
    read: async () => (await stored()).settings,
    current: () => last.settings,
    forget,
    async checkPasswordLength(password, field = 'password') {
      const { minPasswordLength } = (await stored()).settings.security
      if (password.length < minPasswordLength) {
        const message = accountMessages.passwordTooShortFor(minPasswordLength)
        throw new AppError('VALIDATION', message, { [field]: message })
      }
    },
    async smtpServer(): Promise<SmtpServerSettings | undefined> {
      const { settings, sealedPassword } = await stored()
      const { smtpHost, smtpPort, smtpSecurity, smtpUsername } = settings.email
      if (!smtpHost) return undefined
      let password: string | undefined
      if (sealedPassword) {
        password = box.open(sealedPassword, smtpPasswordPurpose)
        // sent without it, the server would answer with an authentication failure that hides the cause
        if (password === undefined) throw new Error(settingsMessages.smtpPasswordUnreadable)
      }
      return { host: smtpHost, port: smtpPort, security: smtpSecurity, username: smtpUsername, password }
    },
    close: async () => {
      await unlisten()
    },
  }
}
