import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { AppEnv } from '#server/platform/context.ts'
import { uploadForm } from '#server/platform/uploads.ts'
import { validate } from '#server/platform/validation.ts'
import {
  AdminCommentInput,
  adminUserMessages,
  CreateUserInput,
  SetAdminInput,
  UserImportInput,
  userImportMaxBytes,
  userImportMessages,
  UserListQuery,
} from '#shared/admin/users.ts'
import * as imports from './import.ts'
import * as users from './service.ts'

/** A user's id in the path: text ids (better-auth makes its own for Google sign-ups); anything else names no user (404). */
const UserParams = z.object({ userId: z.string().regex(/^[\w-]{1,128}$/) })

const userParam = Object.assign(
  zValidator('param', UserParams, (result) => {
    if (!result.success) throw new AppError('NOT_FOUND', adminUserMessages.notFound)
  }),
  // the route tooling (testing/routes.ts) reads what each route validates
  { validates: { target: 'param' as const, schema: UserParams } },
)

const ImportParams = z.object({ importId: z.uuid() })
const importParam = Object.assign(
  zValidator('param', ImportParams, (result) => {
    if (!result.success) throw new AppError('NOT_FOUND', userImportMessages.notFound)
  }),
  { validates: { target: 'param' as const, schema: ImportParams } },
)

// spec 002 §5: the CSV upload ('Please upload a CSV file')
const csvForm = uploadForm({
  files: ['file'],
  maxFileBytes: userImportMaxBytes,
  messages: { tooLarge: userImportMessages.tooLarge, unreadable: userImportMessages.notCsv },
})

// /api/admin/users, admins only (the access table, and every service asks again):
// spec 002 §2 User management (issue 22). The delete is composed with the other
// areas in src/server/compose/user-deletion (its route is mounted on this prefix too).
// Fixed paths come before '/:userId', which would take them as an id.
export const adminUserRoutes = new Hono<AppEnv>()
  .get('/', validate('query', UserListQuery), async (c) =>
    c.json(await users.listUsers(c.var.ctx, c.req.valid('query'))),
  )
  .post('/', validate('json', CreateUserInput), async (c) =>
    c.json(await users.createUser(c.var.ctx, c.req.valid('json')), 201),
  )
  .get('/export.csv', (c) => users.exportUsers(c.var.ctx))
  // multipart: `file`; kept privately until the import has run
  .post('/import/preview', csvForm.limit, async (c) => {
    const { files } = await csvForm.read(c)
    return c.json(await imports.previewUserImport(c.var.ctx, files.file), 201)
  })
  .post('/import', validate('json', UserImportInput), async (c) =>
    c.json(await imports.startUserImport(c.var.ctx, c.req.valid('json')), 202),
  )
  .get('/imports/:importId', importParam, async (c) =>
    c.json(await imports.getUserImport(c.var.ctx, c.req.valid('param').importId)),
  )
  .get('/:userId', userParam, async (c) => c.json(await users.getUserDetails(c.var.ctx, c.req.valid('param').userId)))
  .put('/:userId/admin', userParam, validate('json', SetAdminInput), async (c) =>
    c.json(await users.setAdmin(c.var.ctx, c.req.valid('param').userId, c.req.valid('json'))),
  )
  .post('/:userId/invitation', userParam, async (c) =>
    c.json(await users.resendInvitation(c.var.ctx, c.req.valid('param').userId), 202),
  )
  .get('/:userId/comments', userParam, async (c) =>
    c.json(await users.listAdminComments(c.var.ctx, c.req.valid('param').userId)),
  )
  .post('/:userId/comments', userParam, validate('json', AdminCommentInput), async (c) =>
    c.json(await users.addAdminComment(c.var.ctx, c.req.valid('param').userId, c.req.valid('json')), 201),
  )
