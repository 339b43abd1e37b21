import { Hono } from 'hono'
import type { AppEnv } from '#server/platform/context.ts'
import { validate } from '#server/platform/validation.ts'
import { UpdateSignupInput } from '#shared/update-signup/schemas.ts'
import * as updateSignup from './service.ts'

export const updateSignupRoutes = new Hono<AppEnv>().post('/', validate('json', UpdateSignupInput), async (c) =>
  c.json(await updateSignup.signUpForUpdates(c.var.ctx, c.req.valid('json')), 201),
)
