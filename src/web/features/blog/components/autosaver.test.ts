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

  test('hold drops the waiting save, and settled waits for the running one', async () => {
    const { autosaver, saves } = harness()
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(2000)
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(2000)
    autosaver.hold()
    let settled = false
    void autosaver.settled().then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    saves[0]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(true)
    expect(saves).toHaveLength(1)
  })

  test("changes typed while 'Update' saves arm nothing; after it, the next change saves afresh", async () => {
    const { autosaver, saves } = harness()
    autosaver.changed()
    autosaver.hold()
    // typing during the Update request
    current = 'typed during Update'
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(saves).toHaveLength(0)
    // Update refused: changes count again, from the values it sent
    autosaver.resume()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(saves).toHaveLength(0)
    current = 'after Update'
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(2000)
    expect(saves.map((save) => save.values)).toEqual(['after Update'])
  })

  test('a change held behind a running save is dropped by hold, not sent after it', async () => {
    const { autosaver, saves } = harness()
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(2000)
    current = 'queued'
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(2000)
    autosaver.hold()
    autosaver.changed()
    saves[0]!.resolve()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(saves.map((save) => save.values)).toEqual(['first'])
  })

  test('closing sends the change that waits at once, and one queued behind a running save still goes', async () => {
    const { autosaver, saves, states } = harness()
    autosaver.changed()
    await vi.advanceTimersByTimeAsync(500)
    autosaver.flush()
    expect(saves.map((save) => save.values)).toEqual(['first'])
    // the timer it replaced does not send it a second time
    await vi.advanceTimersByTimeAsync(10_000)
    expect(saves).toHaveLength(1)

    // closing while a save runs: the newer change goes after it, not dropped
    current = 'while saving'
    autosaver.changed()
    autosaver.flush()
    expect(saves).toHaveLength(1)
    saves[0]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(saves.map((save) => save.values)).toEqual(['first', 'while saving'])
    saves[1]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(states.at(-1)).toEqual({ kind: 'saved', savedAt: 'saved while saving' })

    // nothing waiting, or held for 'Update': closing sends nothing
    autosaver.flush()
    autosaver.changed()
    autosaver.hold()
    autosaver.flush()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(saves).toHaveLength(2)
  })
})
