import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { zodResolver } from '@hookform/resolvers/zod'
import { CalendarClock, Pencil, Trash2 } from 'lucide-react'
import { maxTimeBlocksPerDay, routineTextMaxLength, type TimeBlockStatus } from '#shared/goals/constants.ts'
import { routineMessages } from '#shared/goals/messages.ts'
import { TimeBlockInput, type TimeBlockView } from '#shared/goals/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { IconActionButton } from '#web/components/ui/icon-action-button.tsx'
import { SegmentedToggle } from '#web/components/ui/segmented-toggle.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { cn } from '#web/lib/cn.ts'
import {
  useAddTimeBlock,
  useDeleteTimeBlock,
  useEditTimeBlock,
  useSetTimeBlockStatus,
} from '#web/features/goals/api/routine.ts'
import { RoutinePanel } from '#web/features/goals/components/routine-panel.tsx'

type BlockForm = z.input<typeof TimeBlockInput>

const statusOptions: { value: TimeBlockStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'skipped', label: 'Skipped' },
]

/** spec 001 §3 timeBlocks: the member's schedule for today, each block pending, completed or skipped. */
export function TimeBlocksPanel({ blocks }: { blocks: TimeBlockView[] }) {
  const full = blocks.length >= maxTimeBlocksPerDay
  return (
    <RoutinePanel
      title="Time Blocks"
      icon={CalendarClock}
      description="Plan your day in blocks and mark each one as you go."
      testId="time-blocks"
    >
      {blocks.length === 0 ? (
        <p className="text-sm text-muted-foreground">No time blocks yet. Add the first one below.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Today's time blocks">
          {blocks.map((block) => (
            <TimeBlockItem key={block.id} block={block} />
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-sm text-muted-foreground">{routineMessages.tooManyBlocks}</p>
      ) : (
        <BlockForm mode="add" />
      )}
    </RoutinePanel>
  )
}

function TimeBlockItem({ block }: { block: TimeBlockView }) {
  const [editing, setEditing] = useState(false)
  const setStatus = useSetTimeBlockStatus()
  const remove = useDeleteTimeBlock()
  const name = `${block.time} ${block.activity}`
  if (editing) {
    return (
      <li className="rounded-lg border border-border p-3">
        <BlockForm mode="edit" block={block} onDone={() => setEditing(false)} />
      </li>
    )
  }
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3" data-testid="time-block" aria-label={name}>
      <div className="flex items-start justify-between gap-2">
        <p className={cn('grid gap-0.5', block.status === 'skipped' && 'text-muted-foreground')}>
          <span className="text-sm font-semibold tabular-nums">{block.time}</span>
          <span className={cn('break-words', block.status === 'completed' && 'line-through')}>{block.activity}</span>
        </p>
        <div className="flex shrink-0">
          <IconActionButton label={`Edit ${name}`} hint="Edit" icon={Pencil} onClick={() => setEditing(true)} />
          <IconActionButton
            label={`Delete ${name}`}
            hint="Delete"
            icon={Trash2}
            destructive
            onClick={() => remove.mutate(block.id)}
          />
        </div>
      </div>
      <SegmentedToggle
        label={`Status of ${name}`}
        size="sm"
        options={statusOptions}
        value={block.status}
        onChange={(status) => {
          if (status !== block.status) setStatus.mutate({ blockId: block.id, status })
        }}
      />
    </li>
  )
}

function BlockForm(
  props:
    { mode: 'add'; block?: undefined; onDone?: undefined } | { mode: 'edit'; block: TimeBlockView; onDone: () => void },
) {
  const add = useAddTimeBlock()
  const edit = useEditTimeBlock()
  const [failure, setFailure] = useState<string>()
  const empty: BlockForm = { time: '', activity: '' }
  const form = useForm<BlockForm, unknown, z.output<typeof TimeBlockInput>>({
    resolver: zodResolver(TimeBlockInput),
    defaultValues: props.block ? { time: props.block.time, activity: props.block.activity } : empty,
  })
  const { errors } = form.formState
  const pending = add.isPending || edit.isPending

  const onSubmit = form.handleSubmit((values) => {
    setFailure(undefined)
    const options = {
      onSuccess: () => {
        if (props.mode === 'edit') props.onDone()
        else form.reset(empty)
      },
      onError: (error: Error) => setFailure(formFailure(form, error, { fallback: routineMessages.saveFailed })),
    }
    if (props.mode === 'edit') edit.mutate({ blockId: props.block.id, ...values }, options)
    else add.mutate(values, options)
  })

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={props.mode === 'edit' ? `Edit ${props.block.time} ${props.block.activity}` : 'Add a time block'}
      className="grid gap-3"
    >
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <TextField label="Time" type="time" required error={errors.time?.message} {...form.register('time')} />
        <TextField
          label="Activity"
          maxLength={routineTextMaxLength}
          required
          placeholder="e.g. Deep work on the portfolio"
          error={errors.activity?.message}
          {...form.register('activity')}
        />
      </div>
      <FieldError>{failure}</FieldError>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {props.mode === 'edit' ? 'Save' : 'Add block'}
        </Button>
        {props.mode === 'edit' ? (
          <Button variant="ghost" size="sm" onClick={props.onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  )
}
