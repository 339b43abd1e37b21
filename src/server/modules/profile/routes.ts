import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { AppEnv } from '#server/platform/context.ts'
import { objectResponse } from '#server/platform/storage.ts'
import { validate } from '#server/platform/validation.ts'
import { avatarCacheSeconds, avatarMaxBytes, ProfileInput, profileMessages } from '#shared/profile/schemas.ts'
import { SkillLevelInput, SkillParams, SkillsInput } from '#shared/profile/skills.ts'
import * as profile from './service.ts'

// The whole request is refused before it is read past the avatar limit (spec 001 §9: 5 MB).
const avatarBodyLimit = bodyLimit({
  maxSize: avatarMaxBytes + 64 * 1024,
  onError: () => {
    throw new AppError('VALIDATION', profileMessages.avatarTooLarge, { avatar: profileMessages.avatarTooLarge })
  },
})

const AvatarParams = z.object({ userId: z.string().min(1).max(128) })

// Own-profile paths carry no id: the member is always the session's (spec 001 §6).
export const profileRoutes = new Hono<AppEnv>()
  .get('/me', async (c) => c.json(await profile.getOwnProfile(c.var.ctx)))
  .put('/me', validate('json', ProfileInput), async (c) =>
    c.json(await profile.updateOwnProfile(c.var.ctx, c.req.valid('json'))),
  )
  // multipart: `avatar` (the image file)
  .post('/me/avatar', avatarBodyLimit, async (c) => {
    const form = await c.req.parseBody().catch(() => {
      throw new AppError('VALIDATION', profileMessages.avatarUploadFailed)
    })
    return c.json(await profile.uploadAvatar(c.var.ctx, form.avatar instanceof File ? form.avatar : undefined))
  })
  .delete('/me/avatar', async (c) => c.json(await profile.removeAvatar(c.var.ctx)))
  .get('/avatars/:userId', validate('param', AvatarParams), async (c) =>
    objectResponse(await profile.getAvatar(c.var.ctx, c.req.valid('param').userId), avatarCacheSeconds),
  )
  .get('/me/skills', async (c) => c.json(await profile.listOwnSkills(c.var.ctx)))
  .put('/me/skills', validate('json', SkillsInput), async (c) =>
    c.json(await profile.saveOwnSkills(c.var.ctx, c.req.valid('json'))),
  )
  .patch('/me/skills/:name', validate('param', SkillParams), validate('json', SkillLevelInput), async (c) =>
    c.json(await profile.updateOwnSkill(c.var.ctx, c.req.valid('param').name, c.req.valid('json'))),
  )
  .delete('/me/skills/:name', validate('param', SkillParams), async (c) =>
    c.json(await profile.deleteOwnSkill(c.var.ctx, c.req.valid('param').name)),
  )
