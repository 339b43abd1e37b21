import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Bell, Building2, MapPin, X } from 'lucide-react'
import { toast } from 'sonner'
import { layoffCompanyMaxLength, layoffWatchMax, usStates } from '#shared/layoffs/constants.ts'
import type { LayoffWatchKind, LayoffWatchView } from '#shared/layoffs/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { SegmentedToggle } from '#web/components/ui/segmented-toggle.tsx'
import { SelectField } from '#web/components/ui/select.tsx'
import { ApiError, messageOf } from '#web/lib/api.ts'
import { layoffWatchesQuery, useAddLayoffWatch, useRemoveLayoffWatch } from '#web/features/layoffs/api/watches.ts'

export const watchesExplained = 'We e-mail you once per import when new WARN notices match.'
export const watchesLoadFailed = 'Failed to load your watches'
export const watchRemoveFailed = 'The watch could not be removed'

const kindOptions = [
  { value: 'company', label: 'Company' },
  { value: 'state', label: 'State' },
] as const satisfies readonly { value: LayoffWatchKind; label: string }[]
const stateOptions = usStates.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }))

/** A watch as its chip names it: the company as typed, or the state's name. */
export const watchName = (watch: LayoffWatchView) => watch.stateName ?? watch.value

function WatchChip({ watch }: { watch: LayoffWatchView }) {
  const remove = useRemoveLayoffWatch()
  const name = watchName(watch)
  const Icon = watch.kind === 'state' ? MapPin : Building2
  return (
    <li
      data-testid="layoff-watch"
      className="flex items-center gap-1.5 rounded-full border border-border bg-muted py-0.5 pr-0.5 pl-3 text-sm"
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
      <span className="sr-only">{watch.kind === 'state' ? 'State: ' : 'Company: '}</span>
      <span className="max-w-56 truncate" title={name}>
        {name}
      </span>
      <button
        type="button"
        aria-label={`Stop watching ${name}`}
        title="Stop watching"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(watch.id, { onError: (error) => toast.error(messageOf(error, watchRemoveFailed)) })
        }
        className="grid size-7 place-items-center rounded-full text-muted-foreground hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </li>
  )
}

function WatchForm({ full }: { full: boolean }) {
  const add = useAddLayoffWatch()
  const [kind, setKind] = useState<LayoffWatchKind>('company')
  const [company, setCompany] = useState('')
  const [state, setState] = useState('')
  const error = add.error
  // a message the server tied to the value goes under the field, any other above the button
  const fieldError = error instanceof ApiError ? (error.fields?.value ?? error.fields?.kind) : undefined
  const formError = error && !fieldError ? messageOf(error) : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate(
      { kind, value: kind === 'company' ? company : state },
      {
        onSuccess: () => {
          if (kind === 'company') setCompany('')
          else setState('')
        },
      },
    )
  }

  return (
    <form onSubmit={submit} aria-label="Add a watch" noValidate className="grid gap-4">
      <div className="grid gap-1.5">
        <span aria-hidden="true" className="text-sm font-medium">
          Watch a
        </span>
        <SegmentedToggle
          label="Watch a company or a state"
          options={kindOptions}
          value={kind}
          onChange={(next) => {
            setKind(next)
            add.reset()
          }}
        />
      </div>
      {kind === 'company' ? (
        <TextField
          id="layoff-watch-company"
          label="Company"
          value={company}
          maxLength={layoffCompanyMaxLength}
          autoComplete="organization"
          error={fieldError}
          onChange={(change) => setCompany(change.target.value)}
        />
      ) : (
        <SelectField
          id="layoff-watch-state"
          label="State"
          placeholder="Choose a state"
          options={stateOptions}
          value={state}
          error={fieldError}
          onChange={(change) => setState(change.target.value)}
        />
      )}
      <FieldError>{formError}</FieldError>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Watch'}
        </Button>
        {full ? (
          <p className="text-xs text-muted-foreground">{`You are watching the most you can (${layoffWatchMax}).`}</p>
        ) : null}
      </div>
    </form>
  )
}

/**
 * 'Watch for new notices' (issue 19): the member's watched companies and states, each
 * removable, and a small form to add one; an import with new notices for them sends
 * one mail.
 */
export function LayoffWatches() {
  const watches = useQuery(layoffWatchesQuery())
  const list = watches.data ?? []
  return (
    <Card aria-labelledby="layoff-watches-heading" role="region" data-testid="layoff-watches">
      <CardHeader>
        <CardTitle id="layoff-watches-heading" className="flex items-center gap-2">
          <Bell aria-hidden="true" className="size-4 text-accent" />
          Watch for new notices
        </CardTitle>
        <CardDescription>{watchesExplained}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium">Your watches</h3>
          {watches.isPending ? (
            <p className="text-sm text-muted-foreground">Loading your watches…</p>
          ) : watches.isError && watches.data === undefined ? (
            <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
              <span>{messageOf(watches.error, watchesLoadFailed)}</span>
              <Button size="sm" variant="outline" onClick={() => void watches.refetch()}>
                Try again
              </Button>
            </div>
          ) : list.length === 0 ? (
            <p data-testid="layoff-watches-empty" className="text-sm text-muted-foreground">
              You are not watching any company or state yet.
            </p>
          ) : (
            <ul aria-label="Your watches" className="flex flex-wrap gap-2">
              {list.map((watch) => (
                <WatchChip key={watch.id} watch={watch} />
              ))}
            </ul>
          )}
        </div>
        <WatchForm full={list.length >= layoffWatchMax} />
      </CardContent>
    </Card>
  )
}
