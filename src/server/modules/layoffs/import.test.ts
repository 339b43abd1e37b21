import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inArray, like } from 'drizzle-orm'
import { layoffRecords } from '#server/db/schema/layoffs.ts'
import { openEventStream, type ReceivedEvent } from '#server/testing/event-stream.ts'
import { fixturePath } from '#server/testing/files.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import type { LayoffImportPreview, LayoffImportView } from '#shared/layoffs/schemas.ts'
import { layoffSkipReasonMessages } from '#shared/layoffs/messages.ts'
import { importFaults } from './import-service.ts'

// The layoff CSV import through the API (issue 19; spec 002 §5, §8): preview, mapping,
// the job, counts, re-import, undo, refusals, progress and all-or-nothing. On
// PostgreSQL every test file shares one database: each test reads its own import's
// counts and its own companies.

let t: TestApp
let admin: TestClient
let subscriber: TestClient

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.signedIn({ admin: true })
  subscriber = await t.signedIn({ subscribed: true })
})
afterAll(async () => t?.close())

function csvForm(content: string | Uint8Array, name = 'notices.csv', stateForFile?: string) {
  const form = new FormData()
  form.set(
    'file',
    new File([typeof content === 'string' ? content : new Uint8Array(content)], name, { type: 'text/csv' }),
  )
  if (stateForFile) form.set('stateForFile', stateForFile)
  return form
}

async function preview(content: string | Uint8Array, name?: string, stateForFile?: string) {
  const response = await admin.post('/api/admin/layoffs/imports/preview', csvForm(content, name, stateForFile))
  return { response, body: (await response.json()) as LayoffImportPreview & { error?: { message: string } } }
}

/** preview -> the suggested mapping (with `change`) -> import -> the job settled -> the import */
async function importCsv(
  content: string | Uint8Array,
  options: { name?: string; stateForFile?: string; change?: (p: LayoffImportPreview) => object } = {},
) {
  const { response, body } = await preview(content, options.name, options.stateForFile)
  expect(response.status, JSON.stringify(body)).toBe(201)
  const started = await admin.post('/api/admin/layoffs/imports', {
    uploadId: body.uploadId,
    fileName: body.fileName,
    mapping: { ...body.suggestedMapping, ...options.change?.(body) },
    stateForFile: options.stateForFile ?? null,
  })
  expect(started.status, await started.clone().text()).toBe(202)
  const queued = (await started.json()) as LayoffImportView
  await t.jobsSettled(['layoff-import'], 30_000)
  const done = await admin.get(`/api/admin/layoffs/imports/${queued.id}`)
  return (await done.json()) as LayoffImportView
}

const fixture = (...parts: string[]) => new Uint8Array(readFileSync(fixturePath(...parts)))
const mark = () => `T${Math.random().toString(36).slice(2, 8)}`

