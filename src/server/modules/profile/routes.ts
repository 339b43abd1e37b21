import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '#server/platform/context.ts'
import { objectResponse } from '#server/platform/storage.ts'
import { uploadForm } from '#server/platform/uploads.ts'
import { validate } from '#server/platform/validation.ts'
import { avatarCacheSeconds, avatarMaxBytes, ProfileInput, profileMessages } from '#shared/profile/schemas.ts'
import { SkillLevelInput, SkillParams, SkillsInput } from '#shared/profile/skills.ts'
import * as profile from './service.ts'

// the avatar form: one image (spec 001 §9: 5 MB)
const avatarForm = uploadForm({
  files: ['avatar'],
  maxFileBytes: avatarMaxBytes,
  messages: { tooLarge: profileMessages.avatarTooLarge, unreadable: profileMessages.avatarUploadFailed },
})

const AvatarParams = z.object({ userId: z.string().min(1).max(128) })

// Own-profile paths carry no id: the member is always the session's (spec 001 §6).
export const profileRoutes = new Hono<AppEnv>()
  .get('/me', async (c) => c.json(await profile.getOwnProfile(c.var.ctx)))
  .put('/me', validate('json', ProfileInput), async (c) =>
    c.json(await profile.updateOwnProfile(c.var.ctx, c.req.valid('json'))),
  )
  .post('/me/avatar', avatarForm.limit, async (c) => {
    const { files } = await avatarForm.read(c)
    return c.json(await profile.uploadAvatar(c.var.ctx, files.avatar))
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
