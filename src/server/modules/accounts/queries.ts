import { eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { account, user } from '#server/db/schema/auth.ts'
import { signInAttempts, userProfiles } from '#server/db/schema/accounts.ts'

export function findUserByEmail(db: Db, email: string) {
  return db.query.user.findFirst({ where: eq(user.email, email) })
}

export function findProfile(db: Db, userId: string) {
  return db.query.userProfiles.findFirst({ where: eq(userProfiles.id, userId) })
}

export type NewMember = {
  id: string
  email: string
  passwordHash: string
  firstName: string
  lastName: string
  role: 'user' | 'admin'
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
    emailVerified: false,
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
