import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { withTransaction, type Db } from '#server/db/client.ts'
import { decodeCsv } from '#server/modules/layoffs/import/decode.ts'
import { suggestMapping } from '#server/modules/layoffs/import/mapping.ts'
import { readCsv } from '#server/modules/layoffs/import/read-csv.ts'
import { toLayoffRecords } from '#server/modules/layoffs/import/records.ts'
import { fileKeyOf, reportedSkipsOf, writeImportRecords } from '#server/modules/layoffs/import-service.ts'
import * as layoffQueries from '#server/modules/layoffs/queries.ts'
import type { Storage } from '#server/platform/storage.ts'
import { fixturesDir } from '#server/testing/files.ts'
import { usStates } from '#shared/layoffs/constants.ts'

// The demo layoff tracker (issue 19: "the fixture files imported on first start, so
// a fresh start shows a real tracker"): the real WARN notice files of eight states
// in ../shared/fixtures/warn, imported by the demo admin through the importer's own
// reading, mapping and writing, each recorded as an import (with its original file
// and skipped rows) that the admin page lists and can undo. The files are public
// data kept beside the project, never copied into it: without them the tracker
// starts empty.

/** A name's letters only, without 'of': 'District of Columbia' and 'districtcolumbia' read the same. */
const letters = (name: string) =>
  name
    .toLowerCase()
    .replace(/\bof\b/g, '')
    .replace(/[^a-z]/g, '')

/** 'southdakota_warn_raw.csv' names South Dakota: the state every row of the file is in. */
function stateOfFile(fileName: string): string | null {
  const name = letters(fileName.replace(/_warn_raw\.csv$/i, ''))
  return usStates.find((state) => letters(state.name) === name)?.code ?? null
}

/** Imports every state file found; answers how many records went in (0 without the fixtures). */
export async function seedDemoLayoffs(db: Db, storage: Storage, adminId: string): Promise<number> {
  const folder = path.join(fixturesDir, 'warn')
  if (!existsSync(folder)) return 0
  let total = 0
  for (const fileName of (await readdir(folder)).filter((name) => name.endsWith('.csv')).sort()) {
    const stateForFile = stateOfFile(fileName)
    if (!stateForFile) continue
    const bytes = await readFile(path.join(folder, fileName))
    const table = readCsv(decodeCsv(bytes).text)
    const mapping = suggestMapping(table.header, table.rows)
    const { records, skipped, duplicatesMerged, rowsCombined } = toLayoffRecords(table.rows, mapping, {
      stateForFile,
      lines: table.lines,
    })
    const uploadId = crypto.randomUUID()
    await storage.put(fileKeyOf(uploadId), bytes, { contentType: 'text/csv', visibility: 'private' })
    await withTransaction(db, async (tx) => {
      const row = await layoffQueries.insertImport(tx, {
        fileName,
        fileKey: fileKeyOf(uploadId),
        uploadedBy: adminId,
        mapping,
        stateForFile,
        totalRows: table.rows.length,
      })
      const { inserted, updated } = await writeImportRecords(tx, row.id, records, skipped)
      await layoffQueries.updateImport(tx, row.id, {
        status: 'done',
        imported: inserted,
        updated,
        skipped: reportedSkipsOf(skipped).length,
        duplicatesMerged,
        rowsCombined,
        progress: records.length,
        finishedAt: new Date(),
      })
      total += inserted + updated
    })
  }
  return total
}
