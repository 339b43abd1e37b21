import type { UseFormRegisterReturn } from 'react-hook-form'
import { contentStatuses } from '#shared/courses/constants.ts'
import { TextField } from '#web/components/ui/field.tsx'
import { SelectField } from '#web/components/ui/select.tsx'

// The fields a module and a lesson share (spec 002 §5 Module form, Lesson form).

const statusOptions = contentStatuses.map((status) => ({
  value: status,
  label: status === 'draft' ? 'Draft' : 'Published',
}))

type RegisteredFieldProps = UseFormRegisterReturn & { error?: string }

/** A module's or lesson's length in minutes, required (spec 002 §5). */
export function DurationMinutesField({ error, ...registration }: RegisteredFieldProps) {
  return (
    <TextField
      label="Duration (minutes)"
      type="number"
      inputMode="numeric"
      min={0}
      required
      error={error}
      {...registration}
    />
  )
}

/** Draft or published: a draft stays hidden from members. */
export function ContentStatusField({ error, ...registration }: RegisteredFieldProps) {
  return (
    <SelectField label="Status" placeholder="Choose a status" options={statusOptions} error={error} {...registration} />
  )
}
