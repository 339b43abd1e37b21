import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createJob } from '#server/testing/jobs.ts'
import { fixturePath, solidPng } from '#server/testing/files.ts'
import { jobMessages } from '#shared/jobs/schemas.ts'
import { warnNoticeFiled } from '#shared/layoffs/messages.ts'
import type { LayoffImportPreview, LayoffImportView } from '#shared/layoffs/schemas.ts'
import { skillMessages } from '#shared/profile/skills.ts'
import { seriousAccessibilityViolations, startStack, waitForPath, type Stack } from './support/stack.ts'

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const admin = {
  email: 'jobs-admin@example.com',
  password: 'Jobs-Admin-2026',
  firstName: 'Jo',
  lastName: 'Boss',
  admin: true,
}
const seeker = {
  email: 'seeker@example.com',
  password: 'Seeker-Pass-2026',
  firstName: 'Sam',
  lastName: 'Seeker',
  subscribedDays: 30,
}

describe('the private job board', () => {
  test('a subscriber finds a job, sees the match grow with a new skill and applies; the admin moves the application and the member hears of it', async () => {
    const adminSession = await stack.signedInPage(admin)
    const platform = await createJob(stack.db, {
      title: 'Data Platform Engineer',
      company: 'Northwind Analytics',
      location: 'Austin, TX',
      type: 'Full-time',
      salary: '$140,000 - $160,000',
      technicalSkills: ['Python', 'SQL', 'Kubernetes'],
      softSkills: ['Communication'],
      description: 'Build the pipelines behind our analytics.',
      requirements: ['Strong Python'],
      benefits: ['Learning budget'],
    })
    await createJob(stack.db, {
      title: 'Contract React Developer',
      company: 'Bluepeak Software',
      location: 'Remote',
      type: 'Contract',
      remote: true,
    })
    await createJob(stack.db, {
      title: 'Marketing Coordinator',
      company: 'Lumen Health',
      location: 'Boston, MA',
      type: 'Part-time',
    })
    await createJob(stack.db, { title: 'Closed Engineer Role', company: 'Gone Inc', status: 'closed' })

    const { page } = await stack.signedInPage(seeker)
    await page.goto('/jobs')
    await page.getByRole('heading', { level: 1, name: 'Private Job Board' }).waitFor({ timeout: 15_000 })
    const cards = page.getByTestId('job-card')
    await expect.poll(() => cards.count()).toBe(3)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the search and the filters narrow the board and live in the URL
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill('engineer')
    await page.getByRole('searchbox', { name: 'Search jobs' }).press('Enter')
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('engineer')
    await expect.poll(() => cards.count()).toBe(1)
    await cards.getByRole('link', { name: 'Data Platform Engineer' }).waitFor()

    await page.getByRole('searchbox', { name: 'Search jobs' }).fill('')
    await page.getByRole('searchbox', { name: 'Search jobs' }).press('Enter')
    await page.getByLabel('Job type').selectOption('Contract')
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('Contract')
    await expect.poll(() => cards.count()).toBe(1)
    await cards.getByRole('link', { name: 'Contract React Developer' }).waitFor()
    // a shared link opens the same search
    await page.reload()
    await expect.poll(() => page.getByLabel('Job type').inputValue()).toBe('Contract')
    await expect.poll(() => cards.count()).toBe(1)

    await page.getByLabel('Location').fill('nowhere at all')
    await page.getByTestId('jobs-empty').getByText(jobMessages.noResults).waitFor()
    await page.goto('/jobs?q=platform')

    // the detail page: no skills yet, so no match badge
    await cards.getByRole('link', { name: 'Data Platform Engineer' }).click()
    await waitForPath(page, `/jobs/${platform.id}`)
    await page.getByRole('heading', { level: 1, name: 'Data Platform Engineer' }).waitFor()
    await page.getByRole('heading', { name: 'About the Role' }).waitFor()
    // spec 001 §2: Upskill for Role leads to the course marketplace
    expect(await page.getByRole('link', { name: 'Upskill for Role' }).getAttribute('href')).toBe('/courses/marketplace')
    expect(await page.getByTestId('match-badge').count()).toBe(0)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // two of the job's four skills: 50 %, computed by the server from the member's own skills
    await page.goto('/profile')
    const skills = page.getByRole('region', { name: 'Skills' })
    await skills.getByRole('button', { name: 'Save skills' }).waitFor({ timeout: 15_000 })
    await skills.getByLabel('Python', { exact: true }).check()
    await skills.getByLabel('Communication', { exact: true }).check()
    await skills.getByRole('button', { name: 'Save skills' }).click()
    await page.getByText(skillMessages.skillsUpdated).waitFor()
    await page.goto(`/jobs/${platform.id}`)
    await expect.poll(() => page.getByTestId('match-badge').textContent(), { timeout: 10_000 }).toContain('50% match')

    // save it, then apply with a real PDF resume
    await page.getByRole('button', { name: 'Save Data Platform Engineer' }).click()
    await page.getByText(jobMessages.saved).waitFor()
    await page.getByRole('button', { name: 'Apply Now' }).click()
    const dialog = page.getByRole('dialog', { name: 'Apply for Data Platform Engineer' })
    await dialog.getByRole('button', { name: 'Submit Application' }).click()
    await dialog.getByText(jobMessages.allFieldsRequired).first().waitFor()
    await dialog.getByLabel('First name').fill('Sam')
    await dialog.getByLabel('Last name').fill('Seeker')
    await dialog.getByLabel('Email').fill('sam.applies@example.com')
    await dialog.getByLabel('Phone').fill('+1 512 555 0199')
    await dialog.getByLabel('Cover letter').fill('I have built data pipelines in Python for six years.')
    await dialog.getByLabel('Resume').setInputFiles(fixturePath('resumes', 'rendercv_john_doe_moderncv.pdf'))
    await dialog.getByRole('button', { name: 'Submit Application' }).click()
    await page.getByText(jobMessages.applied).waitFor()
    // the Apply button is gone: keyboard focus lands on what replaced it
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('applied-state')
    await stack.smtp.waitFor('sam.applies@example.com', /application/i)
    const adminMail = await stack.smtp.waitFor(admin.email, /Data Platform Engineer/)
    expect(adminMail.text).toContain('/api/applications/')

    // /saved: the saved job and the application with its status
    await page.goto('/saved')
    await page.getByRole('heading', { level: 1, name: 'Saved Items' }).waitFor({ timeout: 15_000 })
    await expect.poll(() => page.getByTestId('saved-count-jobs').textContent()).toBe('1')
    const application = page.getByTestId('my-application')
    await expect.poll(() => application.getByTestId('application-status').textContent()).toBe('Submitted')
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the admin sees the application, downloads the resume and moves it to interviewing
    const adminPage = adminSession.page
    await adminPage.goto('/admin/jobs/manage')
    await adminPage.getByRole('heading', { level: 1, name: 'Job management' }).waitFor({ timeout: 15_000 })
    await adminPage.getByRole('button', { name: 'Applications for Data Platform Engineer' }).click()
    const applications = adminPage.getByRole('dialog', { name: 'Applications for Data Platform Engineer' })
    const entry = applications.getByRole('article', { name: 'Application from Sam Seeker' })
    await entry.waitFor()
    const download = adminPage.waitForEvent('download')
    await entry.getByRole('link', { name: /Download resume/ }).click()
    const file = await (await download).path()
    expect(
      Buffer.compare(await readFile(file), await readFile(fixturePath('resumes', 'rendercv_john_doe_moderncv.pdf'))),
    ).toBe(0)
    await entry.getByRole('button', { name: 'Move to interviewing: Sam Seeker' }).click()
    await adminPage.getByText(jobMessages.statusUpdated).waitFor()
    const news = await stack.smtp.waitFor('sam.applies@example.com', /interview/i)
    expect(news.text).toContain('Interviewing')
    expect(await seriousAccessibilityViolations(adminPage)).toEqual([])

    await page.reload()
    await expect
      .poll(() => page.getByTestId('my-application').getByTestId('application-status').textContent(), {
        timeout: 15_000,
      })
      .toBe('Interviewing')

    // another member cannot download that resume: it does not exist for them
    const resumeUrl = await page
      .getByRole('link', { name: 'Download resume for Data Platform Engineer' })
      .getAttribute('href')
    const other = await stack.signedInPage({
      email: 'nosy@example.com',
      password: 'Nosy-Pass-2026',
      firstName: 'No',
      lastName: 'Sy',
      subscribedDays: 30,
    })
    const refused = await other.page.request.get(resumeUrl!)
    expect(refused.status()).toBe(404)
  })

  test('an admin adds a job with a logo (a visitor sees it on the landing page at once), closes it and deletes it', async () => {
    const { page } = await stack.signedInPage({ ...admin, email: 'jobs-admin-2@example.com' })
    await page.goto('/admin/jobs/manage')
    await page.getByRole('heading', { level: 1, name: 'Job management' }).waitFor({ timeout: 15_000 })
    await page.getByRole('button', { name: 'Add Job' }).click()
    const form = page.getByRole('dialog', { name: 'Add Job' })
    await form.getByRole('button', { name: 'Create job' }).click()
    await form.getByText(jobMessages.requiredFields).first().waitFor()
    await form.getByLabel('Job title').fill('Site Reliability Engineer')
    await form.getByLabel('Company', { exact: true }).fill('Harbor Payments')
    await form.getByLabel('Location').fill('Chicago, IL')
    await form.getByLabel('Salary').fill('$150,000')
    await form.getByLabel('Description').fill('Keep payments flowing at three in the morning.')
    await form.getByLabel('Kubernetes', { exact: true }).check()
    await form.getByLabel('Teamwork', { exact: true }).check()
    await form
      .getByLabel('Company logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(64, 64) })
    await form.getByRole('button', { name: 'Create job' }).click()
    await page.getByText(jobMessages.created).waitFor()
    const row = page.getByRole('row', { name: /Site Reliability Engineer/ })
    await row.waitFor()
    await expect
      .poll(
        () =>
          row
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
        { timeout: 10_000 },
      )
      .toBe(64)

    // at once the newest job of the landing teaser, where a visitor is asked to sign in to apply
    const visitor = await stack.newPage()
    await visitor.page.goto('/')
    // the stack runs with a promo, whose pop-up comes first (spec 000 §1)
    await visitor.page.getByRole('dialog').waitFor()
    await visitor.page.keyboard.press('Escape')
    await visitor.page.getByRole('dialog').waitFor({ state: 'detached' })
    // the teaser loads as the visitor scrolls towards it
    await visitor.page.getByRole('heading', { name: 'Job board', exact: true }).scrollIntoViewIfNeeded()
    const teaser = visitor.page.getByRole('link', { name: 'Sign in to Apply: Site Reliability Engineer' })
    await teaser.waitFor({ timeout: 15_000 })
    expect(await visitor.page.getByRole('link', { name: 'View Opportunities' }).getAttribute('href')).toBe('/jobs')
    await teaser.click()
    await waitForPath(visitor.page, '/login')
    await visitor.context.close()

    await row.getByRole('button', { name: 'Close Site Reliability Engineer' }).click()
    await row.getByText('Closed').waitFor()
    await row.getByRole('button', { name: 'Delete Site Reliability Engineer' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete job' })
    await confirm.getByText(jobMessages.confirmDelete).waitFor()
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByText(jobMessages.deleted).waitFor()
    await expect.poll(() => page.getByRole('row', { name: /Site Reliability Engineer/ }).count()).toBe(0)
  })

  test("after an admin imports a WARN notice of a job's employer, its card and its page say so and link to the tracker", async () => {
    const job = await createJob(stack.db, { title: 'Warehouse Planner', company: 'Keystone Freight LLC' })
    // a notice of last month, filed under the company's name in capitals and without its suffix
    const filed = new Date()
    filed.setUTCDate(1)
    filed.setUTCMonth(filed.getUTCMonth() - 1)
    filed.setUTCDate(4)
    const date = filed.toISOString().slice(0, 10)
    const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(filed)
    const csv = ['Company,State,Layoff Date,Workers Affected', `KEYSTONE FREIGHT,OH,${date},42`].join('\n')

    const { page: adminPage } = await stack.signedInPage({ ...admin, email: 'jobs-admin-3@example.com' })
    const headers = { Origin: stack.baseUrl }
    const previewed = await adminPage.request.post('/api/admin/layoffs/imports/preview', {
      headers,
      multipart: { file: { name: 'notices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    })
    expect(previewed.status(), await previewed.text()).toBe(201)
    const preview = (await previewed.json()) as LayoffImportPreview
    const started = await adminPage.request.post('/api/admin/layoffs/imports', {
      headers,
      data: {
        uploadId: preview.uploadId,
        fileName: preview.fileName,
        mapping: preview.suggestedMapping,
        stateForFile: null,
      },
    })
    expect(started.status(), await started.text()).toBe(202)
    const { id } = (await started.json()) as LayoffImportView
    await expect
      .poll(
        async () =>
          ((await (await adminPage.request.get(`/api/admin/layoffs/imports/${id}`)).json()) as LayoffImportView).status,
        { timeout: 30_000 },
      )
      .toBe('done')

    const line = warnNoticeFiled(shown)
    const { page } = await stack.signedInPage({ ...seeker, email: 'warn-seeker@example.com' })
    await page.goto('/jobs')
    const card = page.getByTestId('job-card').filter({ hasText: 'Warehouse Planner' })
    const cardNotice = card.getByTestId('warn-notice')
    await cardNotice.waitFor({ timeout: 15_000 })
    expect(await cardNotice.textContent()).toBe(`${line} (Ohio)`)
    expect(await cardNotice.getByRole('link').getAttribute('href')).toBe('/layoffs?q=Keystone+Freight')
    // the other jobs' employers filed none
    expect(await page.getByTestId('warn-notice').count()).toBe(1)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await card.getByRole('link', { name: 'Warehouse Planner' }).click()
    await waitForPath(page, `/jobs/${job.id}`)
    const pageNotice = page.getByTestId('warn-notice')
    await pageNotice.waitFor({ timeout: 15_000 })
    expect(await pageNotice.textContent()).toBe(`${line} (Ohio)`)
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await pageNotice.getByRole('link').click()
    await page.waitForURL((url) => url.pathname === '/layoffs' && url.searchParams.get('q') === 'Keystone Freight')
    await page.getByTestId('layoff-table').getByText('KEYSTONE FREIGHT').waitFor({ timeout: 15_000 })
  })

  test('a free member meets the lock screen on the board', async () => {
    const free = await stack.signedInPage({
      email: 'free.jobs@example.com',
      password: 'Free-Pass-2026',
      firstName: 'Fre',
      lastName: 'E',
    })
    await free.page.goto('/jobs')
    await free.page.getByRole('heading', { name: 'Premium Feature' }).waitFor({ timeout: 15_000 })
  })
})
