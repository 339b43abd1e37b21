import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { AppEnv } from '#server/platform/context.ts'
import { genericMessages } from '#shared/errors.ts'
import { getMemberContext } from './service.ts'

// Account ids as better-auth and our factories write them (letters, digits, '-', '_').
const MemberParams = z.object({ memberId: z.string().regex(/^[\w-]{1,128}$/) })

/** Anything that is no account id names no member: the same 404 as an unknown one. */
const memberParam = Object.assign(
  zValidator('param', MemberParams, (result) => {
    if (!result.success) throw new AppError('NOT_FOUND', genericMessages.notFound)
  }),
  // the route tooling (testing/routes.ts) reads what each route validates
  { validates: { target: 'param' as const, schema: MemberParams } },
)

// /api/admin/chat (admins only): the coach's view of the member beside a
// conversation (issue 20), composed from the areas' coach services.
export const adminChatRoutes = new Hono<AppEnv>().get('/members/:memberId/context', memberParam, async (c) =>
  c.json(await getMemberContext(c.var.ctx, c.req.valid('param').memberId)),
)
