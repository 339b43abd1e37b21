import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { AppEnv } from '#server/platform/context.ts'
import { uploadForm } from '#server/platform/uploads.ts'
import { validate } from '#server/platform/validation.ts'
import { layoffImportMaxBytes } from '#shared/layoffs/constants.ts'
import { layoffImportMessages, layoffWatchMessages } from '#shared/layoffs/messages.ts'
import {
  LayoffFilters,
  LayoffImportInput,
  LayoffImportListQuery,
  LayoffListQuery,
  LayoffWatchInput,
} from '#shared/layoffs/schemas.ts'
import * as imports from './import-service.ts'
import * as layoffs from './service.ts'
import * as watches from './watch-service.ts'

const ImportParams = z.object({ importId: z.uuid() })
const WatchParams = z.object({ watchId: z.uuid() })

/** An import's id in the path: anything that is no id names no import (404, as a missing one). */
const importParam = Object.assign(
  zValidator('param', ImportParams, (result) => {
    if (!result.success) throw new AppError('NOT_FOUND', 'Import not found')
  }),
  // the route tooling (testing/routes.ts) reads what each route validates
  { validates: { target: 'param' as const, schema: ImportParams } },
)

/** A watch's id in the path: anything that is no id names no watch (404, as another member's). */
const watchParam = Object.assign(
  zValidator('param', WatchParams, (result) => {
    if (!result.success) throw new AppError('NOT_FOUND', layoffWatchMessages.notFound)
  }),
  { validates: { target: 'param' as const, schema: WatchParams } },
)

// spec 002 §5: the CSV upload ('Please upload a CSV file'), with one state for the whole file (issue 19)
const csvForm = uploadForm({
  files: ['file'],
  text: ['stateForFile'],
  maxFileBytes: layoffImportMaxBytes,
  messages: { tooLarge: layoffImportMessages.tooLarge, unreadable: layoffImportMessages.notCsv },
})

// /api/layoffs (subscribers and admins; the teaser for visitors): spec 002 §2 Layoff
// tracker, spec 000 §1 landing teaser (issue 19).
export const layoffRoutes = new Hono<AppEnv>()
  .get('/', validate('query', LayoffListQuery), async (c) =>
    c.json(await layoffs.listLayoffs(c.var.ctx, c.req.valid('query'))),
  )
  .get('/stats', validate('query', LayoffFilters), async (c) =>
    c.json(await layoffs.layoffStats(c.var.ctx, c.req.valid('query'))),
  )
  .get('/export.csv', validate('query', LayoffFilters), async (c) =>
    layoffs.exportLayoffs(c.var.ctx, c.req.valid('query')),
  )
  .get('/latest', async (c) => c.json(await layoffs.latestLayoffs(c.var.ctx)))
  // the member's watches: a mail when an import brings new notices for them (issue 19)
  .get('/watches', async (c) => c.json(await watches.listWatches(c.var.ctx)))
  .post('/watches', validate('json', LayoffWatchInput), async (c) =>
    c.json(await watches.addWatch(c.var.ctx, c.req.valid('json')), 201),
  )
  .delete('/watches/:watchId', watchParam, async (c) => {
    await watches.removeWatch(c.var.ctx, c.req.valid('param').watchId)
    return c.body(null, 204)
  })

// /api/admin/layoffs (admins only): the CSV import, its history, report and undo.
export const adminLayoffRoutes = new Hono<AppEnv>()
  .get('/imports', validate('query', LayoffImportListQuery), async (c) =>
    c.json(await imports.listImports(c.var.ctx, c.req.valid('query'))),
  )
  // multipart: `file` and optional `stateForFile`; the file is kept privately for the import
  .post('/imports/preview', csvForm.limit, async (c) => {
    const { files, text } = await csvForm.read(c)
    return c.json(await imports.previewImport(c.var.ctx, files.file, text.stateForFile), 201)
  })
  .post('/imports', validate('json', LayoffImportInput), async (c) =>
    c.json(await imports.startImport(c.var.ctx, c.req.valid('json')), 202),
  )
  .get('/imports/:importId', importParam, async (c) =>
    c.json(await imports.getImport(c.var.ctx, c.req.valid('param').importId)),
  )
  .get('/imports/:importId/skipped.csv', importParam, async (c) =>
    imports.skippedCsv(c.var.ctx, c.req.valid('param').importId),
  )
  .get('/imports/:importId/file', importParam, async (c) =>
    imports.importFileResponse(c.var.ctx, c.req.valid('param').importId),
  )
  .post('/imports/:importId/undo', importParam, async (c) =>
    c.json(await imports.undoImport(c.var.ctx, c.req.valid('param').importId)),
  )
