import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { layoffRecords, layoffWatches } from '#server/db/schema/layoffs.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { createJob } from '#server/testing/jobs.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { joinBoardAnswer } from '#shared/jobs/board-answer.ts'
import type { JobBoardAnswer, JobDetail } from '#shared/jobs/schemas.ts'
import { layoffWatchMax } from '#shared/layoffs/constants.ts'
import { layoffWatchMessages, warnNoticeFiled } from '#shared/layoffs/messages.ts'
import type {
  LayoffImportPreview,
  LayoffImportView,
  LayoffWatchList,
  LayoffWatchView,
} from '#shared/layoffs/schemas.ts'
import { layoffAlertsJob } from './jobs.ts'
import { sendImportAlerts } from './watch-service.ts'

// Watches and their alert mails, and the job cards' employer notice (issue 19;
// docs/decisions/028). Every test file has a database of its own; names carry a
// mark all the same, so that nothing here depends on what another test wrote.

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let admin: TestClient
let subscriber: Awaited<ReturnType<TestApp['signedIn']>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' })
  admin = await t.signedIn({ admin: true })
  subscriber = await t.signedIn({ subscribed: true })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const mark = () => `Q${Math.random().toString(36).slice(2, 8)}`
const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

describe('watches', () => {
  test('a subscriber adds, lists and removes watches; a state in any case; the same company twice is refused', async () => {
    const company = `Acme ${mark()} Inc.`
    const added = await subscriber.post('/api/layoffs/watches', { kind: 'company', value: `  ${company} ` })
    expect(added.status).toBe(201)
    const watch = (await added.json()) as LayoffWatchView
    expect(watch).toMatchObject({ kind: 'company', value: company, stateName: null })
    const state = await subscriber.post('/api/layoffs/watches', { kind: 'state', value: 'wy' })
    expect(state.status).toBe(201)
    expect(await state.json()).toMatchObject({ kind: 'state', value: 'WY', stateName: 'Wyoming' })

    // 'ACME …' is the same company as 'Acme … Inc.'
    const again = await subscriber.post('/api/layoffs/watches', {
      kind: 'company',
      value: company.replace(' Inc.', '').toUpperCase(),
    })
    expect(again.status).toBe(409)
    expect(await errorOf(again)).toBe(layoffWatchMessages.alreadyWatched)

    const list = (await (await subscriber.get('/api/layoffs/watches')).json()) as LayoffWatchList
    expect(list.watches.map((item) => item.value)).toEqual(expect.arrayContaining([company, 'WY']))

    const removed = await subscriber.delete(`/api/layoffs/watches/${watch.id}`)
    expect(removed.status).toBe(204)
    const after = (await (await subscriber.get('/api/layoffs/watches')).json()) as LayoffWatchList
    expect(after.watches.map((item) => item.id)).not.toContain(watch.id)
    expect((await subscriber.delete(`/api/layoffs/watches/${watch.id}`)).status).toBe(404)
  })

  test('visitors sign in, free members subscribe, and another member’s watch is not found', async () => {
    expect((await t.client().get('/api/layoffs/watches')).status).toBe(401)
    expect((await t.client().post('/api/layoffs/watches', { kind: 'state', value: 'TX' })).status).toBe(401)
    const free = await t.signedIn()
    expect((await free.get('/api/layoffs/watches')).status).toBe(403)
    expect((await free.post('/api/layoffs/watches', { kind: 'state', value: 'TX' })).status).toBe(403)

    const other = await t.signedIn({ subscribed: true })
    const theirs = (await (
      await other.post('/api/layoffs/watches', { kind: 'company', value: `Other ${mark()}` })
    ).json()) as LayoffWatchView
    const refused = await subscriber.delete(`/api/layoffs/watches/${theirs.id}`)
    expect(refused.status).toBe(404)
    expect(await errorOf(refused)).toBe(layoffWatchMessages.notFound)
    expect((await subscriber.delete('/api/layoffs/watches/not-an-id')).status).toBe(404)
    // still theirs, and not in anyone else's list
    const list = (await (await other.get('/api/layoffs/watches')).json()) as LayoffWatchList
    expect(list.watches.map((item) => item.id)).toEqual([theirs.id])
    const mine = (await (await subscriber.get('/api/layoffs/watches')).json()) as LayoffWatchList
    expect(mine.watches.map((item) => item.id)).not.toContain(theirs.id)
  })

  test('validation: a US state, a company of 1 to 300 characters, a kind; at most 50 watches', async () => {
    const member = await t.signedIn({ subscribed: true })
    const refusal = async (body: unknown) => {
      const response = await member.post('/api/layoffs/watches', body)
      expect(response.status).toBe(400)
      return errorOf(response)
    }
    expect(await refusal({ kind: 'state', value: 'XX' })).toBe(layoffWatchMessages.stateRequired)
    expect(await refusal({ kind: 'company', value: '   ' })).toBe(layoffWatchMessages.companyRequired)
    expect(await refusal({ kind: 'company', value: 'x'.repeat(301) })).toBe(layoffWatchMessages.companyTooLong)
    expect(await refusal({ kind: 'company', value: '...' })).toBe(layoffWatchMessages.companyRequired)
    expect(await refusal({ kind: 'city', value: 'Austin' })).toBe(layoffWatchMessages.kindRequired)
    expect((await member.post('/api/layoffs/watches', { kind: 'company', value: 'x'.repeat(300) })).status).toBe(201)

    const base = mark()
    for (let index = 1; index < layoffWatchMax; index++) {
      const response = await member.post('/api/layoffs/watches', { kind: 'company', value: `${base} ${index}` })
      expect(response.status).toBe(201)
    }
    const over = await member.post('/api/layoffs/watches', { kind: 'state', value: 'TX' })
    expect(over.status).toBe(409)
    expect(await errorOf(over)).toBe(layoffWatchMessages.tooMany)
  })
})

