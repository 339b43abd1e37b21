import { describe, expect, test } from 'vitest'
import type { RoutineDayView } from '#shared/goals/schemas.ts'
import { applyDayChange, dayProgress } from './day-changes.ts'

// What a routine write shows before the server answers, and how far a day is.

const day = (overrides: Partial<RoutineDayView> = {}): RoutineDayView => ({
  day: '2026-03-01',
  timeZone: 'Europe/Paris',
  focusSkill: null,
  challenge: { title: 'Reach out', description: 'Message one former colleague', minutes: 15, completed: false },
  quote: { text: 'Well begun is half done.', author: 'Aristotle' },
  coachTip: 'Start with the hardest task.',
  timeBlocks: [
    { id: 'b1', time: '09:00', activity: 'Deep work', status: 'pending' },
    { id: 'b2', time: '14:00', activity: 'Applications', status: 'pending' },
  ],
  tasks: [
    { id: 't1', title: 'Update resume', completed: false },
    { id: 't2', title: 'Call mentor', completed: true },
  ],
  reflection: { completed: false, answers: null },
  completed: false,
  streak: { current: 0, longest: 2 },
  ...overrides,
})

describe('a routine change shown before the answer', () => {
  test('ticking the challenge marks it completed and leaves the rest alone', () => {
    const before = day()
    const after = applyDayChange(before, { kind: 'challenge', completed: true })
    expect(after.challenge.completed).toBe(true)
    expect(after.timeBlocks).toBe(before.timeBlocks)
    expect(before.challenge.completed).toBe(false)
  })

  test('a block changes only what was sent, and only that block', () => {
    const after = applyDayChange(day(), { kind: 'block', blockId: 'b2', status: 'skipped' })
    expect(after.timeBlocks).toEqual([
      { id: 'b1', time: '09:00', activity: 'Deep work', status: 'pending' },
      { id: 'b2', time: '14:00', activity: 'Applications', status: 'skipped' },
    ])
  })

  test('a deleted block or task leaves the list at once', () => {
    expect(applyDayChange(day(), { kind: 'remove-block', blockId: 'b1' }).timeBlocks.map((b) => b.id)).toEqual(['b2'])
    expect(applyDayChange(day(), { kind: 'remove-task', taskId: 't2' }).tasks.map((t) => t.id)).toEqual(['t1'])
  })

  test('a task is ticked without its title changing', () => {
    const after = applyDayChange(day(), { kind: 'task', taskId: 't1', completed: true })
    expect(after.tasks[0]).toEqual({ id: 't1', title: 'Update resume', completed: true })
  })

  test('the day completed and the streak stay as the server said', () => {
    const after = applyDayChange(day(), { kind: 'challenge', completed: true })
    expect(after.completed).toBe(false)
    expect(after.streak).toEqual({ current: 0, longest: 2 })
  })
})

describe('how far the member is through today', () => {
  test('counts the challenge, decided blocks, done tasks and the reflection', () => {
    expect(dayProgress(day())).toEqual({ done: 1, total: 6, percent: 17 })
    const busy = day({
      challenge: { ...day().challenge, completed: true },
      timeBlocks: [
        { id: 'b1', time: '09:00', activity: 'Deep work', status: 'completed' },
        { id: 'b2', time: '14:00', activity: 'Applications', status: 'skipped' },
      ],
      reflection: { completed: true, answers: ['a', 'b', 'c'] },
    })
    expect(dayProgress(busy)).toEqual({ done: 5, total: 6, percent: 83 })
  })

  test('an empty schedule still counts the challenge and the reflection', () => {
    expect(dayProgress(day({ timeBlocks: [], tasks: [] }))).toEqual({ done: 0, total: 2, percent: 0 })
  })
})
