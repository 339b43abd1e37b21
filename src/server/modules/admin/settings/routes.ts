import { Hono } from 'hono'
import type { AppEnv } from '#server/platform/context.ts'
import { validate } from '#server/platform/validation.ts'
import { SettingsCategoryParam, SettingsPatch } from '#shared/admin/settings.ts'
import * as settings from './service.ts'

/** /api/admin/settings: the four cards of /admin/settings (spec 002 §2 Platform settings). */
export const adminSettingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await settings.getAdminSettings(c.var.ctx)))
  // the body first: a malformed one is 'Invalid request format' whatever the path (the bad-input test)
  .patch('/:category', validate('json', SettingsPatch), validate('param', SettingsCategoryParam), async (c) =>
    c.json(await settings.updateSettings(c.var.ctx, c.req.valid('param').category, c.req.valid('json'))),
  )
  .post('/test-email', async (c) => c.json(await settings.sendTestMail(c.var.ctx)))

/** /api/settings: the public part every browser reads (name, maintenance, sign-in options). */
export const publicSettingsRoutes = new Hono<AppEnv>().get('/', async (c) =>
  c.json(await settings.getPublicSettings(c.var.ctx)),
)
