import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { fixturePath } from '#server/testing/files.ts'
import { importedRecords, layoffImportMessages, layoffWatchMessages } from '#shared/layoffs/messages.ts'
import { readCsv } from '#server/modules/layoffs/import/read-csv.ts'
import { seriousAccessibilityViolations, startStack, waitForPath, type Stack } from './support/stack.ts'

// Issue 19 in a browser: an admin imports a state's WARN file (its header and first
// rows, the suggested columns, one state for the file, the live progress bar, the
// report); a subscriber filters, sorts, sees the charts and exports the notices; a
// free member meets the lock screen. The Oregon file: 879 rows, 463 notices, 411 rows
// skipped (395 without a date, 16 without a count), 5 rows combined into notices.

const oregonFile = fixturePath('warn', 'oregon_warn_raw.csv')

let stack: Stack

const admin = {
  email: 'layoff-admin@example.com',
  password: 'Layoff-Admin-2026',
  firstName: 'Lena',
  lastName: 'Importer',
  admin: true,
}
const subscriber = {
  email: 'layoff-reader@example.com',
  password: 'Layoff-Reader-2026',
  firstName: 'Rory',
  lastName: 'Reader',
  subscribedDays: 30,
}

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const workersShown = (page: Page) =>
  page
    .getByTestId('layoff-table')
    .getByTestId('layoff-workers')
    .evaluateAll((cells) => cells.map((cell) => Number(cell.textContent!.replace(/,/g, ''))))

