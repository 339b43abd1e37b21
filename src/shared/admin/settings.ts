import { z } from 'zod'
import { emailMaxLength } from '#shared/common/fields.ts'
import { defaultPlatformName, maintenanceMessages, type Language } from '#shared/admin/public-settings.ts'

export {
  defaultPlatformName,
  defaultPublicSettings,
  maintenanceMessages,
  type Language,
  type PublicSettings,
} from '#shared/admin/public-settings.ts'

// Platform settings (spec 002 §2 Platform settings, §3 Platform settings, §5
// Security settings inputs, §7 Platform settings, §9; issue 22). One row of
// platform_settings per card: the category and its settings object. Every card
// saves each field when it changes (spec 002 §4 Settings), so a write is a partial
// object of one category. The SMTP password is stored encrypted and never leaves
// the server: views say only whether one is set.

/** The four cards of /admin/settings, also the rows' categories (blog and community keep their own rows). */
export const settingsCategories = ['general', 'email', 'security', 'integrations'] as const
export type SettingsCategory = (typeof settingsCategories)[number]

export const settingsCategoryLabels: Record<SettingsCategory, string> = {
  general: 'General',
  email: 'Email',
  security: 'Security',
  integrations: 'Integrations',
}

/** spec 002 §3: defaultLanguage (en, es, fr). */
export const languages = ['en', 'es', 'fr'] as const satisfies readonly Language[]
export const languageLabels: Record<Language, string> = { en: 'English', es: 'Español', fr: 'Français' }

/**
 * spec 002 §3: smtpSecurity (tls, ssl, none). 'tls' upgrades a plain connection
 * with STARTTLS and refuses to go on without it (port 587); 'ssl' speaks TLS from
 * the first byte (port 465); 'none' sends in the clear (a relay on the same network).
 */
export const smtpSecurityOptions = ['tls', 'ssl', 'none'] as const
export type SmtpSecurity = (typeof smtpSecurityOptions)[number]
export const smtpSecurityLabels: Record<SmtpSecurity, string> = {
  tls: 'TLS (STARTTLS, usually port 587)',
  ssl: 'SSL (TLS from the start, usually port 465)',
  none: 'None (unencrypted)',
}

/** spec 002 §5 and §9: minimum password length 8 to 32 (default 8); session timeout at least 5 minutes (default 60). */
export const passwordLengthRange = { min: 8, max: 32 } as const
export const sessionTimeoutRange = {
  min: 5,
  /** A week: the longest a session lives at all (better-auth's lifetime), so a longer idle limit would mean nothing. */
  max: 7 * 24 * 60,
} as const

/**
 * The formats the integrations accept (issue 22: validated by format). A GA4
 * measurement id; a chat widget's app id as the common widgets print them
 * (Intercom's 8 characters, Crisp's UUID, tawk.to's hex ids); an error-reporting
 * DSN as Sentry and its compatibles print it: https://<public key>@<host>/<project id>.
 */
export const integrationFormats = {
  analyticsId: /^G-[A-Z0-9]{4,20}$/,
  chatWidgetId: /^[A-Za-z0-9][A-Za-z0-9_-]{3,63}$/,
  errorReportingDsn: /^https?:\/\/[A-Za-z0-9]+(?::[A-Za-z0-9]+)?@[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[\w.-]+)*\/\d+$/,
} as const

