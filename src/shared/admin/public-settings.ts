// The public part of the platform settings (issue 22), apart from the schemas in
// settings.ts: every page, the landing page among them, reads it, and this module
// brings no zod into their bundle (ARCHITECTURE.md, JavaScript budget of '/').

export const defaultPlatformName = 'Prestige Labs'

export type Language = 'en' | 'es' | 'fr'

/** GET /api/settings: what every visitor's browser needs (issue 22); nothing secret, nothing only admins need. */
export type PublicSettings = {
  platformName: string
  /** empty when none is set */
  supportEmail: string
  defaultLanguage: Language
  maintenanceMode: boolean
  /** Google sign-in is offered: configured on the server and allowed by the admins. */
  socialSignIn: boolean
  minPasswordLength: number
  /** Admins must have two-factor on before using the admin area (setting or ADMIN_REQUIRE_2FA). */
  adminTwoFactorRequired: boolean
}

export const defaultPublicSettings: PublicSettings = {
  platformName: defaultPlatformName,
  supportEmail: '',
  defaultLanguage: 'en',
  maintenanceMode: false,
  socialSignIn: false,
  minPasswordLength: 8,
  adminTwoFactorRequired: false,
}

/** The maintenance page's and the API's words while maintenance mode is on. */
export const maintenanceMessages = {
  title: 'We will be back soon',
  body: 'The platform is down for maintenance. Please try again in a little while.',
  api: 'The platform is down for maintenance. Please try again in a little while.',
} as const