// ---------- alerts ----------

async function importCsv(content: string, name = 'notices.csv') {
  const form = new FormData()
  form.set('file', new File([content], name, { type: 'text/csv' }))
  const previewed = await admin.post('/api/admin/layoffs/imports/preview', form)
  expect(previewed.status).toBe(201)
  const preview = (await previewed.json()) as LayoffImportPreview
  const started = await admin.post('/api/admin/layoffs/imports', {
    uploadId: preview.uploadId,
    fileName: preview.fileName,
    mapping: preview.suggestedMapping,
    stateForFile: null,
  })
  expect(started.status, await started.clone().text()).toBe(202)
  const queued = (await started.json()) as LayoffImportView
  await t.jobsSettled(['layoff-import', 'layoff-alerts', 'send-mail'], 30_000)
  return (await (await admin.get(`/api/admin/layoffs/imports/${queued.id}`)).json()) as LayoffImportView
}

const mailsTo = (address: string, containing: string) =>
  smtp.received.filter((mail) => mail.to.includes(address.toLowerCase()) && mail.text.includes(containing))

describe('alerts', () => {
  test('each watcher gets one mail with their new notices, once per import; updates and undos send nothing', async () => {
    const m = mark()
    const companyWatcher = await t.signedIn({ subscribed: true })
    const stateWatcher = await t.signedIn({ subscribed: true })
    const bothWatcher = await t.signedIn({ subscribed: true })
    const watch = async (client: TestClient, kind: string, value: string) =>
      expect((await client.post('/api/layoffs/watches', { kind, value })).status).toBe(201)
    await watch(companyWatcher, 'company', `Acme ${m} Inc.`)
    await watch(stateWatcher, 'state', 'WY')
    // a notice matched twice (its company and its state) is listed once
    await watch(bothWatcher, 'company', `ACME ${m}`)
    await watch(bothWatcher, 'state', 'VT')
    // a member without a plan (the watch from before it ended): no mail
    const free = await t.signedIn()
    await t.db.insert(layoffWatches).values({ userId: free.member.id, kind: 'state', value: 'WY', matchKey: 'WY' })

    const csv = [
      'Company,State,Layoff Date,Workers Affected',
      `ACME ${m},VT,${isoDaysAgo(10)},120`,
      `Acme ${m} LLC,TX,${isoDaysAgo(20)},30`,
      `Wyoming Widgets ${m},WY,${isoDaysAgo(5)},45`,
      `Cheyenne Mills ${m},WY,${isoDaysAgo(6)},1`,
      `Unwatched ${m},CA,${isoDaysAgo(7)},60`,
    ].join('\n')
    const first = await importCsv(csv, `alerts-${m}.csv`)
    expect(first).toMatchObject({ status: 'done', imported: 5 })
    const companyMails = mailsTo(companyWatcher.member.email, m)
    expect(companyMails).toHaveLength(1)
    expect(companyMails[0]!.subject).toBe('2 new WARN notices for your watch list')
    expect(companyMails[0]!.text).toContain(`ACME ${m}, Vermont (VT): ${isoDaysAgo(10)}, 120 workers`)
    expect(companyMails[0]!.text).toContain(`Acme ${m} LLC, Texas (TX): ${isoDaysAgo(20)}, 30 workers`)
    expect(companyMails[0]!.text).not.toContain('Wyoming Widgets')
    expect(companyMails[0]!.text).toContain(`/layoffs?q=Acme+${m}+Inc.`)

    const stateMails = mailsTo(stateWatcher.member.email, m)
    expect(stateMails).toHaveLength(1)
    expect(stateMails[0]!.text).toContain(`Wyoming Widgets ${m}, Wyoming (WY): ${isoDaysAgo(5)}, 45 workers`)
    expect(stateMails[0]!.text).toContain(`Cheyenne Mills ${m}, Wyoming (WY): ${isoDaysAgo(6)}, 1 worker\n`)
    expect(stateMails[0]!.text).not.toContain('ACME')
    expect(stateMails[0]!.text).toContain('/layoffs?state=WY')

    const bothMails = mailsTo(bothWatcher.member.email, m)
    expect(bothMails).toHaveLength(1)
    expect(bothMails[0]!.text.match(new RegExp(`ACME ${m}, Vermont`, 'g'))).toHaveLength(1)
    expect(mailsTo(free.member.email, m)).toHaveLength(0)

    // the job again (a retry, a duplicate delivery): nothing more
    await t.deps.queue.enqueue(layoffAlertsJob, { importId: first.id })
    await sendImportAlerts(t.deps, t.deps.logger, first.id)
    await t.jobsSettled(['layoff-alerts', 'send-mail'])
    expect(mailsTo(companyWatcher.member.email, m)).toHaveLength(1)
    expect(mailsTo(stateWatcher.member.email, m)).toHaveLength(1)
    expect(mailsTo(bothWatcher.member.email, m)).toHaveLength(1)

    // the same file again: every notice is known (updates only), no news
    const again = await importCsv(csv, `alerts-${m}-again.csv`)
    expect(again).toMatchObject({ status: 'done', imported: 0, updated: 5 })
    // an undo sends nothing either
    expect((await admin.post(`/api/admin/layoffs/imports/${again.id}/undo`)).status).toBe(200)
    await t.jobsSettled(['layoff-alerts', 'send-mail'])
    for (const watcher of [companyWatcher, stateWatcher, bothWatcher])
      expect(mailsTo(watcher.member.email, m)).toHaveLength(1)
    // the first test's subscriber watches WY too: one mail, of the first import
    expect(mailsTo(subscriber.member.email, m)).toHaveLength(1)
    expect(smtp.received.filter((mail) => mail.text.includes(m))).toHaveLength(4)
  })

  test('a member whose subscription has ended gets no alert; an admin does', async () => {
    const m = mark()
    const ended = await t.signedIn({ subscribedDays: -1 })
    const adminWatcher = await t.signedIn({ admin: true })
    await t.db
      .insert(layoffWatches)
      .values({ userId: ended.member.id, kind: 'company', value: `Ended ${m}`, matchKey: `ended${m.toLowerCase()}` })
    expect((await adminWatcher.post('/api/layoffs/watches', { kind: 'company', value: `Ended ${m}` })).status).toBe(201)
    await importCsv(['Company,State,Layoff Date,Workers Affected', `Ended ${m},OH,${isoDaysAgo(3)},10`].join('\n'))
    expect(mailsTo(ended.member.email, m)).toHaveLength(0)
    const mails = mailsTo(adminWatcher.member.email, m)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('A new WARN notice for your watch list')
  })

  test('a long list shows 20 notices and how many more', async () => {
    const m = mark()
    const watcher = await t.signedIn({ subscribed: true })
    expect((await watcher.post('/api/layoffs/watches', { kind: 'state', value: 'NV' })).status).toBe(201)
    const rows = Array.from({ length: 23 }, (_, index) => `Reno ${m} ${index + 1},NV,${isoDaysAgo(index + 1)},5`)
    await importCsv(['Company,State,Layoff Date,Workers Affected', ...rows].join('\n'))
    const mails = mailsTo(watcher.member.email, m)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('23 new WARN notices for your watch list')
    expect(mails[0]!.text.split('\n').filter((line) => line.startsWith(`- Reno ${m}`))).toHaveLength(20)
    expect(mails[0]!.text).toContain('- and 3 more')
  })
})

