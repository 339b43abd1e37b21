import { createHash } from 'node:crypto'
import { withTransaction } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireUser } from '#server/platform/guards.ts'
import { forgetMember } from '#server/platform/member-cache.ts'
import { normalizePicture } from '#server/platform/pictures.ts'
import type { StoredObject } from '#server/platform/storage.ts'
import { storeThenRecord } from '#server/platform/uploads.ts'
import {
  avatarMaxBytes,
  avatarMaxSide,
  profileMessages,
  type ProfileInput,
  type ProfileView,
} from '#shared/profile/schemas.ts'
import {
  skillMessages,
  type ProficiencyLevel,
  type SkillLevelInput,
  type SkillsInput,
  type SkillView,
} from '#shared/profile/skills.ts'
import * as queries from './queries.ts'
import { displayName, emptyProfileInput, splitAccountName } from '#shared/profile/names.ts'

// The member's own profile, avatar and skills (spec 001 §3, §5, §8, §9). Every
// function works on the signed-in member's id only: no id ever comes from the request.

/**
 * One avatar file per member under a name derived from the id (no column to keep
 * it in): a new upload replaces the old file (spec 001 §4 "old files removed").
 * Hashed because account ids from better-auth may hold upper-case letters, which
 * storage keys do not allow.
 */
export function avatarKey(userId: string): string {
  return `avatars/${createHash('sha256').update(userId).digest('hex').slice(0, 40)}.png`
}

/** The URL the browser loads; the query changes with every upload so caches let go (spec 001 §5). */
function avatarUrl(userId: string) {
  return `/api/profile/avatars/${encodeURIComponent(userId)}?v=${Date.now()}`
}

type ProfileRow = NonNullable<Awaited<ReturnType<typeof queries.findOwnProfile>>>

function toProfileView(userId: string, row: ProfileRow): ProfileView {
  const p = row.profile
  const account = splitAccountName(row.accountName)
  const firstName = p?.firstName || account.firstName
  const lastName = p?.lastName || account.lastName
  return {
    id: userId,
    email: row.email,
    name: displayName(firstName, lastName, row.accountName || row.email),
    firstName,
    lastName,
    avatarUrl: p?.avatarUrl ?? null,
    dateOfBirth: p?.dateOfBirth ?? null,
    gender: (p?.gender as ProfileView['gender']) ?? null,
    country: (p?.country as ProfileView['country']) ?? null,
    location: p?.location ?? null,
    company: p?.company ?? null,
    position: p?.position ?? null,
    phoneNumber: p?.phoneNumber ?? null,
    linkedinUrl: p?.linkedinUrl ?? null,
    website: p?.website ?? null,
    experienceLevel: p?.experienceLevel ?? null,
    expertiseLevel: p?.expertiseLevel ?? null,
    careerLevel: p?.careerLevel ?? null,
    industries: p?.industries ?? [],
    careerFocus: p?.careerFocus ?? [],
    updatedAt: (p?.updatedAt ?? new Date()).toISOString(),
  }
}

export async function getOwnProfile(ctx: Ctx): Promise<ProfileView> {
  const viewer = requireUser(ctx)
  const row = await queries.findOwnProfile(ctx.deps.db, viewer.id)
  if (!row) throw new AppError('UNAUTHORIZED', profileMessages.signedOut)
  return toProfileView(viewer.id, row)
}

export async function updateOwnProfile(ctx: Ctx, input: ProfileInput): Promise<ProfileView> {
  const viewer = requireUser(ctx)
  await withTransaction(ctx.deps.db, (tx) => queries.upsertProfile(tx, viewer.id, input))
  // the session answer shows the name (accounts' session facts)
  forgetMember(ctx.deps, viewer.id)
  return getOwnProfile(ctx)
}

/**
 * spec 001 §8 Avatar and §9: an image by its own bytes, at most 5 MB, turned
 * upright per its EXIF orientation, at most 512 px on the longest side, stored as PNG.
 * Re-encoding also drops whatever else the file carried (metadata, trailing data).
 */
