import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { accountInvitations } from '#server/db/schema/admin.ts'
import { account, user } from '#server/db/schema/auth.ts'

// Invitations of accounts an admin made (issue 22; docs/decisions/031): the admin
// area writes them (a token's SHA-256, valid until `expires_at`); the accounts area
// reads one back when its link is opened, and uses it once.

export async function findInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      userId: accountInvitations.userId,
      expiresAt: accountInvitations.expiresAt,
      acceptedAt: accountInvitations.acceptedAt,
    })
    .from(accountInvitations)
    .where(eq(accountInvitations.tokenHash, tokenHash))
  return row
}

/**
 * Uses the invitation: marks it accepted if it was neither used nor expired, in one
 * statement, so two pages sending the same link at once accept it once. The user,
 * or undefined when it could not be used.
 */
export async function acceptInvitation(tx: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await tx
    .update(accountInvitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(accountInvitations.tokenHash, tokenHash),
        isNull(accountInvitations.acceptedAt),
        sql`${accountInvitations.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ userId: accountInvitations.userId })
  return row?.userId
}

/** The user's other links stop working: the account has its password now. */
export function expireOtherInvitations(tx: Db, userId: string, now: Date) {
  return tx
    .update(accountInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(accountInvitations.userId, userId),
        isNull(accountInvitations.acceptedAt),
        sql`${accountInvitations.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
}

/** The password credential better-auth signs in with: set on the one there is, made when there is none. */
export async function setPassword(tx: Db, userId: string, passwordHash: string) {
  const now = new Date()
  const updated = await tx
    .update(account)
    .set({ password: passwordHash, updatedAt: now })
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    .returning({ id: account.id })
  if (updated.length > 0) return
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: passwordHash,
  })
}

/** The invitation reached this address: it counts as verified (decision 014). */
export async function markVerified(tx: Db, userId: string) {
  const [row] = await tx
    .update(user)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning({ id: user.id, email: user.email })
  return row
}
