import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import {
  createCategory,
  createCourse,
  createLesson,
  createModule,
  createQuiz,
  type CourseRow,
} from '#server/testing/courses.ts'
import { newObjectKey } from '#server/platform/storage.ts'
import { courseMessages, progressMessages } from '#shared/courses/messages.ts'
import { seriousAccessibilityViolations, startStack, waitForPath, type Stack } from './support/stack.ts'

// Issue 15, member side: the marketplace and its filters, a course page with real
// progress (the server's, so it survives a reload), saved courses, and the premium
// lock of the marketplace for a member without a plan (spec 001 §2, §8, §9).

let stack: Stack
let sql: CourseRow
let leading: CourseRow
let excel: CourseRow
let video: CourseRow

const demoVideo = fileURLToPath(new URL('../../src/server/seed/assets/demo-lesson.mp4', import.meta.url))

const days = (count: number) => new Date(Date.now() + count * 86_400_000)

beforeAll(async () => {
  stack = await startStack()
  const data = await createCategory(stack.db, { name: 'Data' })
  const leadership = await createCategory(stack.db, { name: 'Leadership' })
  sql = await createCourse(stack.db, {
    title: 'SQL for Analysts',
    description: 'Joins, grouping and window functions for everyday questions.',
    provider: 'Northwind Academy',
    level: 'Beginner',
    durationHours: 12,
    categoryId: data.id,
    skills: ['SQL', 'Data Analysis'],
    hasCertification: true,
    salaryRange: '$70,000 - $90,000',
    // the provider's page: here a page of the app itself, so the new tab has somewhere to go
    affiliateUrl: `${stack.baseUrl}/partners`,
    priceCents: 4900,
    salePriceCents: 2900,
    saleEndsAt: days(3),
    createdAt: days(-1),
  })
  const basics = await createModule(stack.db, sql.id, { title: 'Basics', position: 1 })
  await createLesson(stack.db, basics.id, {
    title: 'Reading the data',
    position: 1,
    content: [
      '## Start with a question',
      '',
      'Read the [PostgreSQL tutorial](https://www.postgresql.org/docs/current/tutorial.html) first.',
      '',
      '<script>window.hacked = true</script><img src=x onerror="window.hacked = true">',
    ].join('\n'),
  })
  await createQuiz(stack.db, basics.id, { title: 'Check yourself', position: 2, passMark: 100 }, [
    { prompt: 'Which join keeps every row of the left table?', choices: ['Inner join', 'Left join'], correctChoice: 1 },
    { prompt: 'Which clause filters groups?', choices: ['WHERE', 'HAVING', 'ORDER BY'], correctChoice: 1 },
  ])
  const more = await createModule(stack.db, sql.id, { title: 'Window functions', position: 2 })
  await createLesson(stack.db, more.id, { title: 'Ranking rows', content: 'Use `rank()`.' })

  // a course with a video of ours: the demo seed's 6-second clip, put in storage as an upload would be
  video = await createCourse(stack.db, {
    title: 'Charts in Six Seconds',
    level: 'Intermediate',
    durationHours: 1,
    createdAt: days(-5),
  })
  const videoKey = newObjectKey('lesson-videos', 'mp4')
  await stack.storage.put(videoKey, await readFile(demoVideo), { contentType: 'video/mp4', visibility: 'private' })
  const clips = await createModule(stack.db, video.id, { title: 'Clips' })
  await createLesson(stack.db, clips.id, { title: 'Watch the trend', type: 'video', content: '', videoKey })
  await createLesson(stack.db, clips.id, { title: 'Notes', position: 2 })

  leading = await createCourse(stack.db, {
    title: 'Leading Remote Teams',
    description: 'Rituals and trust for teams across time zones.',
    level: 'Advanced',
    durationHours: 30,
    categoryId: leadership.id,
    priceCents: 0,
    createdAt: days(-2),
  })
  excel = await createCourse(stack.db, {
    title: 'Excel Deep Dive',
    description: 'Pivot tables, lookups and models.',
    level: 'Intermediate',
    durationHours: 45,
    categoryId: data.id,
    priceCents: 12000,
    // a sale that is over: only the regular price shows
    salePriceCents: 9000,
    saleEndsAt: days(-1),
    createdAt: days(-3),
  })
  await createCourse(stack.db, { title: 'Unpublished Draft Course', isPublished: false })
})
afterAll(async () => {
  await stack?.close()
})

