import { count } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { user } from '#server/db/schema/auth.ts'
import { createMember, type MemberSpec } from '#server/modules/accounts/members.ts'

// Demo accounts of the embedded default (README). They exist only in a demo
// database seeded on first start, never in a real deployment (SEED_DEMO_DATA).
export const demoAccounts = [
  { role: 'admin', email: 'admin@demo.prestigelabs.local', password: 'DemoAdmin2026', firstName: 'Avery', lastName: 'Admin', admin: true },
  { role: 'subscribed member', email: 'member@demo.prestigelabs.local', password: 'DemoMember2026', firstName: 'Morgan', lastName: 'Lee', subscribedDays: 30, location: 'Toronto', experienceLevel: 'Mid-Level', industries: ['Technology', 'Finance'] },
  { role: 'free member', email: 'free@demo.prestigelabs.local', password: 'DemoFree2026', firstName: 'Riley', lastName: 'Chen', location: 'Boston', experienceLevel: 'Early Career', industries: ['Education'] },
] as const satisfies ReadonlyArray<MemberSpec & { role: string }>

/** Seeds the demo accounts into an empty database; returns false when the database already had users. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(user)
  if ((row?.users ?? 0) > 0) return false
  for (const { role: _role, ...spec } of demoAccounts) await createMember(db, spec as MemberSpec)
  return true
}
