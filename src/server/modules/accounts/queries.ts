import { and, eq, isNull, like, lt, or, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { account, user, verification } from '#server/db/schema/auth.ts'
import { signInAttempts } from '#server/db/schema/accounts.ts'
import { userProfiles } from '#server/db/schema/profile.ts'

export function findUserByEmail(db: Db, email: string) {
  return db.query.user.findFirst({ where: eq(user.email, email) })
}

export function findProfile(db: Db, userId: string) {
  return db.query.userProfiles.findFirst({ where: eq(userProfiles.id, userId) })
}

/**
 * What the session answer says beyond the session itself, as the database has it
 * now: the account's role and flags (the session's copy may be 30 s old) and the
 * profile's name and picture; `profileId` is null while the member has no profile.
 */
export async function findSessionFacts(db: Db, userId: string) {
  const [row] = await db
    .select({
      role: user.role,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      profileId: userProfiles.id,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      avatarUrl: userProfiles.avatarUrl,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, userId))
  return row
}

export type NewMember = {
  id: string
  email: string
  passwordHash: string
  firstName: string
  lastName: string
  role: 'user' | 'admin'
  /** Whether the address counts as proven (decision 014): false for a sign-up until its link is opened. */
  emailVerified: boolean
  location?: string | null
  experienceLevel?: string | null
  industries?: string[]
}

/** The auth user, its password credential and its profile: call inside one transaction. */
export async function insertMemberWithProfile(tx: Db, member: NewMember) {
  await tx.insert(user).values({
    id: member.id,
    name: `${member.firstName} ${member.lastName}`.trim(),
    email: member.email,
    emailVerified: member.emailVerified,
    role: member.role,
  })
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: member.id,
    providerId: 'credential',
    userId: member.id,
    password: member.passwordHash,
  })
  await tx.insert(userProfiles).values({
    id: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    location: member.location ?? null,
    experienceLevel: member.experienceLevel ?? null,
    industries: member.industries ?? [],
  })
}

export function ensureProfile(db: Db, userId: string, firstName: string, lastName: string) {
  return db.insert(userProfiles).values({ id: userId, firstName, lastName }).onConflictDoNothing()
}

// E-mail verification tokens live in better-auth's verification table under an
// identifier of ours: the SHA-256 of the token (a copy of the table opens no
// account), with the user and the address it was sent to (decision 014).
const verifyEmailPrefix = 'verify-email:'

type VerificationTarget = { userId: string; email: string }

// user ids are UUIDs, so the first ':' separates them from the address
const targetValue = (target: VerificationTarget) => `${target.userId}:${target.email}`

function targetOf(value: string): VerificationTarget {
  const separator = value.indexOf(':')
  return { userId: value.slice(0, separator), email: value.slice(separator + 1) }
}

export async function insertEmailVerificationToken(
  db: Db,
  tokenHash: string,
  target: VerificationTarget,
  expiresAt: Date,
) {
  // the member's expired links go as a new one is made
  await db
    .delete(verification)
    .where(
      and(
        like(verification.identifier, `${verifyEmailPrefix}%`),
        eq(verification.value, targetValue(target)),
        lt(verification.expiresAt, new Date()),
      ),
    )
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: `${verifyEmailPrefix}${tokenHash}`,
    value: targetValue(target),
    expiresAt,
  })
}

/** Takes a token out of the table (single use): its target when it had not expired, undefined otherwise. */
export async function consumeEmailVerificationToken(
  db: Db,
  tokenHash: string,
): Promise<VerificationTarget | undefined> {
  const [row] = await db
    .delete(verification)
    .where(eq(verification.identifier, `${verifyEmailPrefix}${tokenHash}`))
    .returning({ value: verification.value, expiresAt: verification.expiresAt })
  if (!row || row.expiresAt <= new Date()) return undefined
  return targetOf(row.value)
}

/** Marks the address verified when it is still the account's address; false when it is not. */
export async function verifyEmailOf(db: Db, target: VerificationTarget): Promise<boolean> {
  const updated = await db
    .update(user)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(user.id, target.userId), eq(user.email, target.email)))
    .returning({ id: user.id })
  return updated.length > 0
}

/** The member's other links: once the address is verified they have nothing left to prove. */
export function deleteEmailVerificationTokens(db: Db, target: VerificationTarget) {
  return db
    .delete(verification)
    .where(and(like(verification.identifier, `${verifyEmailPrefix}%`), eq(verification.value, targetValue(target))))
}

export function setUserRole(db: Db, userId: string, role: 'user' | 'admin') {
  return db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId))
}

export function setCredentialPassword(db: Db, userId: string, passwordHash: string) {
  return db
    .update(account)
    .set({ password: passwordHash, updatedAt: new Date() })
    .where(sql`${account.userId} = ${userId} and ${account.providerId} = 'credential'`)
}

export function recordSuccessfulSignIn(db: Db, userId: string, ip: string) {
  return db
    .update(userProfiles)
    .set({ lastLoginAt: new Date(), lastIpAddress: ip, loginCount: sql`${userProfiles.loginCount} + 1` })
    .where(eq(userProfiles.id, userId))
}

export async function findSignInAttempt(db: Db, email: string) {
  const [row] = await db.select().from(signInAttempts).where(eq(signInAttempts.email, email))
  return row
}

/** Counts one failure atomically; the row locks itself once the count reaches `maxFailures`. */
export async function recordFailedSignIn(db: Db, email: string, maxFailures: number, lockUntil: Date) {
  const now = new Date()
  const [row] = await db
    .insert(signInAttempts)
    .values({ email, failedCount: 1, updatedAt: now, lockedUntil: maxFailures <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: signInAttempts.email,
      set: {
        failedCount: sql`${signInAttempts.failedCount} + 1`,
        lockedUntil: sql`case when ${signInAttempts.failedCount} + 1 >= ${maxFailures} then ${lockUntil.toISOString()}::timestamptz else null end`,
        updatedAt: now,
      },
    })
    .returning()
  return row!
}

export function clearSignInAttempts(db: Db, email: string) {
  return db.delete(signInAttempts).where(eq(signInAttempts.email, email))
}

/**
 * The clean-up job's delete: rows whose lock has run out (the next sign-in would
 * clear them anyway) and failures without a lock last counted before `forgetBefore`.
 */
export async function deleteStaleSignInAttempts(db: Db, now: Date, forgetBefore: Date): Promise<number> {
  const deleted = await db
    .delete(signInAttempts)
    .where(
      or(
        lt(signInAttempts.lockedUntil, now),
        and(isNull(signInAttempts.lockedUntil), lt(signInAttempts.updatedAt, forgetBefore)),
      ),
    )
    .returning({ email: signInAttempts.email })
  return deleted.length
}
