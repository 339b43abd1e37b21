import { z } from 'zod'
import { email, requiredText } from '#shared/common/fields.ts'
import { cities, experienceLevels, memberIndustries, passwordMinLength } from '#shared/constants.ts'

// Every user-facing text of the accounts area (spec 000 §5, §8; spec 001 §5, §8).
export const accountMessages = {
  allFieldsRequired: 'All fields are required',
  invalidEmail: 'Please enter a valid email address',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  // the same words with the admins' minimum length (spec 002 §5: 8 to 32, issue 22)
  passwordTooShortFor: (length: number) => `Password must be at least ${length} characters long`,
  passwordRulesHintFor: (length: number) =>
    `Use ${length} or more characters, including an uppercase letter, a lowercase letter and a number.`,
  passwordNeedsUppercase: 'Password must contain at least one uppercase letter',
  passwordNeedsLowercase: 'Password must contain at least one lowercase letter',
  passwordNeedsNumber: 'Password must contain at least one number',
  passwordRulesHint: `Use ${passwordMinLength} or more characters, including an uppercase letter, a lowercase letter and a number.`,
  credentialsRequired: 'You must provide either an email or phone number and a password',
  emailRequired: 'You must provide either an email or phone number.',
  cityRequired: 'Please choose your closest major city',
  experienceRequired: 'Please choose your experience level',
  industriesRequired: 'Please choose at least one industry',

  accountExists: 'An account with this email already exists',
  accountCreated: 'Account created successfully!',
  accountCreateFailed: 'Failed to create account',

  invalidCredentials: 'Invalid email or password',
  adminInvalidCredentials: 'Invalid credentials',
  accountLocked: (minutes: number) => `Account locked. Please try again in ${minutes} minutes.`,
  tooManyAttempts: 'Too many attempts. Please try again later.',
  serviceUnavailable: 'Service temporarily unavailable. Please try again in a moment.',
  signInDefault: 'An error occurred. Please try again.',
  welcomeBack: 'Welcome back!',
  welcomeBackAdmin: 'Welcome back, admin!',
  unableToSignIn: 'Unable to sign in. Please check your credentials and try again.',

  resetSent: 'Password reset instructions sent to your email',
  resetSendFailed: 'Failed to send reset instructions. Please try again.',
  resetFailed: 'Failed to reset password',
  resetLinkInvalid: 'This reset link has expired or was already used. Please request a new one.',
  passwordUpdated: 'Password updated successfully',
  // spec 001 §8 Password (the change form in Security)
  passwordUpdateFailed: 'Failed to update password',
  newPasswordsDoNotMatch: 'New passwords do not match',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordIncorrect: 'Your current password is incorrect',
  // enabling or disabling two-factor asks for the password again
  incorrectPassword: 'Incorrect password',

  googleFailed: 'Failed to sign in with Google',
  socialSignInOff: 'Sign-in with Google is turned off. Please sign in with your email and password.',

  signedOut: 'Signed out successfully',
  signOutFailed: 'Failed to sign out',

  twoFactorCodeInvalid: 'Invalid verification code',
  twoFactorSignInAgain: 'Too many wrong codes. Please sign in again.',
  twoFactorEnabled: 'Two-factor authentication enabled',
  twoFactorDisabled: 'Two-factor authentication disabled',
  twoFactorRequiredForAdmins:
    'Administrators must turn on two-factor authentication before using the admin area: turn it on under Settings > Security, then come back',
  otherSessionsRevoked: 'Signed out of all other sessions',

  // spec 000 §8 'email not confirmed'; what it holds back: docs/decisions/014
  emailNotVerified: 'Please verify your email address',
  emailNotVerifiedDetail:
    'We sent a link to your email address. Until you open it, you can look around, but not subscribe, post, comment or apply to jobs.',
  resendVerification: 'Resend verification e-mail',
  verificationSent: 'Verification e-mail sent. Please check your inbox.',
  verificationSendFailed: 'Failed to send the verification e-mail. Please try again.',
  emailVerified: 'Your email address is verified',
  alreadyVerified: 'Your email address is already verified',
  verificationLinkInvalid: 'This verification link has expired or was already used',
} as const

export const Email = email(accountMessages.invalidEmail)

/**
 * spec 000 §5: checked in this order, first failure wins. The minimum length is
 * the admins' setting (spec 002 §5, issue 22); the server checks it again with
 * the setting it holds (Deps' settings.checkPasswordLength), forms pass the one
 * /api/settings gave them.
 */
export function passwordRule(minLength: number = passwordMinLength) {
  const tooShort = accountMessages.passwordTooShortFor(minLength)
  return z
    .string({ error: tooShort })
    .min(minLength, { error: tooShort })
    .regex(/[A-Z]/, { error: accountMessages.passwordNeedsUppercase })
    .regex(/[a-z]/, { error: accountMessages.passwordNeedsLowercase })
    .regex(/[0-9]/, { error: accountMessages.passwordNeedsNumber })
    .max(128, { error: 'Password must be at most 128 characters long' })
}