export async function uploadAvatar(ctx: Ctx, file: File | undefined): Promise<ProfileView> {
  const viewer = requireUser(ctx)
  const png = await normalizePicture(
    file,
    {
      maxBytes: avatarMaxBytes,
      maxSide: avatarMaxSide,
      field: 'avatar',
      messages: { tooLarge: profileMessages.avatarTooLarge, notImage: profileMessages.avatarNotImage },
    },
    ctx.logger,
  )
  // the same key every time: the previous picture is replaced, never left behind
  await storeThenRecord(
    ctx,
    { fixedKey: avatarKey(viewer.id), bytes: png, contentType: 'image/png', visibility: 'public' },
    async () => ({
      result: await withTransaction(ctx.deps.db, async (tx) => {
        const row = await queries.findOwnProfile(tx, viewer.id)
        if (!row?.profile)
          await queries.upsertProfile(tx, viewer.id, emptyProfileInput(splitAccountName(row?.accountName)))
        await queries.setAvatarUrl(tx, viewer.id, avatarUrl(viewer.id))
      }),
    }),
  )
  // the session answer shows the picture
  forgetMember(ctx.deps, viewer.id)
  return getOwnProfile(ctx)
}

export async function removeAvatar(ctx: Ctx): Promise<ProfileView> {
  const viewer = requireUser(ctx)
  await withTransaction(ctx.deps.db, (tx) => queries.setAvatarUrl(tx, viewer.id, null))
  forgetMember(ctx.deps, viewer.id)
  // not deleteStoredFile's best effort: GET /avatars/:userId serves whatever file is
  // under the key, so a removal that failed must say so (the member tries again)
  await ctx.deps.storage.delete(avatarKey(viewer.id))
  return getOwnProfile(ctx)
}

/** Any signed-in member may see any member's picture: avatars show in the community (spec 000 §3). */
export async function getAvatar(ctx: Ctx, userId: string): Promise<StoredObject> {
  requireUser(ctx)
  const object = await ctx.deps.storage.get(avatarKey(userId))
  if (!object) throw new AppError('NOT_FOUND', profileMessages.avatarNotFound)
  return object
}

function toSkillView(row: { name: string; level: string; lastAssessed: Date }): SkillView {
  return { name: row.name, level: row.level as ProficiencyLevel, lastAssessed: row.lastAssessed.toISOString() }
}

export async function listOwnSkills(ctx: Ctx): Promise<{ skills: SkillView[] }> {
  const viewer = requireUser(ctx)
  return { skills: (await queries.listSkills(ctx.deps.db, viewer.id)).map(toSkillView) }
}

export async function saveOwnSkills(ctx: Ctx, input: SkillsInput): Promise<{ skills: SkillView[]; message: string }> {
  const viewer = requireUser(ctx)
  await withTransaction(ctx.deps.db, (tx) => queries.upsertSkills(tx, viewer.id, input.skills))
  // other areas derive from the skills (the job board's match)
  forgetMember(ctx.deps, viewer.id)
  return { ...(await listOwnSkills(ctx)), message: skillMessages.skillsUpdated }
}

export async function updateOwnSkill(
  ctx: Ctx,
  name: string,
  input: SkillLevelInput,
): Promise<{ skills: SkillView[]; message: string }> {
  const viewer = requireUser(ctx)
  const found = await withTransaction(ctx.deps.db, (tx) => queries.updateSkillLevel(tx, viewer.id, name, input.level))
  if (!found) throw new AppError('NOT_FOUND', skillMessages.skillNotFound)
  return { ...(await listOwnSkills(ctx)), message: skillMessages.skillUpdated }
}

export async function deleteOwnSkill(ctx: Ctx, name: string): Promise<{ skills: SkillView[]; message: string }> {
  const viewer = requireUser(ctx)
  const found = await withTransaction(ctx.deps.db, (tx) => queries.deleteSkill(tx, viewer.id, name))
  forgetMember(ctx.deps, viewer.id)
  if (!found) throw new AppError('NOT_FOUND', skillMessages.skillNotFound)
  return { ...(await listOwnSkills(ctx)), message: skillMessages.skillDeleted }
}
