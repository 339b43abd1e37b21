import type { ComponentProps } from 'react'
import { honeypotField } from '#shared/constants.ts'

/**
 * issue 6: a field people never see or reach (off-screen, hidden from assistive
 * technology, out of the tab order, no autofill) and so leave empty; bots that
 * fill every input give themselves away and the server refuses them.
 */
export function HoneypotField(props: Omit<ComponentProps<'input'>, 'name' | 'type'>) {
  return (
    <div
      aria-hidden="true"
      style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}
    >
      <label>
        Leave this field empty
        <input type="text" tabIndex={-1} autoComplete="off" {...props} name={honeypotField} />
      </label>
    </div>
  )
}
