import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { userProfiles, userSkillAssessments } from '#server/db/schema/profile.ts'
import { user } from '#server/db/schema/auth.ts'
import type { ProfileInput } from '#shared/profile/schemas.ts'

// Every read and write here is scoped by the member's own id (ARCHITECTURE.md rule 3).

export async function findOwnProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ profile: userProfiles, email: user.email, accountName: user.name })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, userId))
  return row
}

/** spec 001 §5: upsert user_profiles {id, form fields, updated_at}. */
export async function upsertProfile(db: Db, userId: string, input: ProfileInput) {
  const values = { ...input, updatedAt: new Date() }
  await db
    .insert(userProfiles)
    .values({ id: userId, ...values })
    .onConflictDoUpdate({ target: userProfiles.id, set: values })
}

export async function findAvatarUrl(db: Db, userId: string) {
  const [row] = await db
    .select({ avatarUrl: userProfiles.avatarUrl })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId))
  return row?.avatarUrl ?? null
}

export async function setAvatarUrl(db: Db, userId: string, avatarUrl: string | null) {
  const updated = await db
    .update(userProfiles)
    .set({ avatarUrl, updatedAt: new Date() })
    .where(eq(userProfiles.id, userId))
    .returning({ id: userProfiles.id })
  return updated.length > 0
}

export function listSkills(db: Db, userId: string) {
  return db
    .select({
      name: userSkillAssessments.skillName,
      level: userSkillAssessments.proficiencyLevel,
      lastAssessed: userSkillAssessments.lastAssessed,
    })
    .from(userSkillAssessments)
    .where(eq(userSkillAssessments.userId, userId))
    .orderBy(asc(userSkillAssessments.skillName))
}

/** The member's skill names, for the job match (spec 001 §9 match percentage). */
export async function listSkillNames(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: userSkillAssessments.skillName })
    .from(userSkillAssessments)
    .where(eq(userSkillAssessments.userId, userId))
    .orderBy(asc(userSkillAssessments.skillName))
  return rows.map((row) => row.name)
}

/** spec 001 §5: upsert on conflict (user_id, skill_name). */
export async function upsertSkills(db: Db, userId: string, skills: { name: string; level: string }[]) {
  await db
    .insert(userSkillAssessments)
    .values(skills.map((skill) => ({ userId, skillName: skill.name, proficiencyLevel: skill.level })))
    .onConflictDoUpdate({
      target: [userSkillAssessments.userId, userSkillAssessments.skillName],
      set: { proficiencyLevel: sql`excluded.proficiency_level`, lastAssessed: sql`now()` },
    })
}

export async function updateSkillLevel(db: Db, userId: string, name: string, level: string) {
  const updated = await db
    .update(userSkillAssessments)
    .set({ proficiencyLevel: level, lastAssessed: new Date() })
    .where(and(eq(userSkillAssessments.userId, userId), eq(userSkillAssessments.skillName, name)))
    .returning({ name: userSkillAssessments.skillName })
  return updated.length > 0
}

export async function deleteSkill(db: Db, userId: string, name: string) {
  const deleted = await db
    .delete(userSkillAssessments)
    .where(and(eq(userSkillAssessments.userId, userId), eq(userSkillAssessments.skillName, name)))
    .returning({ name: userSkillAssessments.skillName })
  return deleted.length > 0
}

/** A member as a coach sees them (issue 20): profile, address and the account's age; undefined for no such account. */
export async function findMemberOverview(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      accountName: user.name,
      memberSince: user.createdAt,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      avatarUrl: userProfiles.avatarUrl,
      careerLevel: userProfiles.careerLevel,
      location: userProfiles.location,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, userId))
  return row
}