// spec 002 §8 Settings, plus the words of each field's rule (spec 002 §5 gives the ranges only).
export const settingsMessages = {
  loadFailed: 'Failed to load settings',
  updated: 'Settings updated successfully',
  updateFailed: 'Failed to update settings',
  unknownCategory: 'Unknown settings category',
  nothingToSave: 'Choose a setting to save',
  unknownSetting: 'Unknown setting',
  notInCategory: 'This setting belongs to another card',

  platformNameRequired: 'Platform name is required',
  platformNameTooLong: 'Platform name must be at most 80 characters',
  invalidSupportEmail: 'Please enter a valid email address',
  invalidLanguage: 'Please choose English, Spanish or French',
  maintenanceNeedsBoolean: 'Maintenance mode is either on or off',

  invalidSmtpHost: 'Please enter a host name such as smtp.example.com, or leave it empty',
  invalidSmtpPort: 'SMTP port must be a whole number between 1 and 65535',
  invalidSmtpSecurity: 'Please choose TLS, SSL or None',
  smtpUsernameTooLong: 'SMTP username must be at most 200 characters',
  smtpPasswordTooLong: 'SMTP password must be at most 500 characters',
  smtpPasswordUnavailable:
    'The SMTP password cannot be stored: set SETTINGS_SECRET_KEY on the server (at least 32 characters) and try again',
  smtpPasswordUnreadable:
    'The stored SMTP password cannot be read with the current SETTINGS_SECRET_KEY: enter the password again',

  invalidPasswordLength: `Minimum password length must be a whole number from ${passwordLengthRange.min} to ${passwordLengthRange.max}`,
  invalidSessionTimeout: `Session timeout must be a whole number of at least ${sessionTimeoutRange.min} minutes (at most ${sessionTimeoutRange.max})`,
  twoFactorFirst:
    'Turn on two-factor authentication for your own account first (Settings > Security), or you would lock yourself out of the admin area',
  invalidAnalyticsId: 'Analytics ID must be a Google Analytics 4 measurement ID such as G-AB12CD34EF',
  invalidChatWidgetId: 'Chat widget ID must be 4 to 64 letters, digits, - or _ (as your chat provider shows it)',
  invalidDsn: 'Error-reporting DSN must look like https://publickey@errors.example.com/42',

  testMailSent: (address: string) => `Test e-mail sent to ${address}`,
  testMailFailed: (reason: string) => `The test e-mail could not be sent: ${reason}`,
  testMailSubject: (platformName: string) => `${platformName} test e-mail`,

  maintenanceApi: maintenanceMessages.api,
} as const

const booleanField = (message: string) => z.boolean({ error: message })

/** General card (spec 002 §3). An empty support e-mail means none: contact mail then goes to every admin. */
export const GeneralSettings = z.object({
  platformName: z
    .string({ error: settingsMessages.platformNameRequired })
    .trim()
    .min(1, { error: settingsMessages.platformNameRequired })
    .max(80, { error: settingsMessages.platformNameTooLong })
    // one line: it goes into mail headers and the page title
    .regex(/^[^\r\n<>]*$/, { error: settingsMessages.platformNameRequired }),
  supportEmail: z
    .string({ error: settingsMessages.invalidSupportEmail })
    .trim()
    .max(emailMaxLength, { error: settingsMessages.invalidSupportEmail })
    .pipe(z.union([z.literal(''), z.email({ error: settingsMessages.invalidSupportEmail })]))
    .transform((address) => address.toLowerCase()),
  defaultLanguage: z.enum(languages, { error: settingsMessages.invalidLanguage }),
  maintenanceMode: booleanField(settingsMessages.maintenanceNeedsBoolean),
})
export type GeneralSettings = z.infer<typeof GeneralSettings>

// a host name or an IPv4/IPv6 literal, nothing else (no scheme, no port, no spaces)
const hostName =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/
const ipv6 = /^\[?[0-9A-Fa-f:.]+\]?$/

/** Email card without the password (spec 002 §3). An empty host means: the server's own SMTP settings (SMTP_*). */
export const EmailSettings = z.object({
  smtpHost: z
    .string({ error: settingsMessages.invalidSmtpHost })
    .trim()
    .max(253, { error: settingsMessages.invalidSmtpHost })
    .refine((host) => host === '' || hostName.test(host) || (host.includes(':') && ipv6.test(host)), {
      error: settingsMessages.invalidSmtpHost,
    }),
  smtpPort: z
    .number({ error: settingsMessages.invalidSmtpPort })
    .int({ error: settingsMessages.invalidSmtpPort })
    .min(1, { error: settingsMessages.invalidSmtpPort })
    .max(65535, { error: settingsMessages.invalidSmtpPort }),
  smtpSecurity: z.enum(smtpSecurityOptions, { error: settingsMessages.invalidSmtpSecurity }),
  smtpUsername: z
    .string({ error: settingsMessages.smtpUsernameTooLong })
    .trim()
    .max(200, { error: settingsMessages.smtpUsernameTooLong }),
})
export type EmailSettings = z.infer<typeof EmailSettings>

/** Security card (spec 002 §3, §5, §9); sessionTimeout in minutes of inactivity. */
export const SecuritySettings = z.object({
  minPasswordLength: z
    .number({ error: settingsMessages.invalidPasswordLength })
    .int({ error: settingsMessages.invalidPasswordLength })
    .min(passwordLengthRange.min, { error: settingsMessages.invalidPasswordLength })
    .max(passwordLengthRange.max, { error: settingsMessages.invalidPasswordLength }),
  sessionTimeout: z
    .number({ error: settingsMessages.invalidSessionTimeout })
    .int({ error: settingsMessages.invalidSessionTimeout })
    .min(sessionTimeoutRange.min, { error: settingsMessages.invalidSessionTimeout })
    .max(sessionTimeoutRange.max, { error: settingsMessages.invalidSessionTimeout }),
  require2FA: z.boolean({ error: settingsMessages.updateFailed }),
  allowSocialLogin: z.boolean({ error: settingsMessages.updateFailed }),
})
export type SecuritySettings = z.infer<typeof SecuritySettings>