export const Password = passwordRule()

const RequiredName = requiredText(accountMessages.allFieldsRequired, 80)

const signUpAccountFields = {
  firstName: RequiredName,
  lastName: RequiredName,
  email: Email,
  password: Password,
  confirmPassword: z.string(),
}

const confirmationMatches: [
  (value: { password: string; confirmPassword: string }) => boolean,
  { path: string[]; error: string },
] = [
  (value) => value.password === value.confirmPassword,
  { path: ['confirmPassword'], error: accountMessages.passwordsDoNotMatch },
]

export const SignUpAccountStep = z.object(signUpAccountFields).refine(...confirmationMatches)
export type SignUpAccountStep = z.infer<typeof SignUpAccountStep>

/** Step 1 with the admins' minimum password length (the sign-up form reads it from /api/settings). */
export function signUpAccountStepFor(minLength: number) {
  return z.object({ ...signUpAccountFields, password: passwordRule(minLength) }).refine(...confirmationMatches)
}

export const SignUpProfileStep = z.object({
  city: z.enum(cities, { error: accountMessages.cityRequired }),
  experienceLevel: z.enum(experienceLevels, { error: accountMessages.experienceRequired }),
  industries: z.array(z.enum(memberIndustries)).min(1, { error: accountMessages.industriesRequired }),
})
export type SignUpProfileStep = z.infer<typeof SignUpProfileStep>

/** Both steps together: what the sign-up endpoint receives and checks again. */
export const SignUpInput = z
  .object({ ...signUpAccountFields, ...SignUpProfileStep.shape })
  .refine(...confirmationMatches)
export type SignUpInput = z.infer<typeof SignUpInput>

// spec 000 §5 asks for 'email or phone number', but accounts have e-mail addresses only:
// anything else is refused with the e-mail message before it is counted as a failure
export const SignInInput = z.object({
  email: email(accountMessages.invalidEmail, accountMessages.credentialsRequired),
  password: z
    .string({ error: accountMessages.credentialsRequired })
    .min(1, { error: accountMessages.credentialsRequired }),
  rememberMe: z.boolean().optional(),
})
export type SignInInput = z.infer<typeof SignInInput>

/** Where the browser returns after Google: a path of ours, never another site (open redirect). */
export const GoogleSignInInput = z.object({
  callbackURL: z
    .string()
    .max(512)
    .regex(/^\/(?![/\\])\S*$/, { error: accountMessages.googleFailed })
    .default('/'),
})
export type GoogleSignInInput = z.infer<typeof GoogleSignInInput>

export const ForgotPasswordInput = z.object({ email: Email })
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>

export const ResetPasswordInput = z
  .object({
    token: z.string().min(1, { error: accountMessages.resetLinkInvalid }),
    password: Password,
    confirmPassword: z.string(),
  })
  .refine(...confirmationMatches)
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>

export const TwoFactorCodeInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: accountMessages.twoFactorCodeInvalid }),
  trustDevice: z.boolean().optional(),
})
export type TwoFactorCodeInput = z.infer<typeof TwoFactorCodeInput>

/** spec 001 §8 Password: the shared strength rules, and the two new entries must match. */
export const ChangePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: accountMessages.currentPasswordRequired })
      .min(1, { error: accountMessages.currentPasswordRequired }),
    newPassword: Password,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    error: accountMessages.newPasswordsDoNotMatch,
  })
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>

/** The token of a verification link (/verify-email?token=...): ours, random, single-use (decision 014). */
export const VerifyEmailInput = z.object({
  token: z
    .string({ error: accountMessages.verificationLinkInvalid })
    .trim()
    .min(1, { error: accountMessages.verificationLinkInvalid })
    .max(200, { error: accountMessages.verificationLinkInvalid }),
})
export type VerifyEmailInput = z.infer<typeof VerifyEmailInput>

export const PasswordConfirmInput = z.object({ password: z.string().min(1, { error: 'Please enter your password' }) })
export type PasswordConfirmInput = z.infer<typeof PasswordConfirmInput>

/** The signed-in user as the web sees it; null when signed out. */
export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  subscribed: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** Unverified members may read but not pay, post, comment or apply (decision 014). */
  emailVerified: z.boolean(),
  // the member's picture for the header and the composer, read with the profile this answer needs anyway
  avatarUrl: z.string().nullable(),
  memberSince: z.string(),
})
export type SessionUser = z.infer<typeof SessionUser>

export type SessionResponse = { user: SessionUser | null }

export type SignInResponse = { twoFactorRequired: true } | { twoFactorRequired: false; user: SessionUser }

export type AuthProviders = { google: boolean }
