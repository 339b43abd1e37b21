import type { MemberSpec } from '#server/modules/accounts/members.ts'
import { anonymousViewer, type Viewer } from '#shared/access.ts'

/** One of the four roles a walk over the pages takes: who they are to the access table, and the account they sign in with. */
export type WalkingRole = { name: string; viewer: Viewer; account?: MemberSpec }

/**
 * Visitor, free member, subscriber and admin, with accounts of their own for the
 * test file naming them (`prefix` keeps the addresses apart between files).
 */
export function walkingRoles(prefix: string): WalkingRole[] {
  const account = (role: string, firstName: string, extra: Partial<MemberSpec> = {}): MemberSpec => ({
    email: `${prefix}-${role}@example.com`,
    password: `${prefix[0]!.toUpperCase()}${prefix.slice(1)}-${role}-Pass-1`,
    firstName,
    lastName: 'Walker',
    ...extra,
  })
  return [
    { name: 'visitor', viewer: anonymousViewer },
    {
      name: 'free member',
      viewer: { signedIn: true, subscribed: false, isAdmin: false },
      account: account('free', 'Fay'),
    },
    {
      name: 'subscriber',
      viewer: { signedIn: true, subscribed: true, isAdmin: false },
      account: account('subscriber', 'Sue', { subscribedDays: 30 }),
    },
    {
      name: 'admin',
      viewer: { signedIn: true, subscribed: true, isAdmin: true },
      account: account('admin', 'Ada', { admin: true }),
    },
  ]
}
