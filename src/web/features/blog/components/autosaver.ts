// spec 002 §4 auto-save, as a small machine apart from React so that its timing can
// be tested: a save runs `delayMs` after the last change; never two at once (a change
// during a save waits for it, then the newest values go); cancel() drops what waits.

export type AutosaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; savedAt: string } | { kind: 'failed'; message: string }

/** What to save now, or why it cannot be saved as it stands (a blank title). */
export type AutosaveRead<Values> = { values: Values } | { problem: string }

export type Autosaver = {
  /** a change: the save runs `delayMs` after the last one */
  changed(): void
  /** drops the waiting save (the form is being submitted or closed) */
  cancel(): void
  /** resolves once no save is running: 'Update' waits for it, so the two never cross */
  settled(): Promise<void>
}

export function createAutosaver<Values>({
  delayMs,
  read,
  save,
  failureMessage,
  onState,
}: {
  delayMs: number
  read: () => AutosaveRead<Values>
  save: (values: Values) => Promise<{ savedAt: string }>
  failureMessage: (error: unknown) => string
  onState: (state: AutosaveState) => void
}): Autosaver {
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined
  let again = false
  let cancelled = false

  const run = () => {
    const next = read()
    if ('problem' in next) {
      onState({ kind: 'failed', message: next.problem })
      return
    }
    onState({ kind: 'saving' })
    running = save(next.values)
      .then(
        ({ savedAt }) => onState({ kind: 'saved', savedAt }),
        (error: unknown) => onState({ kind: 'failed', message: failureMessage(error) }),
      )
      .finally(() => {
        running = undefined
        if (again && !cancelled) {
          again = false
          run()
        }
      })
  }

  const fire = () => {
    timer = undefined
    if (running) again = true
    else run()
  }

  return {
    changed() {
      cancelled = false
      clearTimeout(timer)
      timer = setTimeout(fire, delayMs)
    },
    cancel() {
      cancelled = true
      again = false
      clearTimeout(timer)
      timer = undefined
    },
    async settled() {
      while (running) await running
    },
  }
}
