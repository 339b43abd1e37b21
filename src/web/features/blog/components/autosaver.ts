// spec 002 §4 auto-save, as a small machine apart from React so that its timing can
// be tested: a save runs `delayMs` after the last change; never two at once (a change
// during a save waits for it, then the newest values go); hold() drops what waits and
// ignores changes while 'Update' saves; flush() sends what waits at once (the editor closes).

export type AutosaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; savedAt: string } | { kind: 'failed'; message: string }

/** What to save now, or why it cannot be saved as it stands (a blank title). */
export type AutosaveRead<Values> = { values: Values } | { problem: string }

export type Autosaver = {
  /** a change: the save runs `delayMs` after the last one (none while held) */
  changed(): void
  /** sends the change that waits now, without waiting for its answer (the editor closes); none waits: nothing */
  flush(): void
  /** drops the waiting save and ignores changes until resume(): 'Update' sends the form itself */
  hold(): void
  /** changes count again, from a clean slate: nothing typed while held is sent until the next change */
  resume(): void
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
  // a change came during the running save: it goes when that one ends
  let again = false
  let held = false

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
        if (again) {
          again = false
          run()
        }
      })
  }

  const fire = () => {
    clearTimeout(timer)
    timer = undefined
    if (running) again = true
    else run()
  }

  return {
    changed() {
      if (held) return
      clearTimeout(timer)
      timer = setTimeout(fire, delayMs)
    },
    flush() {
      if (timer !== undefined) fire()
    },
    hold() {
      held = true
      again = false
      clearTimeout(timer)
      timer = undefined
    },
    resume() {
      held = false
    },
    async settled() {
      while (running) await running
    },
  }
}
