import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createCategory, createCourse } from '#server/testing/courses.ts'
import { plainText, solidPng } from '#server/testing/files.ts'
import { categoryMessages, courseMessages, moduleMessages } from '#shared/courses/messages.ts'
import { joinCourseMessages, type AdminCourseDetail } from '#shared/courses/schemas.ts'
import { seriousAccessibilityViolations, startStack, type Stack } from './support/stack.ts'

// Issue 15, admin web: /admin/courses, its category manager, the course form and
// /admin/courses/{id}/modules, driven in Chromium against the real server.

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const admin = {
  email: 'courses-admin@example.com',
  password: 'Courses-Admin-2026',
  firstName: 'Cora',
  lastName: 'Admin',
  admin: true,
}
const subscriber = {
  email: 'courses-member@example.com',
  password: 'Courses-Member-2026',
  firstName: 'Cam',
  lastName: 'Learner',
  subscribedDays: 30,
}

const requiredMessages = [
  courseMessages.titleRequired,
  courseMessages.descriptionRequired,
  courseMessages.imageRequired,
  courseMessages.durationRequired,
  courseMessages.providerRequired,
  courseMessages.categoryRequired,
  courseMessages.salaryRangeRequired,
]

describe('course management', () => {
  test('an admin creates a category and a course with its image, adds two modules with reading, quiz and video lessons, reorders them by keyboard and by drag, and publishes; a member then finds it', async () => {
    const { page } = await stack.signedInPage(admin)
    await page.goto('/admin')
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Courses' }).click()
    await page.getByRole('heading', { level: 1, name: 'Course management' }).waitFor({ timeout: 15_000 })
    await page.getByText(courseMessages.adminEmpty).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the category manager: both fields are required
    await page.getByRole('button', { name: 'Add Category' }).click()
    const categoryForm = page.getByRole('dialog', { name: 'Add Category' })
    await categoryForm.getByRole('button', { name: 'Create category' }).click()
    await categoryForm.getByText(categoryMessages.nameRequired).waitFor()
    await categoryForm.getByText(categoryMessages.descriptionRequired).waitFor()
    await categoryForm.getByLabel('Category name').fill('Data Science')
    await categoryForm.getByLabel('Category description').fill('Analysis, statistics and machine learning.')
    await categoryForm.getByRole('button', { name: 'Create category' }).click()
    await page.getByText(categoryMessages.created).waitFor()
    await page
      .getByRole('table', { name: 'Course categories' })
      .getByRole('rowheader', { name: 'Data Science' })
      .waitFor()

    // the Add Course dialog: every required message at once, as a list and as one toast
    await page.getByRole('button', { name: 'Add Course' }).click()
    const form = page.getByRole('dialog', { name: 'Add Course' })
    await form.getByRole('button', { name: 'Create course' }).click()
    const messages = form.getByTestId('course-form-messages').getByRole('listitem')
    await expect.poll(() => messages.allTextContents()).toEqual(requiredMessages)
    await page.getByText(joinCourseMessages(requiredMessages)).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the image is judged by its bytes: text named .png is refused by the server
    const imageInput = form.getByLabel('Course image')
    await imageInput.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: plainText })
    await form.getByText(courseMessages.imageNotImage).waitFor()
    const upload = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/courses/images')
    await imageInput.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: solidPng(64, 36) })
    expect((await upload).status()).toBe(201)
    await form.getByRole('img', { name: 'New course image' }).waitFor()

    await form.getByLabel('Course title').fill('SQL for Analysts')
    await form.getByLabel('Provider').fill('Prestige Academy')
    await form.getByLabel('Description').fill('  Joins, window functions and reporting queries.  ')
    await form.getByLabel('Description').blur()
    // trimmed on blur, with its character count
    expect(await form.getByLabel('Description').inputValue()).toBe('Joins, window functions and reporting queries.')
    await form.getByText('46 / 5000 characters').waitFor()
    await form.getByLabel('Duration (hours)').fill('6')
    await form.getByLabel('Category').selectOption({ label: 'Data Science' })
    await form.getByLabel('Level').selectOption('Intermediate')
    await form.getByLabel('Salary range').fill('$70,000 - $95,000')
    await form.getByLabel('Skills (one per line)').fill('SQL\nReporting')
    await form.getByLabel('Affiliate link (optional)').fill('ftp://example.com/course')
    await form.getByLabel('Price (USD)').fill('49.99')
    await form.getByLabel('Sale price (USD, optional)').fill('59')
    await form.getByRole('button', { name: 'Create course' }).click()
    await expect
      .poll(() => messages.allTextContents())
      .toEqual([courseMessages.invalidAffiliateUrl, courseMessages.invalidSalePrice])
    await form.getByLabel('Affiliate link (optional)').fill('https://example.com/sql-for-analysts')
    await form.getByLabel('Sale price (USD, optional)').fill('19.99')
    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/admin/courses',
    )
    await form.getByRole('button', { name: 'Create course' }).click()
    const course = (await (await created).json()) as { id: string; priceCents: number; salePriceCents: number }
    // typed in dollars, sent in cents
    expect([course.priceCents, course.salePriceCents]).toEqual([4999, 1999])
    await page.getByText(courseMessages.created).first().waitFor()
    const card = page.getByRole('article', { name: 'SQL for Analysts' })
    await card.getByText('Draft').waitFor()

    // modules: none yet
    await card.getByRole('link', { name: 'Manage Modules of SQL for Analysts' }).click()
    await page.getByRole('heading', { level: 1, name: 'Modules and lessons' }).waitFor({ timeout: 15_000 })
    await page.getByText(moduleMessages.empty).waitFor()

    const addModule = async (title: string, minutes: string) => {
      await page.getByRole('button', { name: 'Add Module' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add Module' })
      await dialog.getByLabel('Module title').fill(title)
      await dialog.getByLabel('Duration (minutes)').fill(minutes)
      await dialog.getByLabel('Status').selectOption('published')
      await dialog.getByRole('button', { name: 'Add module' }).click()
      await dialog.waitFor({ state: 'hidden' })
    }
    await page.getByRole('button', { name: 'Add Module' }).click()
    const emptyModule = page.getByRole('dialog', { name: 'Add Module' })
    await emptyModule.getByRole('button', { name: 'Add module' }).click()
    await emptyModule.getByText(moduleMessages.moduleTitleRequired).waitFor()
    await emptyModule.getByRole('button', { name: 'Cancel' }).click()
    await addModule('Foundations', '30')
    await addModule('Window functions', '45')
    const modules = page.getByTestId('admin-module')
    await expect.poll(() => modules.count()).toBe(2)

    // a reading lesson needs its content
    await page.getByRole('button', { name: 'Add Lesson to Foundations' }).click()
    const reading = page.getByRole('dialog', { name: 'Add Lesson' })
    await reading.getByLabel('Lesson title').fill('Selecting rows')
    await reading.getByLabel('Lesson type').selectOption('reading')
    await reading.getByLabel('Duration (minutes)').fill('15')
    await reading.getByRole('button', { name: 'Add lesson' }).click()
    await reading.getByText(moduleMessages.readingContentRequired).waitFor()
    await reading.getByLabel('Content (Markdown)').fill('# SELECT\n\nStart with **one** table.')
    await reading.getByLabel('Status').selectOption('published')
    await reading.getByRole('button', { name: 'Add lesson' }).click()
    await reading.waitFor({ state: 'hidden' })

    // a quiz: two choices, the right one chosen by radio, a pass mark
    await page.getByRole('button', { name: 'Add Lesson to Window functions' }).click()
    const quiz = page.getByRole('dialog', { name: 'Add Lesson' })
    await quiz.getByLabel('Lesson title').fill('Check your ranking')
    await quiz.getByLabel('Lesson type').selectOption('quiz')
    await quiz.getByLabel('Duration (minutes)').fill('5')
    await quiz.getByRole('button', { name: 'Add lesson' }).click()
    await quiz.getByText(moduleMessages.quizNeedsQuestions).waitFor()
    await quiz.getByRole('button', { name: 'Add question' }).click()
    await quiz.getByLabel('Question 1 text').fill('Which function numbers rows without gaps?')
    await quiz.getByLabel('Question 1, choice 1').fill('RANK()')
    await quiz.getByLabel('Question 1, choice 2').fill('DENSE_RANK()')
    await quiz.getByRole('button', { name: 'Add lesson' }).click()
    await quiz.getByText(moduleMessages.correctChoiceInvalid).waitFor()
    await quiz.getByRole('radio', { name: 'Choice 2 is the right answer' }).check()
    await quiz.getByLabel('Pass mark (%)').fill('80')
    await quiz.getByLabel('Status').selectOption('published')
    await quiz.getByRole('button', { name: 'Add lesson' }).click()
    await quiz.waitFor({ state: 'hidden' })
    await expect.poll(() => page.getByTestId('admin-lesson').count()).toBe(2)

    // a video lesson: its upload goes through storage, judged by its bytes; a refused file keeps the saved lesson
    await page.getByRole('button', { name: 'Add Lesson to Foundations' }).click()
    const video = page.getByRole('dialog', { name: 'Add Lesson' })
    await video.getByLabel('Lesson title').fill('Welcome video')
    await video.getByLabel('Duration (minutes)').fill('3')
    await video
      .getByLabel('Video file')
      .setInputFiles({ name: 'welcome.mp4', mimeType: 'video/mp4', buffer: plainText })
    await video.getByRole('button', { name: 'Add lesson' }).click()
    await video.getByText(moduleMessages.videoNotVideo).waitFor()
    await video.getByText('The lesson is saved; its video is not uploaded yet.').waitFor()
    await video.getByLabel('Video file').setInputFiles({
      name: 'welcome.mp4',
      mimeType: 'video/mp4',
      buffer: await readFile(path.resolve(import.meta.dirname, '../../public/media/hero.mp4')),
    })
    await video.getByRole('button', { name: 'Save lesson' }).click()
    await video.waitFor({ state: 'hidden' })
    const videoRow = page.getByTestId('admin-lesson').filter({ hasText: 'Welcome video' })
    await videoRow.getByText('video uploaded').waitFor()
    // added once, then saved again with its video: one lesson, its version grown
    await expect.poll(() => page.getByTestId('admin-lesson').count()).toBe(3)
    await videoRow.getByText(/version [2-9]/).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    const read = async () =>
      (await (await page.request.get(`/api/admin/courses/${course.id}`)).json()) as AdminCourseDetail
    const before = await read()
    expect(before.modules.map((module) => module.title)).toEqual(['Foundations', 'Window functions'])

    // reorder by keyboard: the focus stays on the moved module, the move is announced and saved
    const moveUp = page.getByRole('button', { name: 'Move module Window functions up' })
    await moveUp.focus()
    const ordered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/admin/courses/${course.id}/modules/order`,
    )
    await page.keyboard.press('Enter')
    expect((await ordered).status()).toBe(200)
    await expect
      .poll(() => modules.locator('h2').allTextContents())
      .toEqual(['Module 1: Window functions', 'Module 2: Foundations'])
    // at the top its Move up is disabled: the focus moved to its Move down
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move module Window functions down')
    await expect
      .poll(() => page.getByTestId('reorder-announcement').textContent())
      .toBe('Moved module Window functions to position 1 of 2')
    const after = await read()
    expect(after.modules.map((module) => module.title)).toEqual(['Window functions', 'Foundations'])
    // the same rows, moved: ids kept, versions grown
    expect(after.modules.map((module) => module.id)).toEqual([before.modules[1]!.id, before.modules[0]!.id])
    expect(after.modules[0]!.version).toBeGreaterThan(before.modules[1]!.version)
    expect(after.modules[1]!.lessons[0]!.id).toBe(before.modules[0]!.lessons[0]!.id)
    await page.reload()
    await expect
      .poll(() => modules.locator('h2').allTextContents(), { timeout: 15_000 })
      .toEqual(['Module 1: Window functions', 'Module 2: Foundations'])

    // and by dragging a module's handle onto another module
    const dragged = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/admin/courses/${course.id}/modules/order`,
    )
    await modules.nth(1).locator('[draggable="true"]').first().dragTo(modules.nth(0))
    expect((await dragged).status()).toBe(200)
    await expect
      .poll(() => modules.locator('h2').allTextContents())
      .toEqual(['Module 1: Foundations', 'Module 2: Window functions'])
    expect((await read()).modules.map((module) => module.title)).toEqual(['Foundations', 'Window functions'])

    // publish the course from its edit page
    await page.getByRole('link', { name: 'Edit course details' }).click()
    await page.getByRole('heading', { level: 1, name: 'Edit course' }).waitFor({ timeout: 15_000 })
    expect(await page.getByLabel('Price (USD)').inputValue()).toBe('49.99')
    await page.getByLabel('Published (members can see it)').check()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText(courseMessages.updated).first().waitFor()
    await page.getByRole('heading', { level: 1, name: 'Course management' }).waitFor()
    await page.getByRole('article', { name: 'SQL for Analysts' }).getByText('Published').waitFor()

    // a member finds it on the browse page
    const member = await stack.signedInPage(subscriber)
    await member.page.goto('/courses/browse')
    await member.page.getByText('SQL for Analysts').first().waitFor({ timeout: 15_000 })
    await member.context.close()
  }, 180_000)

  test('a member gets the admin-only screen and a 403 from the admin API', async () => {
    const { page, context } = await stack.signedInPage({ ...subscriber, email: 'courses-member-2@example.com' })
    await page.goto('/admin/courses')
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 })
    expect((await page.request.get('/api/admin/courses')).status()).toBe(403)
    const created = await page.request.post('/api/admin/courses/categories', {
      headers: { Origin: stack.baseUrl },
      data: { name: 'Sneaky', description: 'Not an admin.' },
    })
    expect(created.status()).toBe(403)
    await context.close()
  })

  test("a category in use is not deleted; 'Delete All Courses' names the count and 'Deleted courses' restores them", async () => {
    const category = await createCategory(stack.db, { name: 'Leadership' })
    await createCourse(stack.db, { title: 'Leading Teams', categoryId: category.id })
    await createCourse(stack.db, { title: 'Feedback That Works', categoryId: category.id, isPublished: false })
    const { page, context } = await stack.signedInPage({ ...admin, email: 'courses-admin-2@example.com' })
    await page.goto('/admin/courses')
    await page.getByRole('heading', { level: 1, name: 'Course management' }).waitFor({ timeout: 15_000 })

    await page.getByRole('button', { name: 'Delete category Leadership' }).click()
    const confirmCategory = page.getByRole('alertdialog', { name: 'Delete category' })
    await confirmCategory.getByText(categoryMessages.confirmDelete).waitFor()
    await confirmCategory.getByRole('button', { name: 'Delete' }).click()
    await confirmCategory.getByText(categoryMessages.inUse).waitFor()
    await confirmCategory.getByRole('button', { name: 'Cancel' }).click()

    const cards = page.getByTestId('admin-course-card')
    await expect.poll(() => cards.count()).toBe(3)
    // the search narrows the grid by title or description
    await page.getByLabel('Search by title or description').fill('feedback')
    await expect.poll(() => cards.count()).toBe(1)
    await page.getByLabel('Search by title or description').fill('')
    await expect.poll(() => cards.count()).toBe(3)

    await page.getByRole('button', { name: 'Delete All Courses' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete All Courses' })
    await confirm.getByText(courseMessages.confirmDeleteAllCount(3)).waitFor()
    await confirm.getByRole('button', { name: 'Delete all 3 courses' }).click()
    await page.getByText(courseMessages.deletedAll(3), { exact: true }).waitFor()
    // the Deleted courses view opens with them
    await page.getByRole('button', { name: 'Deleted courses (3)', pressed: true }).waitFor()
    await expect.poll(() => cards.count()).toBe(3)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Restore all 3 courses' }).click()
    await page.getByText(courseMessages.restored).first().waitFor()
    await page.getByText('No deleted courses').waitFor()
    await page.getByRole('button', { name: 'Courses (3)' }).click()
    await expect.poll(() => cards.count()).toBe(3)

    // one course deleted on its own, restored on its own
    await page.getByRole('button', { name: 'Delete Leading Teams' }).click()
    const confirmOne = page.getByRole('alertdialog', { name: 'Delete course' })
    await confirmOne.getByText(courseMessages.confirmDelete).waitFor()
    await confirmOne.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByText(courseMessages.deleted).waitFor()
    await expect.poll(() => cards.count()).toBe(2)
    await page.getByRole('button', { name: 'Deleted courses (1)' }).click()
    await page.getByRole('button', { name: 'Restore Leading Teams' }).click()
    await page.getByText('No deleted courses').waitFor()
    await context.close()
  })
})