describe('layoff tracker', () => {
  test('an admin uploads a state file, maps its columns, watches the import and reads the report', async () => {
    const { page } = await stack.signedInPage(admin)
    await page.goto('/admin')
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Layoffs' }).click()
    await waitForPath(page, '/admin/layoffs')
    await page.getByRole('heading', { level: 1, name: 'Layoff tracker' }).waitFor()
    const panel = page.getByRole('region', { name: 'Import CSV' })
    await page.getByText('No imports yet.').waitFor({ timeout: 15_000 })
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // a file that is no CSV is refused in the browser first (spec 002 §5)
    await panel
      .getByLabel('CSV file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('a') })
    await panel.getByText(layoffImportMessages.notCsv).waitFor()

    // the header, the first 5 rows and what the server found
    await panel.getByLabel('CSV file').setInputFiles(oregonFile)
    const preview = panel.getByTestId('import-preview')
    await preview.waitFor({ timeout: 15_000 })
    expect(await preview.locator('thead th').allTextContents()).toEqual([
      'Track #',
      'Notification Date',
      'Layoff Type',
      'Count',
      'Employer',
      'City',
      'Notice',
    ])
    expect(await preview.locator('tbody tr').count()).toBe(5)
    await preview.getByRole('cell', { name: 'Nordstrom' }).waitFor()
    expect(await panel.getByTestId('import-total-rows').textContent()).toBe('879')
    await panel.getByTestId('import-file-facts').getByText('oregon_warn_raw.csv').waitFor()

    // the suggested mapping: the file's own columns, and no state column
    const column = (label: string) => panel.getByLabel(label, { exact: true })
    const chosen = async (label: string) => {
      const select = column(label)
      return select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? '')
    }
    expect(await chosen('Company *')).toBe('Employer')
    expect(await chosen('Workers affected *')).toBe('Count')
    expect(await chosen('Layoff date *')).toBe('Notification Date')
    expect(await chosen('Closure or layoff')).toBe('Layoff Type')
    expect(await chosen('State *')).toBe('Not in the file')
    await panel.getByTestId('mapping-problems').getByText(layoffImportMessages.stateRequired).waitFor()
    expect(await panel.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // one state for the whole file, then the import runs as a job with a live bar
    await column('One state for the whole file').selectOption('OR')
    await expect.poll(() => panel.getByTestId('mapping-problems').count()).toBe(0)
    await panel.getByRole('button', { name: 'Import', exact: true }).click()
    const bar = panel.getByRole('progressbar', { name: 'Import progress' })
    await bar.waitFor()
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100')
    await panel.getByTestId('import-progress-text').getByText('Processed 463 of 463 records').waitFor()

    // the report
    const report = panel.getByTestId('import-report')
    await report.getByText(importedRecords(463)).waitFor({ timeout: 15_000 })
    const counted = (id: string) => report.getByTestId(`import-count-${id}`).textContent()
    expect(await counted('imported')).toBe('463')
    expect(await counted('updated')).toBe('0')
    expect(await counted('skipped')).toBe('411')
    expect(await counted('merged')).toBe('0')
    expect(await counted('combined')).toBe('5')
    const reasons = report.getByTestId('skip-reasons')
    await reasons.getByText('The layoff date is missing').waitFor({ timeout: 15_000 })
    expect(await reasons.getByRole('listitem').allTextContents()).toEqual([
      '395 · The layoff date is missing',
      '16 · The number of workers affected is missing',
    ])
    const skipped = report.getByRole('link', { name: 'Download the skipped rows (CSV)' })
    expect(await skipped.getAttribute('href')).toMatch(/^\/api\/admin\/layoffs\/imports\/[0-9a-f-]{36}\/skipped\.csv$/)

    // the history keeps it, with its original file
    const row = page.getByTestId('import-row').filter({ hasText: 'oregon_warn_raw.csv' })
    await row.getByText('Done', { exact: true }).waitFor({ timeout: 15_000 })
    await row.getByRole('button', { name: 'Undo the import of oregon_warn_raw.csv' }).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
  })

  test('a subscriber filters by state, sorts by workers, sees the charts and exports the notices', async () => {
    const { page } = await stack.signedInPage(subscriber)
    await page.goto('/layoffs')
    await page.getByRole('heading', { level: 1, name: 'Live Layoff Tracker' }).waitFor()
    await page.getByTestId('layoff-table').waitFor({ timeout: 15_000 })

    await page.getByLabel('State', { exact: true }).selectOption('OR')
    await page.waitForURL((url) => url.searchParams.get('state') === 'OR')
    await page.getByText('Showing 25 of 463').waitFor({ timeout: 15_000 })

    // the workers column, largest first
    const head = page.getByTestId('layoff-table').getByRole('columnheader', { name: 'Workers affected' })
    await head.getByRole('button').click()
    await expect.poll(() => head.getAttribute('aria-sort')).toBe('descending')
    await expect
      .poll(async () => {
        const workers = await workersShown(page)
        return workers.length === 25 && workers.every((value, index) => index === 0 || workers[index - 1]! >= value)
      })
      .toBe(true)

    // the charts, each with its table for screen readers
    const charts = page.getByTestId('layoff-charts')
    await charts.waitFor({ timeout: 15_000 })
    expect(await charts.locator('canvas').count()).toBe(3)
    const byState = page.getByRole('table', { name: 'Notices and workers affected per state' })
    await expect.poll(() => byState.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1)
    await byState.getByRole('rowheader', { name: 'Oregon' }).waitFor()
    const companies = page.getByRole('table', { name: 'Top companies by workers affected' })
    expect(await companies.locator('tbody tr').count()).toBeGreaterThan(1)
    const months = page.getByRole('table', { name: 'Workers affected per month' })
    expect(await months.locator('tbody tr').count()).toBeGreaterThan(1)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the export of the current filter: its first line is the header
    const exportLink = page.getByRole('link', { name: 'Export CSV' })
    expect(await exportLink.getAttribute('href')).toBe('/api/layoffs/export.csv?state=OR')
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()])
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')
    expect(csv.split('\r\n')[0]).toBe('"Company","State","Layoff date","Workers affected","Type","Notes","Source"')
    const { header, rows } = readCsv(csv)
    expect(header).toEqual(['Company', 'State', 'Layoff date', 'Workers affected', 'Type', 'Notes', 'Source'])
    expect(rows).toHaveLength(463)
    expect(new Set(rows.map((row) => row[1]))).toEqual(new Set(['OR']))
    // the largest notice of the export is the first row of the sorted table
    const most = Math.max(...rows.map((row) => Number(row[3])))
    expect((await workersShown(page))[0]).toBe(most)

    // at 375 px the page does not scroll sideways
    await page.setViewportSize({ width: 375, height: 800 })
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    expect(await seriousAccessibilityViolations(page)).toEqual([])
  })

  test('a subscriber watches a company and a state, removes one, and is refused the same company twice', async () => {
    const { page } = await stack.signedInPage({ ...subscriber, email: 'layoff-watcher@example.com' })
    await page.goto('/layoffs')
    const card = page.getByRole('region', { name: 'Watch for new notices' })
    await card.getByText('We e-mail you once per import when new WARN notices match.').waitFor({ timeout: 15_000 })
    await card.getByTestId('layoff-watches-empty').waitFor({ timeout: 15_000 })
    const watches = card.getByRole('list', { name: 'Your watches' }).getByTestId('layoff-watch')
    const watchButton = card.getByRole('button', { name: 'Watch', exact: true })

    // a company, as typed
    await card.getByLabel('Company', { exact: true }).fill('Nordstrom Inc.')
    await watchButton.click()
    await card.getByRole('button', { name: 'Stop watching Nordstrom Inc.' }).waitFor()
    await expect.poll(() => card.getByLabel('Company', { exact: true }).inputValue()).toBe('')

    // a state, shown by its name
    await card.getByRole('button', { name: 'State', exact: true }).click()
    await card.getByLabel('State', { exact: true }).selectOption('OR')
    await watchButton.click()
    await card.getByRole('button', { name: 'Stop watching Oregon' }).waitFor()
    expect(await watches.allTextContents()).toEqual(['Company: Nordstrom Inc.', 'State: Oregon'])
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the same company in other words is refused with the server's message
    await card.getByRole('button', { name: 'Company', exact: true }).click()
    await card.getByLabel('Company', { exact: true }).fill('NORDSTROM')
    await watchButton.click()
    await card.getByText(layoffWatchMessages.alreadyWatched).waitFor()
    expect(await watches.count()).toBe(2)

    // removing one leaves the other, after a reload too
    await card.getByRole('button', { name: 'Stop watching Nordstrom Inc.' }).click()
    await expect.poll(() => watches.allTextContents()).toEqual(['State: Oregon'])
    await page.reload()
    await card.getByRole('button', { name: 'Stop watching Oregon' }).waitFor({ timeout: 15_000 })
    expect(await watches.count()).toBe(1)
  })

  test('a free member gets the lock screen', async () => {
    const { page } = await stack.signedInPage({
      email: 'layoff-free@example.com',
      password: 'Layoff-Free-2026',
      firstName: 'Fay',
      lastName: 'Free',
    })
    await page.goto('/layoffs')
    await page.getByRole('heading', { name: 'Premium Feature' }).waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('layoff-table').count()).toBe(0)
  })

  test('an admin undoes the import after confirming; the tracker is empty again', async () => {
    const { page } = await stack.signedInPage({ ...admin, email: 'layoff-admin-2@example.com' })
    await page.goto('/admin/layoffs')
    const row = page.getByTestId('import-row').filter({ hasText: 'oregon_warn_raw.csv' })
    await row.getByRole('button', { name: 'Undo the import of oregon_warn_raw.csv' }).click({ timeout: 15_000 })
    const confirm = page.getByRole('alertdialog', { name: 'Undo import' })
    await confirm.getByRole('button', { name: 'Undo import' }).click()
    await page.getByText('Import undone').waitFor()
    await row.getByText('Undone', { exact: true }).waitFor({ timeout: 15_000 })
    await page.getByTestId('layoffs-empty').waitFor({ timeout: 15_000 })
  })
})
