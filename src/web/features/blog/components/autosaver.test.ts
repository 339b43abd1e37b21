import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createAutosaver, type AutosaveRead, type AutosaveState } from '#web/features/blog/components/autosaver.ts'

type Deferred = { resolve: () => void; reject: (error: Error) => void; values: string }

function harness(read: () => AutosaveRead<string> = () => ({ values: current })) {
  const saves: Deferred[] = []
  const states: AutosaveState[] = []
  const autosaver = createAutosaver<string>({
    delayMs: 2000,
    read,
    save: (values) =>
      new Promise((resolve, reject) =>
        saves.push({ values, resolve: () => resolve({ savedAt: `saved ${values}` }), reject }),
      ),
    failureMessage: (error) => (error instanceof Error ? error.message : 'failed'),
    onState: (state) => states.push(state),
  })
  return { autosaver, saves, states }
}

let current = ''

beforeEach(() => {
  vi.useFakeTimers()
  current = 'first'
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the blog editor autosave', () => {
  test('saves two seconds after the last change, once for a burst of typing', async () => {
    const { autosaver, saves } = harness()
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(1500)
    current = 'second'
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(1999)
    expect(saves).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(saves.map((save) => save.values)).toEqual(['second'])
  })

  test('never runs two saves at once: a change during a save goes after it, with the newest text', async () => {
    const { autosaver, saves, states } = harness()
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(2000)
    current = 'during'
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(2000)
    current = 'newest'
    expect(saves).toHaveLength(1)
    saves[0]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(saves.map((save) => save.values)).toEqual(['first', 'newest'])
    saves[1]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(states.at(-1)).toEqual({ kind: 'saved', savedAt: 'saved newest' })
  })

  test('says why a save failed, and why values that cannot be saved were not sent', async () => {
    const { autosaver, saves, states } = harness()
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(2000)
    saves[0]!.reject(new Error('Only drafts are saved automatically'))
    await vi.advanceTimersByTimeAsync(0)
    expect(states.at(-1)).toEqual({ kind: 'failed', message: 'Only drafts are saved automatically' })

    const blank = harness(() => ({ problem: 'Title is required' }))
    blank.autosaver.changed()
    await vi.advanceTimersByTimeAsync(2000)
    expect(blank.saves).toHaveLength(0)
    expect(blank.states).toEqual([{ kind: 'failed', message: 'Title is required' }])
  })

  test('cancel drops the waiting save, and settled waits for the running one', async () => {
    const { autosaver, saves } = harness()
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(2000)
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(2000)
    autosaver.cancel()
    let settled = false
    void autosaver.settled().then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    saves[0]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(true)
    expect(saves).toHaveLength(1)
  })
})