describe('importing the real files', () => {
  // the counts of fixtures.test.ts: records, identical rows merged, other rows of a notice added, skipped
  const files = [
    { file: 'districtcolumbia_warn_raw.csv', state: 'DC', records: 67, merged: 0, combined: 0, skipped: 1 },
    { file: 'florida_warn_raw.csv', state: 'FL', records: 906, merged: 143, combined: 13, skipped: 0 },
    { file: 'michigan_warn_raw.csv', state: 'MI', records: 472, merged: 1, combined: 3, skipped: 12 },
    { file: 'oregon_warn_raw.csv', state: 'OR', records: 463, merged: 0, combined: 5, skipped: 411 },
    { file: 'southdakota_warn_raw.csv', state: 'SD', records: 50, merged: 0, combined: 1, skipped: 1 },
    { file: 'tennessee_warn_raw.csv', state: 'TN', records: 274, merged: 0, combined: 11, skipped: 5 },
    { file: 'wisconsin_warn_raw.csv', state: 'WI', records: 455, merged: 5, combined: 15, skipped: 5 },
    { file: 'maryland_warn_raw.csv', state: undefined, records: 411, merged: 95, combined: 171, skipped: 49 },
  ]
  const done = new Map<string, LayoffImportView>()

  test.each(files)('$file imports with the suggested mapping and the right counts', async (expected) => {
    const result = await importCsv(fixture('warn', expected.file), {
      name: expected.file,
      stateForFile: expected.state,
    })
    done.set(expected.file, result)
    expect(result).toMatchObject({
      status: 'done',
      fileName: expected.file,
      skipped: expected.skipped,
      duplicatesMerged: expected.merged,
      rowsCombined: expected.combined,
      message: `Successfully imported ${expected.records} records`,
    })
    expect(result.imported + result.updated).toBe(expected.records)
  })

  test('layoffs.fyi: the location column stands in for the state', async () => {
    const result = await importCsv(fixture('layoffs_fyi', 'layoffs.csv'), {
      change: (p) => ({ state: p.header.indexOf('location') }),
    })
    expect(result).toMatchObject({ status: 'done', skipped: 2348, rowsCombined: 1 })
    expect(result.imported + result.updated).toBe(12)
  })

  test('the skipped rows download with their reasons, and the original file', async () => {
    const oregon = done.get('oregon_warn_raw.csv')!
    // the report's counts by reason, most first, in the words of the skipped-rows file
    const view = (await (await admin.get(`/api/admin/layoffs/imports/${oregon.id}`)).json()) as LayoffImportView
    expect(view.skippedByReason).toEqual([
      { reason: 'missingDate', message: layoffSkipReasonMessages.missingDate, count: 395 },
      { reason: 'missingWorkers', message: layoffSkipReasonMessages.missingWorkers, count: 16 },
    ])
    const report = await admin.get(`/api/admin/layoffs/imports/${oregon.id}/skipped.csv`)
    expect(report.status).toBe(200)
    expect(report.headers.get('content-type')).toContain('text/csv')
    const bytes = new Uint8Array(await report.arrayBuffer())
    // a BOM, so that Excel reads UTF-8
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    expect(text.startsWith('"Line","Reason"')).toBe(true)
    expect(text.split('\r\n').filter((line) => line.includes('The layoff date is missing'))).toHaveLength(395)
    const original = await admin.get(`/api/admin/layoffs/imports/${oregon.id}/file`)
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(fixture('warn', 'oregon_warn_raw.csv'))
    // the history, newest first
    const history = (await (await admin.get('/api/admin/layoffs/imports')).json()) as { imports: LayoffImportView[] }
    const ids = history.imports.map((item) => item.id)
    expect(ids.indexOf(oregon.id)).toBeGreaterThan(ids.indexOf(done.get('maryland_warn_raw.csv')!.id))
  })

  test('the same file again updates its records instead of doubling them', async () => {
    const first = done.get('districtcolumbia_warn_raw.csv')!
    const again = await importCsv(fixture('warn', 'districtcolumbia_warn_raw.csv'), { stateForFile: 'DC' })
    expect(again).toMatchObject({ status: 'done', imported: 0, updated: 67 })
    const mine = await t.db
      .select()
      .from(layoffRecords)
      .where(inArray(layoffRecords.importId, [first.id, again.id]))
    expect(mine).toHaveLength(67)
    expect(mine.every((record) => record.importId === again.id)).toBe(true)
    // undone, the records are the first import's again
    expect((await admin.post(`/api/admin/layoffs/imports/${again.id}/undo`)).status).toBe(200)
    const back = await t.db
      .select()
      .from(layoffRecords)
      .where(inArray(layoffRecords.importId, [first.id, again.id]))
    expect(back.filter((record) => record.importId === first.id)).toHaveLength(67)
  })
})

describe('undo', () => {
  test('created records go, updated ones get their values back; only the latest import may be undone', async () => {
    const m = mark()
    const a = await importCsv(
      `Company,State,Workers,Date,Notes\n${m} Alpha,TX,10,2024-01-05,first\n${m} Beta,TX,5,2024-01-06,\n`,
    )
    expect(a).toMatchObject({ imported: 2, updated: 0 })
    const b = await importCsv(
      `Company,State,Workers,Date,Notes\n${m} Alpha Inc.,TX,20,1/5/2024,second\n${m} Gamma,TX,7,2024-01-07,\n`,
    )
    expect(b).toMatchObject({ imported: 1, updated: 1 })
    const records = () =>
      t.db
        .select()
        .from(layoffRecords)
        .where(like(layoffRecords.company, `${m}%`))
    expect((await records()).find((r) => r.companyKey.endsWith('alpha'))).toMatchObject({ workersAffected: 20 })

    const refused = await admin.post(`/api/admin/layoffs/imports/${a.id}/undo`)
    expect(refused.status).toBe(409)
    expect((await refused.json()).error.message).toBe(
      'A later import changed some of the same records; undo the later import first',
    )

    const undone = await admin.post(`/api/admin/layoffs/imports/${b.id}/undo`)
    expect(undone.status).toBe(200)
    expect(await undone.json()).toMatchObject({ status: 'undone', canUndo: false })
    const afterB = await records()
    expect(afterB.map((r) => [r.company, r.workersAffected, r.notes]).sort()).toEqual([
      [`${m} Alpha`, 10, 'first'],
      [`${m} Beta`, 5, null],
    ])
    expect((await admin.post(`/api/admin/layoffs/imports/${b.id}/undo`)).status).toBe(409)
    expect((await admin.post(`/api/admin/layoffs/imports/${a.id}/undo`)).status).toBe(200)
    expect(await records()).toEqual([])

    const audit = await admin.get(`/api/admin/audit?action=layoff.import.undo`)
    expect(audit.status).toBe(200)
    expect(JSON.stringify(await audit.json())).toContain(a.id)
  })
})

