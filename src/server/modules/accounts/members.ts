import { hashPassword } from 'better-auth/crypto'
import { withTransaction, type Db } from '#server/db/client.ts'
import { userSubscriptions } from '#server/db/schema/billing.ts'
import * as queries from './queries.ts'

export type MemberSpec = {
  email: string
  password: string
  firstName: string
  lastName: string
  admin?: boolean
  /**
   * Whether the address counts as verified (decision 014). Demo and test accounts
   * are, unless a test asks for an unverified member (`emailVerified: false`).
   */
  emailVerified?: boolean
  /** An active subscription for `subscribedDays` days from now (demo data and tests). */
  subscribedDays?: number
  /** A hash of `password` made once for many members (tests that need hundreds: hashing takes ~50 ms) */
  passwordHash?: string
  location?: string
  experienceLevel?: string
  industries?: string[]
}

/**
 * Creates a member with a password credential and profile, the same rows as a
 * sign-up. Used by the demo seed, the admin CLI and the tests (ARCHITECTURE.md
 * rule 12: seed and tests share factories).
 */
export async function createMember(db: Db, spec: MemberSpec) {
  const id = crypto.randomUUID()
  const email = spec.email.trim().toLowerCase()
  const passwordHash = spec.passwordHash ?? (await hashPassword(spec.password))
  await withTransaction(db, async (tx) => {
    await queries.insertMemberWithProfile(tx, {
      id,
      email,
      passwordHash,
      firstName: spec.firstName,
      lastName: spec.lastName,
      role: spec.admin ? 'admin' : 'user',
      emailVerified: spec.emailVerified ?? true,
      location: spec.location,
      experienceLevel: spec.experienceLevel,
      industries: spec.industries,
    })
    if (spec.subscribedDays) {
      const now = new Date()
      await tx.insert(userSubscriptions).values({
        userId: id,
        planId: 'full-access',
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + spec.subscribedDays * 86_400_000),
        email,
      })
    }
  })
  return { id, email }
}

/**
 * `npm run admin:create`: promotes an existing account, or creates an admin with the
 * given password. Either way the address counts as verified: whoever runs the
 * command on the server vouches for it (decision 014).
 */
export async function createOrPromoteAdmin(
  db: Db,
  spec: { email: string; password?: string; firstName?: string; lastName?: string },
) {
  const email = spec.email.trim().toLowerCase()
  const existing = await queries.findUserByEmail(db, email)
  if (existing) {
    await queries.setUserRole(db, existing.id, 'admin')
    await queries.verifyEmailOf(db, { userId: existing.id, email })
    if (spec.password) await queries.setCredentialPassword(db, existing.id, await hashPassword(spec.password))
    return { id: existing.id, email, created: false }
  }
  if (!spec.password) throw new Error(`No account uses ${email}; pass --password to create one`)
  const created = await createMember(db, {
    email,
    password: spec.password,
    firstName: spec.firstName ?? 'Admin',
    lastName: spec.lastName ?? '',
    admin: true,
  })
  return { ...created, created: true }
}
