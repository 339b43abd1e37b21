import { Hono } from 'hono'
import type { AppEnv } from '#server/platform/context.ts'
import { listDevelopmentMail } from './service.ts'

export const devMailRoutes = new Hono<AppEnv>().get('/', async (c) => c.json(await listDevelopmentMail(c.var.ctx)))