describe('refusals', () => {
  test("a file that is not a CSV: 'Please upload a CSV file'", async () => {
    const byName = await preview('Company,State\nA,TX\n', 'notices.txt')
    expect(byName.response.status).toBe(400)
    expect(byName.body.error?.message).toBe('Please upload a CSV file')
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    const byContent = await preview(new Uint8Array(png), 'picture.csv')
    expect(byContent.response.status).toBe(400)
    expect(byContent.body.error?.message).toBe('Please upload a CSV file')
  })

  test("an empty file: 'CSV file is empty'", async () => {
    for (const content of ['\n \n', 'Company,State,Workers,Date\n']) {
      const { response, body } = await preview(content)
      expect(response.status).toBe(400)
      expect(body.error?.message).toBe('CSV file is empty')
    }
  })

  test("no row is a record: 'No valid records found in CSV'; missing columns are named", async () => {
    const { body } = await preview('Company,State,Workers,Date\nAcme,Atlantis,0,soon\n')
    const none = await admin.post('/api/admin/layoffs/imports', {
      uploadId: body.uploadId,
      mapping: body.suggestedMapping,
      stateForFile: null,
    })
    expect(none.status).toBe(400)
    expect((await none.json()).error.message).toBe('No valid records found in CSV')

    const missing = await admin.post('/api/admin/layoffs/imports', {
      uploadId: body.uploadId,
      mapping: { ...body.suggestedMapping, company: null, layoffDate: null },
      stateForFile: null,
    })
    expect(missing.status).toBe(400)
    expect((await missing.json()).error.message).toBe('Missing required columns: Company, Layoff date')

    const noState = await admin.post('/api/admin/layoffs/imports', {
      uploadId: body.uploadId,
      mapping: { ...body.suggestedMapping, state: null },
      stateForFile: null,
    })
    expect((await noState.json()).error.message).toBe('Choose the state column or one state for the whole file')
  })

  test('members and subscribers may not import', async () => {
    expect((await subscriber.post('/api/admin/layoffs/imports/preview', csvForm('a,b\n1,2\n'))).status).toBe(403)
    expect((await subscriber.get('/api/admin/layoffs/imports')).status).toBe(403)
    expect((await t.client().get('/api/admin/layoffs/imports')).status).toBe(401)
  })
})

const rowsOf = (m: string, count: number) =>
  `Company,State,Workers,Date\n${Array.from({ length: count }, (_, i) => `${m} Co ${i},OH,${i + 1},2023-03-${String((i % 28) + 1).padStart(2, '0')}`).join('\n')}\n`

describe('progress and all or nothing', () => {
  test("progress reaches an admin's stream, not a subscriber's; the change reaches both", async () => {
    const m = mark()
    const adminStream = await openEventStream(admin)
    const memberStream = await openEventStream(subscriber)
    const hello = (e: ReceivedEvent) => (e.data as { control?: string }).control === 'hello'
    await Promise.all([adminStream.next(hello), memberStream.next(hello)])
    const result = await importCsv(rowsOf(m, 250))
    expect(result).toMatchObject({ status: 'done', imported: 250 })
    type Payload = { type?: string; data?: { importId?: string; processed?: number; message?: string } }
    const of = (e: ReceivedEvent) => e.data as Payload
    const mine = (type: string) => (e: ReceivedEvent) => of(e).type === type && of(e).data?.importId === result.id
    await adminStream.next(mine('layoffs.changed'))
    await memberStream.next(mine('layoffs.changed'))
    const progress = adminStream.received.filter(mine('layoffs.import.progress')).map((e) => of(e).data?.message)
    expect(progress.at(-1)).toBe('Processed 250 of 250 records')
    expect(adminStream.received.filter(mine('layoffs.import.progress')).every((e) => e.id === undefined)).toBe(true)
    expect(memberStream.received.some(mine('layoffs.import.progress'))).toBe(false)
    expect(memberStream.received.some(mine('layoffs.import.finished'))).toBe(false)
    await Promise.all([adminStream.close(), memberStream.close()])
  })

  test('an import failing half-way leaves no record and is marked failed', async () => {
    const m = mark()
    importFaults.afterFirstBatch = () => {
      throw new Error('disk on fire')
    }
    try {
      const result = await importCsv(rowsOf(m, 150))
      expect(result).toMatchObject({ status: 'failed', error: 'Failed to import records', imported: 0 })
    } finally {
      importFaults.afterFirstBatch = undefined
    }
    expect(
      await t.db
        .select()
        .from(layoffRecords)
        .where(like(layoffRecords.company, `${m}%`)),
    ).toEqual([])
  })
})
