import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { goalMessages, routineMessages } from '#shared/goals/messages.ts'
import type { GoalView, RoutineDayView } from '#shared/goals/schemas.ts'
import { reflectionQuestions } from '#shared/goals/constants.ts'
import { seriousAccessibilityViolations, startStack, waitForPath, type Stack } from './support/stack.ts'

// Issue 21 in a browser: a member's career goal and its progress, a day of their
// routine kept on the server, that day marked on the calendar with the streak; and
// nobody else reaches any of it.

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const member = {
  email: 'gale.goals@example.com',
  password: 'Gale-Goals-2026',
  firstName: 'Gale',
  lastName: 'Goals',
}
const other = {
  email: 'nosy.goals@example.com',
  password: 'Nosy-Goals-2026',
  firstName: 'Ned',
  lastName: 'Nosy',
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title })

async function activeGoals(page: Page): Promise<GoalView[]> {
  const response = await page.request.get('/api/goals')
  expect(response.status()).toBe(200)
  return ((await response.json()) as { goals: GoalView[] }).goals
}

describe('career goals, the daily routine and its calendar', () => {
  test('a member adds a goal and moves it to 35%, fills in today and reflects, sees today completed on the calendar with a 1-day streak; another member gets 404s', async () => {
    const { page } = await stack.signedInPage(member)
    await waitForPath(page, '/dashboard')

    // the Career Goals card: required fields first, then a goal
    const goals = card(page, 'Career Goals')
    await goals.getByText(goalMessages.none).waitFor({ timeout: 15_000 })
    await goals.getByRole('button', { name: 'Add goal' }).click()
    await goals.getByText(goalMessages.requiredFields).first().waitFor()
    await goals.getByLabel('Goal type').selectOption({ label: 'Remote Work' })
    await goals.getByText('Land a remote job').waitFor()
    await goals.getByLabel('Goal', { exact: true }).fill('Join a remote-first team')
    await goals.getByRole('button', { name: 'Add goal' }).click()
    await page.getByText(goalMessages.created).waitFor()
    const slider = goals.getByRole('slider', { name: 'Progress of Join a remote-first team' })
    expect(await slider.inputValue()).toBe('0')

    // progress moves in steps of five and is saved on release; it is still there after a reload
    await slider.fill('35')
    await expect.poll(async () => (await activeGoals(page)).map((goal) => goal.progress)).toEqual([35])
    await page.reload()
    await expect.poll(() => slider.inputValue(), { timeout: 15_000 }).toBe('35')
    expect(await goals.getByTestId('goal-progress').textContent()).toBe('35%')
    const [goal] = await activeGoals(page)

    // today's routine, from the Today card
    await card(page, 'Today').getByRole('link', { name: 'Open your daily routine' }).click()
    await waitForPath(page, '/dashboard/daily-routine')
    await page.getByRole('heading', { level: 1, name: 'Daily Routine' }).waitFor()
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard')
    await card(page, 'Focus Skill').getByRole('link', { name: 'Choose a focus skill in Settings' }).waitFor()

    const blocks = card(page, 'Time Blocks')
    await blocks.getByLabel('Time', { exact: true }).fill('10:30')
    await blocks.getByLabel('Activity').fill('Deep work on the portfolio')
    await blocks.getByRole('button', { name: 'Add block' }).click()
    await blocks
      .getByRole('group', { name: 'Status of 10:30 Deep work on the portfolio' })
      .getByRole('button', { name: 'Completed' })
      .click()
    const tasks = card(page, 'Priority Tasks')
    await tasks.getByLabel('New task').fill('Send two applications')
    await tasks.getByRole('button', { name: 'Add task' }).click()
    await tasks.getByRole('checkbox', { name: 'Send two applications' }).check()
    await card(page, 'Daily Challenge').getByRole('checkbox', { name: 'Challenge completed' }).check()

    const reflection = card(page, 'Evening Reflection')
    const answers = ['Shipped the portfolio page', 'Estimating took long; I split the work', 'Two applications']
    for (const [index, question] of reflectionQuestions.entries()) {
      await reflection.getByLabel(question).fill(answers[index]!)
    }
    await reflection.getByRole('button', { name: 'Save reflection' }).click()
    await reflection.getByText(routineMessages.reflectionDone, { exact: true }).waitFor()
    await page.getByTestId('day-completed').getByText('1-day streak').waitFor()

    // all of it is the server's: read back after a reload
    await page.reload()
    await page.getByTestId('day-completed').waitFor({ timeout: 15_000 })
    const day = (await (await page.request.get('/api/routine/today')).json()) as RoutineDayView
    // the first day starts from a starter schedule; the member's own block is among it
    expect(day.timeBlocks.map(({ time, activity, status }) => ({ time, activity, status }))).toContainEqual({
      time: '10:30',
      activity: 'Deep work on the portfolio',
      status: 'completed',
    })
    const mine = day.timeBlocks.find((block) => block.time === '10:30')!
    expect(day.tasks.map(({ title, completed }) => ({ title, completed }))).toEqual([
      { title: 'Send two applications', completed: true },
    ])
    expect(day.reflection).toEqual({ completed: true, answers })
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the calendar: today marked completed, the streak at 1, today's checklist
    await page.getByRole('link', { name: 'Back to Dashboard' }).click()
    await waitForPath(page, '/dashboard')
    await card(page, 'Today').getByRole('link', { name: 'Open your calendar' }).click()
    await waitForPath(page, '/dashboard/calendar')
    const todayCell = page.locator('td[aria-current="date"]')
    await expect.poll(() => todayCell.getAttribute('aria-label'), { timeout: 15_000 }).toMatch(/today, completed$/)
    expect(await page.getByTestId('month-grid').locator('tbody td').count()).toBe(42)
    expect(await page.getByTestId('current-streak').textContent()).toBe('1 day')
    expect(await page.getByTestId('longest-streak').textContent()).toBe('1 day')
    const checklist = card(page, "Today's Routines")
    expect(await checklist.getByRole('checkbox', { name: /^Daily challenge: / }).isChecked()).toBe(true)
    expect(await checklist.getByRole('checkbox', { name: '10:30 Deep work on the portfolio' }).isChecked()).toBe(true)
    await checklist.getByText('Evening reflection done').waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the month is in the URL; the previous month has no today
    const month = day.day.slice(0, 7)
    await page.getByRole('button', { name: 'Previous month' }).click()
    await page.waitForURL((url) => url.searchParams.has('month') && url.searchParams.get('month') !== month)
    await expect.poll(() => todayCell.count()).toBe(0)
    await page.getByRole('button', { name: 'Next month' }).click()
    await page.waitForURL((url) => url.searchParams.get('month') === month)
    await expect.poll(() => todayCell.getAttribute('aria-label')).toMatch(/today, completed$/)

    // another member reaches none of it
    const nosy = await stack.signedInPage(other)
    const headers = { Origin: stack.baseUrl }
    const patched = await nosy.page.request.patch(`/api/goals/${goal!.id}`, { headers, data: { progress: 100 } })
    expect(patched.status()).toBe(404)
    const block = await nosy.page.request.patch(`/api/routine/blocks/${mine.id}`, {
      headers,
      data: { status: 'skipped' },
    })
    expect(block.status()).toBe(404)
    const task = await nosy.page.request.delete(`/api/routine/tasks/${day.tasks[0]!.id}`, { headers })
    expect(task.status()).toBe(404)
    expect(await activeGoals(nosy.page)).toEqual([])
    expect(await activeGoals(page)).toEqual([expect.objectContaining({ id: goal!.id, progress: 35 })])
  })
})
