import { z } from 'zod'
import { httpUrl, phone, requiredText } from '#shared/common/fields.ts'
import { cities, experienceLevels, memberIndustries } from '#shared/constants.ts'

// Profile and avatar (spec 001 §2 /profile and /settings, §3 Profile, §5, §8 Avatar and Profile, §9).

export const profileMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  dateOfBirthInFuture: 'Date of birth cannot be in the future',
  invalidDate: 'Please enter a valid date',
  invalidLinkedin: 'Please enter a valid LinkedIn URL (https://linkedin.com/...)',
  invalidWebsite: 'Please enter a valid website URL (http:// or https://)',
  invalidPhone: 'Please enter a valid phone number',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  tooManyFocus: 'Choose at most 10 career focus areas',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  signedOut: 'You must be logged in to update your profile',
  avatarNotImage: 'Please upload an image file',
  avatarTooLarge: 'Image must be less than 5MB',
  avatarUpdated: 'Profile picture updated',
  avatarUploadFailed: 'Failed to upload profile picture',
  avatarRemoved: 'Profile picture removed',
  avatarNotFound: 'No profile picture',
} as const

// spec 001 §9: avatar at most 5 MB, downscaled to 512 px on its longest side, PNG; cache 3600 s
export const avatarMaxBytes = 5 * 1024 * 1024
export const avatarMaxSide = 512
export const avatarCacheSeconds = 3600

export const countries = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
  { value: 'GB', label: 'United Kingdom' },
] as const
export const countryCodes = ['US', 'CA', 'GB'] as const

export const genders = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
] as const
export const genderValues = ['female', 'male'] as const

// spec 001 §9: 13 titles from None to CEO/President (the list itself is ours)
export const expertiseLevels = [
  'None',
  'Intern',
  'Entry Level',
  'Associate',
  'Mid-Level',
  'Senior',
  'Lead',
  'Manager',
  'Senior Manager',
  'Director',
  'Vice President',
  'C-Level Executive',
  'CEO/President',
] as const

export const profileLimits = {
  name: 80,
  company: 120,
  position: 120,
  location: 120,
  careerLevel: 80,
  careerFocusItem: 60,
  careerFocusCount: 10,
  url: 300,
  phone: 20,
} as const

/** '' and whitespace mean "not given": stored as null. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)

const optionalText = (max: number) =>
  z
    .preprocess(blankToNull, z.string().trim().max(max, profileMessages.tooLong(max)).nullable().optional())
    .transform((v) => v ?? null)

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankToNull, z.enum(values, { error: message }).nullable().optional()).transform((v) => v ?? null)

function todayIso() {
  const now = new Date()
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 10)
}

/**
 * The one profile form schema (spec 001 §8 Profile): the web form resolves it and
 * the server checks it again. Only first and last name are required.
 */
export const ProfileInput = z.object({
  firstName: requiredText(
    profileMessages.firstNameRequired,
    profileLimits.name,
    profileMessages.tooLong(profileLimits.name),
  ),
  lastName: requiredText(
    profileMessages.lastNameRequired,
    profileLimits.name,
    profileMessages.tooLong(profileLimits.name),
  ),
  // spec 001 §8: not later than today; empty is sent as null
  dateOfBirth: z
    .preprocess(
      blankToNull,
      z
        .string()
        .regex(/^\d{4}-\d\d-\d\d$/, profileMessages.invalidDate)
        .refine((value) => !Number.isNaN(Date.parse(value)), profileMessages.invalidDate)
        .refine((value) => value <= todayIso(), profileMessages.dateOfBirthInFuture)
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
  gender: optionalEnum(genderValues, 'Please choose female or male'),
  country: optionalEnum(countryCodes, 'Please choose United States, Canada or United Kingdom'),
  location: optionalText(profileLimits.location),
  company: optionalText(profileLimits.company),
  position: optionalText(profileLimits.position),
  phoneNumber: z
    .preprocess(blankToNull, phone(profileMessages.invalidPhone, profileLimits.phone).nullable().optional())
    .transform((v) => v ?? null),
  linkedinUrl: z
    .preprocess(
      blankToNull,
      httpUrl(profileMessages.invalidLinkedin, profileLimits.url, /^([a-z0-9-]+\.)*linkedin\.com$/i)
        .nullable()
        .optional(),
    )
    .transform((v) => v ?? null),
  website: z
    .preprocess(blankToNull, httpUrl(profileMessages.invalidWebsite, profileLimits.url).nullable().optional())
    .transform((v) => v ?? null),
  experienceLevel: optionalEnum(experienceLevels, 'Please choose an experience level from the list'),
  expertiseLevel: optionalEnum(expertiseLevels, 'Please choose an expertise level from the list'),
  careerLevel: optionalText(profileLimits.careerLevel),
  industries: z.array(z.enum(memberIndustries, { error: 'Please choose industries from the list' })).default([]),
  careerFocus: z
    .array(z.string().trim().max(profileLimits.careerFocusItem, profileMessages.tooLong(profileLimits.careerFocusItem)))
    .default([])
    .transform((items) => [...new Set(items.filter(Boolean))])
    .pipe(z.array(z.string()).max(profileLimits.careerFocusCount, profileMessages.tooManyFocus)),
})
export type ProfileInput = z.infer<typeof ProfileInput>
/** What the form holds before parsing (strings and lists as typed). */
export type ProfileFormValues = z.input<typeof ProfileInput>

/** The member's own profile as the API answers it. */
export type ProfileView = {
  id: string
  email: string
  name: string
  firstName: string
  lastName: string
  avatarUrl: string | null
  dateOfBirth: string | null
  gender: (typeof genderValues)[number] | null
  country: (typeof countryCodes)[number] | null
  location: string | null
  company: string | null
  position: string | null
  phoneNumber: string | null
  linkedinUrl: string | null
  website: string | null
  experienceLevel: string | null
  expertiseLevel: string | null
  careerLevel: string | null
  industries: string[]
  careerFocus: string[]
  updatedAt: string
}

// The sign-up city list, offered for the location field
export const locationSuggestions = cities
