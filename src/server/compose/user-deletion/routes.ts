import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { AppEnv } from '#server/platform/context.ts'
import { adminUserMessages } from '#shared/admin/users.ts'
import { deleteUser } from './service.ts'

// Account ids as better-auth and our factories write them (letters, digits, '-', '_').
const UserParams = z.object({ userId: z.string().regex(/^[\w-]{1,128}$/) })

/** Anything that is no account id names no user: the same 404 as an unknown one. */
const userParam = Object.assign(
  zValidator('param', UserParams, (result) => {
    if (!result.success) throw new AppError('NOT_FOUND', adminUserMessages.notFound)
  }),
  // the route tooling (testing/routes.ts) reads what each route validates
  { validates: { target: 'param' as const, schema: UserParams } },
)

// /api/admin/users/{id} DELETE (admins only), mounted beside the admin area's own
// user routes: the delete reaches every area, so it is composed above them.
export const userDeletionRoutes = new Hono<AppEnv>().delete('/:userId', userParam, async (c) => {
  await deleteUser(c.var.ctx, c.req.valid('param').userId)
  return c.body(null, 204)
})