// ---------- the job cards' employer notice ----------

describe("'This employer filed a WARN notice on {date}'", () => {
  test('a recent notice of the same company (any case or suffix) shows on the card and the page; an old one or none does not', async () => {
    const m = mark()
    const recent = isoDaysAgo(60)
    await t.db.insert(layoffRecords).values([
      {
        company: `ACME ${m}`,
        companyKey: `acme${m.toLowerCase()}`,
        state: 'OH',
        workersAffected: 50,
        layoffDate: recent,
      },
      // older notices of the same employer: the newest counts
      {
        company: `ACME ${m}`,
        companyKey: `acme${m.toLowerCase()}`,
        state: 'OH',
        workersAffected: 20,
        layoffDate: isoDaysAgo(200),
      },
      {
        company: `Beta ${m}`,
        companyKey: `beta${m.toLowerCase()}`,
        state: 'CA',
        workersAffected: 75,
        layoffDate: recent,
      },
      {
        company: `Oldco ${m}`,
        companyKey: `oldco${m.toLowerCase()}`,
        state: 'TX',
        workersAffected: 20,
        layoffDate: isoDaysAgo(14 * 30.5),
      },
    ])
    const acme = await createJob(t.db, { company: `Acme ${m} Inc.`, title: `Engineer ${m}` })
    const old = await createJob(t.db, { company: `The Oldco ${m} Corp`, title: `Analyst ${m}` })
    const none = await createJob(t.db, { company: `Nobody ${m}`, title: `Designer ${m}` })
    // its page is never opened: the board reads its notice beside the three already read
    const beta = await createJob(t.db, { company: `Beta ${m} LLC`, title: `Tester ${m}` })

    const page = async (path: string) => (await (await subscriber.get(path)).json()) as JobDetail
    expect((await page(`/api/jobs/${acme.id}`)).warnNotice).toEqual({ date: recent, state: 'OH' })
    expect((await page(`/api/jobs/${old.id}`)).warnNotice).toBeNull()
    expect((await page(`/api/jobs/${none.id}`)).warnNotice).toBeNull()

    const board = joinBoardAnswer((await (await subscriber.get(`/api/jobs?q=${m}`)).json()) as JobBoardAnswer)
    const byId = new Map(board.jobs.map((job) => [job.id, job.warnNotice]))
    expect(byId.get(acme.id)).toEqual({ date: recent, state: 'OH' })
    expect(byId.get(old.id)).toBeNull()
    expect(byId.get(none.id)).toBeNull()
    expect(byId.get(beta.id)).toEqual({ date: recent, state: 'CA' })
    expect(warnNoticeFiled(recent)).toBe(`This employer filed a WARN notice on ${recent}`)
  })

  test('an import clears the cached answer: a new notice shows at once', async () => {
    const m = mark()
    const job = await createJob(t.db, { company: `Fresh ${m} Ltd`, title: `Writer ${m}` })
    expect((await (await subscriber.get(`/api/jobs/${job.id}`)).json()).warnNotice).toBeNull()
    const date = isoDaysAgo(4)
    await importCsv(['Company,State,Layoff Date,Workers Affected', `FRESH ${m},ME,${date},12`].join('\n'))
    expect((await (await subscriber.get(`/api/jobs/${job.id}`)).json()).warnNotice).toEqual({ date, state: 'ME' })
  })
})