const subscriber = {
  email: 'learner@example.com',
  password: 'Learner-Pass-2026',
  firstName: 'Lee',
  lastName: 'Learner',
  subscribedDays: 30,
}

const ALL_TITLES = ['SQL for Analysts', 'Leading Remote Teams', 'Excel Deep Dive', 'Charts in Six Seconds']

const cardsOf = (page: Page) => page.getByTestId('course-card')
const titlesOf = (page: Page) => cardsOf(page).getByRole('heading', { level: 2 }).allTextContents()
const courseProgress = (page: Page) =>
  page.getByRole('progressbar', { name: 'Course progress' }).getAttribute('aria-valuenow')

describe('courses for members', () => {
  test('a subscriber filters the marketplace, completes a reading lesson and a quiz, keeps the progress after a reload and saves the course', async () => {
    const { page, context } = await stack.signedInPage(subscriber)

    // the marketplace: newest first, drafts never shown, prices with a running sale only
    await page.goto('/courses/marketplace')
    await page.getByRole('heading', { level: 1, name: 'Course Marketplace' }).waitFor({ timeout: 15_000 })
    await expect.poll(() => titlesOf(page)).toEqual(ALL_TITLES)
    const sqlCard = cardsOf(page).filter({ hasText: 'SQL for Analysts' })
    expect(await sqlCard.getByTestId('course-price').textContent()).toMatch(/\$29.*\$49/)
    expect(await sqlCard.locator('s').textContent()).toBe('$49')
    const excelCard = cardsOf(page).filter({ hasText: 'Excel Deep Dive' })
    expect(await excelCard.getByTestId('course-price').textContent()).toBe('$120')
    expect(await excelCard.locator('s').count()).toBe(0)
    expect(
      await cardsOf(page).filter({ hasText: 'Leading Remote Teams' }).getByTestId('course-price').textContent(),
    ).toBe('Free')
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // each filter narrows the list and lives in the URL
    const filters = page.getByRole('complementary', { name: 'Filters' })
    await filters.getByLabel('Level').selectOption('Beginner')
    await expect.poll(() => new URL(page.url()).searchParams.get('level')).toBe('Beginner')
    await expect.poll(() => titlesOf(page)).toEqual(['SQL for Analysts'])
    await filters.getByLabel('Level').selectOption('')
    await filters.getByLabel('Duration').selectOption('40+')
    await expect.poll(() => titlesOf(page)).toEqual(['Excel Deep Dive'])
    await filters.getByLabel('Duration').selectOption('20-40')
    await expect.poll(() => titlesOf(page)).toEqual(['Leading Remote Teams'])
    await filters.getByLabel('Duration').selectOption('')
    await filters.getByLabel('Category').selectOption({ label: 'Data' })
    await expect.poll(() => titlesOf(page)).toEqual(['SQL for Analysts', 'Excel Deep Dive'])
    // a shared link opens the same search
    await page.reload()
    await expect.poll(() => filters.getByLabel('Category').inputValue()).not.toBe('')
    await expect.poll(() => titlesOf(page)).toEqual(['SQL for Analysts', 'Excel Deep Dive'])
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('window functions')
    await page.getByRole('searchbox', { name: 'Search courses' }).press('Enter')
    await expect.poll(() => titlesOf(page)).toEqual(['SQL for Analysts'])
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('astrophysics')
    await page.getByRole('searchbox', { name: 'Search courses' }).press('Enter')
    await page.getByTestId('courses-empty').getByText(courseMessages.noResults).waitFor()
    await filters.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(() => titlesOf(page)).toHaveLength(4)

    // the course page
    await cardsOf(page).getByRole('link', { name: 'SQL for Analysts' }).click()
    await waitForPath(page, `/courses/${sql.id}`)
    await page.getByRole('heading', { level: 1, name: 'SQL for Analysts' }).waitFor()
    await page.getByText('Certificate on completion').waitFor()
    await page.getByText('$70,000 - $90,000').waitFor()
    expect(await courseProgress(page)).toBe('0')
    expect(await page.getByTestId('course-module').count()).toBe(2)
    expect(await page.getByRole('link', { name: 'Back to Course Marketplace' }).count()).toBe(1)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // 'Enrol' opens the provider's page in a new tab
    const opened = context.waitForEvent('page')
    await page.getByRole('button', { name: /^Enrol/ }).click()
    const provider = await opened
    await provider.waitForURL((url) => url.pathname === '/partners', { timeout: 15_000 })
    await provider.close()

    // a reading lesson: the server's sanitised HTML, then 'Mark complete'
    const content = page.getByRole('navigation', { name: 'Course content' })
    await content.getByRole('link', { name: /Reading the data/ }).click()
    const lesson = page.getByTestId('lesson-panel')
    await lesson.getByRole('heading', { name: 'Start with a question' }).waitFor()
    const docs = lesson.getByRole('link', { name: 'PostgreSQL tutorial' })
    expect(await docs.getAttribute('target')).toBe('_blank')
    expect(await docs.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined()
    expect(await lesson.locator('script, img').count()).toBe(0)
    await lesson.getByRole('button', { name: 'Mark complete' }).click()
    await lesson.getByTestId('lesson-completed').waitFor()
    await expect.poll(() => courseProgress(page)).toBe('33')
    expect(
      await page.getByRole('progressbar', { name: 'Progress in module Basics' }).getAttribute('aria-valuenow'),
    ).toBe('50')

    // the quiz: a wrong answer fails, another attempt passes and completes the lesson
    await lesson.getByRole('link', { name: /Next lesson: Check yourself/ }).click()
    const quiz = page.getByRole('form', { name: 'Quiz: Check yourself' })
    await quiz.getByLabel('Inner join').check()
    await quiz.getByLabel('HAVING').check()
    await quiz.getByRole('button', { name: 'Submit answers' }).click()
    await page.getByTestId('quiz-result').getByText(progressMessages.quizFailed).waitFor()
    await page.getByTestId('quiz-result').getByText('You scored 50% (1 of 2 right)').waitFor()
    expect(await courseProgress(page)).toBe('33')
    await page.getByRole('button', { name: 'Try again' }).click()
    await quiz.getByLabel('Left join').check()
    await quiz.getByLabel('HAVING').check()
    await quiz.getByRole('button', { name: 'Submit answers' }).click()
    await page.getByTestId('quiz-result').getByText(progressMessages.quizPassed).waitFor()
    await expect.poll(() => courseProgress(page)).toBe('66')
    await page.getByText('2 attempts').waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the progress is the server's: a reload shows it again, lesson by lesson
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'SQL for Analysts' }).waitFor({ timeout: 15_000 })
    await expect.poll(() => courseProgress(page)).toBe('66')
    expect(await page.getByTestId('lesson-done').count()).toBe(2)
    await page.getByTestId('lesson-completed').waitFor()

    // the lists show where the member stands
    await page.goto('/courses/browse')
    await page.getByRole('heading', { level: 1, name: 'Browse Courses' }).waitFor()
    await expect
      .poll(() => cardsOf(page).filter({ hasText: 'SQL for Analysts' }).getByTestId('course-progress').textContent())
      .toContain('66% complete')
    expect(await cardsOf(page).filter({ hasText: 'Excel Deep Dive' }).getByTestId('course-progress').count()).toBe(0)
    // browse shows no prices
    expect(await page.getByTestId('course-price').count()).toBe(0)

    // saved from its page, found under Saved > Courses with its progress
    await page.goto(`/courses/${sql.id}`)
    await page.getByRole('button', { name: 'Save SQL for Analysts' }).click()
    await page.getByText(courseMessages.saved).waitFor()
    await expect.poll(() => page.getByTestId('save-course').getAttribute('aria-pressed')).toBe('true')
    await page.goto('/saved')
    await page.getByRole('heading', { level: 1, name: 'Saved Items' }).waitFor({ timeout: 15_000 })
    await expect.poll(() => page.getByTestId('saved-count-courses').textContent()).toBe('1')
    await page.getByRole('tab', { name: /Courses/ }).click()
    const saved = page.getByTestId('saved-course')
    await saved.getByRole('link', { name: 'SQL for Analysts' }).waitFor()
    expect(await saved.textContent()).toContain('66% complete')
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await page.getByRole('link', { name: 'All saved courses' }).click()
    await waitForPath(page, '/saved/courses')
    await saved.getByRole('link', { name: 'SQL for Analysts' }).click()
    await waitForPath(page, `/courses/${sql.id}`)
    await page.getByRole('link', { name: 'Back to Saved Courses' }).click()
    await waitForPath(page, '/saved/courses')
    await page.getByRole('button', { name: 'Remove SQL for Analysts from saved courses' }).click()
    await page.getByText(courseMessages.unsaved).waitFor()
    await page.getByText(courseMessages.noSavedCourses).waitFor()
    await context.close()
  })

  test('a lesson video streams in byte ranges, reports how far it was watched, and completes at 90 %', async () => {
    const { page, context } = await stack.signedInPage({ ...subscriber, email: 'watcher@example.com' })
    const ranges: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/video')) ranges.push(request.headers()['range'] ?? '')
    })
    const reports: number[] = []
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname.endsWith('/progress'))
        reports.push((request.postDataJSON() as { watchedFraction: number }).watchedFraction)
    })
    await page.goto(`/courses/${video.id}`)
    await page
      .getByRole('navigation', { name: 'Course content' })
      .getByRole('link', { name: /Watch the trend/ })
      .click()
    const player = page.getByTestId('lesson-panel').locator('video')
    await player.waitFor()
    await page.getByText('Watched 0%. The lesson completes at 90%.').waitFor()
    await player.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true
      element.playbackRate = 2
      await element.play()
    })
    await page.getByTestId('lesson-completed').waitFor({ timeout: 20_000 })
    // the browser asked for byte ranges; the reports were throttled, growing, and reached 90 %
    expect(ranges.some((range) => range.startsWith('bytes='))).toBe(true)
    expect(reports.length).toBeGreaterThan(0)
    expect(reports.length).toBeLessThan(25)
    expect([...reports].sort((a, b) => a - b)).toEqual(reports)
    expect(Math.max(...reports)).toBeGreaterThanOrEqual(0.9)
    await expect.poll(() => courseProgress(page)).toBe('50')
    await page.reload()
    await page.getByTestId('lesson-completed').waitFor({ timeout: 15_000 })
    expect(await courseProgress(page)).toBe('50')
    await context.close()
  })

  test('a member without a plan browses courses but meets the premium lock on the marketplace', async () => {
    const { page, context } = await stack.signedInPage({
      email: 'free-learner@example.com',
      password: 'Free-Learner-2026',
      firstName: 'Fran',
      lastName: 'Free',
    })
    // /courses opens browse
    await page.goto('/courses')
    await waitForPath(page, '/courses/browse')
    await page.getByRole('heading', { level: 1, name: 'Browse Courses' }).waitFor({ timeout: 15_000 })
    await expect.poll(() => titlesOf(page)).toEqual(ALL_TITLES)
    await page.getByLabel('Duration').selectOption('10+')
    await expect.poll(() => new URL(page.url()).searchParams.get('duration')).toBe('10+')
    await expect.poll(() => titlesOf(page)).toHaveLength(3)
    await page.getByLabel('Level').selectOption('Advanced')
    await expect.poll(() => titlesOf(page)).toEqual(['Leading Remote Teams'])
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await cardsOf(page).getByRole('link', { name: 'Leading Remote Teams' }).click()
    await waitForPath(page, `/courses/${leading.id}`)
    await page.getByRole('heading', { level: 1, name: 'Leading Remote Teams' }).waitFor()
    await page.getByText('The lessons of this course are not published yet.').waitFor()
    await page.getByRole('link', { name: 'Back to Browse Courses' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('level')).toBe('Advanced')

    await page.goto('/courses/marketplace')
    await page.getByRole('heading', { name: 'Premium Feature' }).waitFor({ timeout: 15_000 })
    expect(await cardsOf(page).count()).toBe(0)

    // a course that is not there says so
    await page.goto('/courses/00000000-0000-4000-8000-000000000000')
    await page.getByRole('heading', { level: 1, name: courseMessages.notFound }).waitFor({ timeout: 15_000 })
    expect(excel.id).toBeTruthy()
    await context.close()
  })
})
