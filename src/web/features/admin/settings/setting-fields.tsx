import { useEffect, useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { settingsMessages, settingsSchemas, type SettingsCategory, type SettingsPatch } from '#shared/admin/settings.ts'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { TextField } from '#web/components/ui/field.tsx'
import { SelectField, type SelectOption } from '#web/components/ui/select.tsx'
import { ApiError, messageOf } from '#web/lib/api.ts'
import { useSaveSettings } from '#web/features/admin/settings/api.ts'

// Each field of a card saves itself when it changes (spec 002 §4 Settings): a
// choice or a switch at once, a typed value when the field is left (or on Enter)
// and only if it changed. The shared rule is checked first for quick feedback;
// the server checks again and its message lands under the field.

export type CardSaver = {
  /** Saves `patch`; true when saved. */
  save(patch: SettingsPatch): Promise<boolean>
  errors: Partial<Record<string, string>>
  pending: boolean
}

/** A card's saver: one toast per save ('Settings updated successfully' or why not), field messages under fields. */
export function useCardSaver(category: SettingsCategory): CardSaver {
  const mutation = useSaveSettings()
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({})
  const save = async (patch: SettingsPatch) => {
    const fields = Object.keys(patch)
    // the shared rule first, for the fields that have one here (the password has its own)
    const shape = settingsSchemas[category].shape as Record<string, { safeParse(value: unknown): SafeResult }>
    for (const field of fields) {
      const checked = shape[field]?.safeParse(patch[field as keyof SettingsPatch])
      if (checked && !checked.success) {
        setErrors((current) => ({ ...current, [field]: checked.error.issues[0]?.message }))
        return false
      }
    }
    try {
      await mutation.mutateAsync({ category, patch })
      setErrors((current) => ({ ...current, ...Object.fromEntries(fields.map((field) => [field, undefined])) }))
      toast.success(settingsMessages.updated)
      return true
    } catch (error) {
      const placed = error instanceof ApiError ? Object.entries(error.fields ?? {}) : []
      if (placed.length > 0) setErrors((current) => ({ ...current, ...Object.fromEntries(placed) }))
      else toast.error(messageOf(error, settingsMessages.updateFailed))
      return false
    }
  }
  return { save, errors, pending: mutation.isPending }
}

type SafeResult = { success: true } | { success: false; error: { issues: { message: string }[] } }

type TextSettingProps = {
  saver: CardSaver
  field: keyof SettingsPatch & string
  label: string
  value: string | number
  type?: 'text' | 'email' | 'number'
  hint?: ReactNode
  placeholder?: string
  min?: number
  max?: number
  autoComplete?: string
}

/** A typed setting, saved when left (or on Enter) if it changed; numbers are sent as numbers. */
export function TextSetting({ saver, field, label, value, type = 'text', ...props }: TextSettingProps) {
  const [draft, setDraft] = useState(String(value))
  // what the server holds after a save (it trims, lowercases) replaces what was typed
  useEffect(() => setDraft(String(value)), [value])
  const commit = () => {
    if (draft === String(value)) return
    const next = type === 'number' ? (draft.trim() === '' ? Number.NaN : Number(draft)) : draft
    void saver.save({ [field]: next } as SettingsPatch)
  }
  return (
    <TextField
      label={label}
      type={type}
      inputMode={type === 'number' ? 'numeric' : undefined}
      value={draft}
      error={saver.errors[field]}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault()
          commit()
        }
      }}
      {...props}
    />
  )
}

/**
 * What a choice or a switch shows: the value chosen at once (a person sees their
 * click), the saved one again when the server's answer comes (or refuses).
 */
function useShownValue<T>(saved: T) {
  const [shown, setShown] = useState(saved)
  useEffect(() => setShown(saved), [saved])
  return [shown, setShown] as const
}

/** A choice, saved as soon as it is made. */
export function SelectSetting({
  saver,
  field,
  label,
  value,
  options,
}: {
  saver: CardSaver
  field: keyof SettingsPatch & string
  label: string
  value: string
  options: readonly SelectOption[]
}) {
  const [shown, setShown] = useShownValue(value)
  return (
    <SelectField
      label={label}
      options={options}
      placeholder={`Choose ${label.toLowerCase()}`}
      value={shown}
      error={saver.errors[field]}
      onChange={(event) => {
        const chosen = event.target.value
        if (!chosen) return
        setShown(chosen)
        void saver.save({ [field]: chosen } as SettingsPatch).then((ok) => ok || setShown(value))
      }}
    />
  )
}

/** A switch, saved as soon as it is flipped; its note says what it does. */
export function ToggleSetting({
  saver,
  field,
  label,
  value,
  note,
  disabled,
}: {
  saver: CardSaver
  field: keyof SettingsPatch & string
  label: string
  value: boolean
  note?: ReactNode
  disabled?: boolean
}) {
  const error = saver.errors[field]
  const [shown, setShown] = useShownValue(value)
  return (
    <div className="grid gap-1">
      <Checkbox
        label={label}
        checked={shown}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const checked = event.target.checked
          setShown(checked)
          void saver.save({ [field]: checked } as SettingsPatch).then((ok) => ok || setShown(value))
        }}
      />
      {note ? <p className="pl-6 text-xs text-muted-foreground">{note}</p> : null}
      {error ? (
        <p role="alert" className="pl-6 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
