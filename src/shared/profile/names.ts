import type { ProfileInput } from './schemas.ts'

// A member's names. An account has one name field (better-auth's `name`: sign-up's
// "first last", Google's display name); the profile has two. Where the profile has
// none yet, the account's name is split: the first word, then the rest (spec 000 §3,
// a profile made on first load).

export type MemberNames = { firstName: string; lastName: string }

/** The name a person reads: the profile's names, else `fallback` (the account's name, the address). */
export function displayName(first: string | null | undefined, last: string | null | undefined, fallback: string) {
  return [first, last].filter(Boolean).join(' ').trim() || fallback
}

/** The account's name in two: its first word and the rest. */
export function splitAccountName(name: string | null | undefined): MemberNames {
  const [firstName = '', ...rest] = (name ?? '').trim().split(/\s+/)
  return { firstName, lastName: rest.join(' ') }
}

/** The profile's names; the account's name split in two when the profile has neither. */
export function memberNames(
  profile: { firstName: string | null; lastName: string | null },
  accountName: string | null | undefined,
): MemberNames {
  if (profile.firstName || profile.lastName)
    return { firstName: profile.firstName ?? '', lastName: profile.lastName ?? '' }
  return splitAccountName(accountName)
}

/** A profile with `names` and nothing else filled in. */
export function emptyProfileInput({ firstName, lastName }: MemberNames): ProfileInput {
  return {
    firstName,
    lastName,
    dateOfBirth: null,
    gender: null,
    country: null,
    location: null,
    company: null,
    position: null,
    phoneNumber: null,
    linkedinUrl: null,
    website: null,
    experienceLevel: null,
    expertiseLevel: null,
    careerLevel: null,
    industries: [],
    careerFocus: [],
  }
}