const formatted = (pattern: RegExp, message: string, normalise: (value: string) => string = (value) => value) =>
  z
    .string({ error: message })
    .trim()
    .max(300, { error: message })
    .transform(normalise)
    .refine((value) => value === '' || pattern.test(value), { error: message })

/** Integrations card (spec 002 §3): each empty, or in its format. */
export const IntegrationSettings = z.object({
  analyticsId: formatted(integrationFormats.analyticsId, settingsMessages.invalidAnalyticsId, (value) =>
    value.toUpperCase(),
  ),
  chatWidgetId: formatted(integrationFormats.chatWidgetId, settingsMessages.invalidChatWidgetId),
  errorReportingDsn: formatted(integrationFormats.errorReportingDsn, settingsMessages.invalidDsn),
})
export type IntegrationSettings = z.infer<typeof IntegrationSettings>

/** What every category holds, as the product reads it (the SMTP password apart). */
export type PlatformSettings = {
  general: GeneralSettings
  email: EmailSettings
  security: SecuritySettings
  integrations: IntegrationSettings
}

/** spec 002 §9 defaults; the rest our choice (issue 22: the current name stays the default). */
export const defaultPlatformSettings: PlatformSettings = {
  general: { platformName: defaultPlatformName, supportEmail: '', defaultLanguage: 'en', maintenanceMode: false },
  email: { smtpHost: '', smtpPort: 587, smtpSecurity: 'tls', smtpUsername: '' },
  security: {
    minPasswordLength: passwordLengthRange.min,
    sessionTimeout: 60,
    require2FA: false,
    allowSocialLogin: true,
  },
  integrations: { analyticsId: '', chatWidgetId: '', errorReportingDsn: '' },
}

export const settingsSchemas = {
  general: GeneralSettings,
  email: EmailSettings,
  security: SecuritySettings,
  integrations: IntegrationSettings,
} as const

/** The card a field belongs to. */
export const categoryOfField = Object.fromEntries(
  settingsCategories.flatMap((category) =>
    Object.keys(settingsSchemas[category].shape).map((field) => [field, category]),
  ),
) as Record<string, SettingsCategory>

/** PATCH /api/admin/settings/:category's path. */
export const SettingsCategoryParam = z.object({
  category: z.enum(settingsCategories, { error: settingsMessages.unknownCategory }),
})
export type SettingsCategoryParam = z.infer<typeof SettingsCategoryParam>

/**
 * PATCH /api/admin/settings/:category: the fields that changed, of that category
 * only (the service refuses another card's). `smtpPassword`: a new password, or
 * null to remove the stored one; absent leaves it as it is.
 */
export const SettingsPatch = z.strictObject(
  {
    ...GeneralSettings.partial().shape,
    ...EmailSettings.partial().shape,
    ...SecuritySettings.partial().shape,
    ...IntegrationSettings.partial().shape,
    smtpPassword: z
      .string({ error: settingsMessages.smtpPasswordTooLong })
      .max(500, { error: settingsMessages.smtpPasswordTooLong })
      .nullable()
      .optional(),
  },
  { error: settingsMessages.unknownSetting },
)
export type SettingsPatch = z.infer<typeof SettingsPatch>

/** How mail leaves now: the admin's SMTP server, the server's own (SMTP_*), or the development mailbox. */
export type MailRoute = 'settings' | 'environment' | 'mailbox'

/** GET /api/admin/settings: every card, the SMTP password as "set or not" only. */
export type AdminSettingsView = PlatformSettings & {
  email: EmailSettings & { smtpPasswordSet: boolean }
  /** What the server's environment decides beside these settings, for the cards' notes. */
  environment: {
    mailRoute: MailRoute
    /** SETTINGS_SECRET_KEY (or the development key) is there: an SMTP password can be stored. */
    secretKeyAvailable: boolean
    /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set: without them there is no social sign-in to allow. */
    socialSignInConfigured: boolean
    /** ADMIN_REQUIRE_2FA is on: admins need two-factor whatever the setting says. */
    adminTwoFactorForced: boolean
  }
  updatedAt: Record<SettingsCategory, string | null>
}

/** POST /api/admin/settings/test-email's answer: sent, or the SMTP server's own words. */
export type TestMailResult =
  { sent: true; to: string; route: MailRoute; message: string } | { sent: false; message: string }
