import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  capacityMax,
  defaultCapacity,
  defaultDurationMinutes,
  durationMaxMinutes,
  eventDescriptionMaxLength,
  eventImageMaxBytes,
  eventLocationMaxLength,
  eventTitleMaxLength,
  eventTypeLabels,
  eventTypes,
  joinUrlMaxLength,
} from '#shared/events/constants.ts'
import { adminEventMessages } from '#shared/events/messages.ts'
import { EventInput, type AdminEventView, type EventForm as FormValues } from '#shared/events/schemas.ts'
import { FormImageField } from '#web/components/form-image-field.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { FormActions } from '#web/components/ui/form-actions.tsx'
import { SelectField } from '#web/components/ui/select.tsx'
import { useSaveEvent, useUploadEventImage } from '#web/features/events/api/admin-events.ts'
import { browserTimeZone, timeZoneOptions } from '#web/features/events/components/event-format.ts'
import { formFailure } from '#web/lib/form-errors.ts'
import { useImageUpload } from '#web/lib/use-image-upload.ts'

const typeOptions = eventTypes.map((type) => ({ value: type, label: eventTypeLabels[type] }))

function defaultsOf(event: AdminEventView | undefined): FormValues {
  return {
    title: event?.title ?? '',
    description: event?.description ?? '',
    date: event?.date ?? '',
    time: event?.time ?? '',
    // spec 002 §5 has no zone: the admin's own by default (decision 026)
    timeZone: event?.timeZone ?? browserTimeZone(),
    durationMinutes: event?.durationMinutes ?? defaultDurationMinutes,
    location: event?.location ?? '',
    // the select's empty choice, which the schema refuses with the spec's message
    type: event?.type ?? ('' as FormValues['type']),
    // spec 002 §3, §9: 50 by default
    capacity: event?.capacity ?? defaultCapacity,
    joinUrl: event?.joinUrl ?? '',
    imageKey: event?.imageKey ?? null,
  }
}

type EventFormDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** absent: the Add Event form */
  event?: AdminEventView
}

/** Add and edit an event (spec 002 §2 Manage Events, §5 Event form; issue 17: editing). */
export function EventFormDialog({ open, onOpenChange, event }: EventFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={event ? 'Edit Event' : 'Add Event'}
        description={
          event
            ? 'Everyone registered is e-mailed when the title, time, place or link changes.'
            : 'The event shows on the events page as soon as it is saved.'
        }
        className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto"
      >
        {open ? <EventForm key={event?.id ?? 'new'} event={event} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function EventForm({ event, onDone }: { event?: AdminEventView; onDone: () => void }) {
  const save = useSaveEvent()
  const upload = useUploadEventImage()
  const form = useForm<FormValues, unknown, EventInput>({
    resolver: zodResolver(EventInput),
    defaultValues: defaultsOf(event),
  })
  const { errors } = form.formState
  const [failure, setFailure] = useState<string>()
  const image = useImageUpload({
    upload,
    maxBytes: eventImageMaxBytes,
    messages: {
      notImage: adminEventMessages.invalidImage,
      tooLarge: adminEventMessages.imageTooLarge,
      uploadFailed: adminEventMessages.uploadFailed,
    },
    onUploaded: (key) => form.setValue('imageKey', key, { shouldDirty: true }),
  })
  const base = useId()
  const id = (field: string) => `${base}-${field}`
  const type = form.watch('type')
  const imageKey = form.watch('imageKey')
  const [zones] = useState(() => timeZoneOptions([event?.timeZone ?? '', browserTimeZone()]))

  const removeImage = () => {
    image.clear()
    form.setValue('imageKey', null, { shouldDirty: true })
  }

  const onSubmit = form.handleSubmit((values) => {
    setFailure(undefined)
    save.mutate(
      // no link is an empty one in the request (the schema reads '' as none)
      { eventId: event?.id, values: { ...values, joinUrl: values.joinUrl ?? '' } },
      {
        onSuccess: onDone,
        // the server's field messages under their fields, anything else once above the buttons
        onError: (error) =>
          setFailure(
            formFailure(form, error, {
              fallback: event ? adminEventMessages.updateFailed : adminEventMessages.createFailed,
            }),
          ),
      },
    )
  })

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      <TextField
        id={id('title')}
        label="Title"
        required
        maxLength={eventTitleMaxLength}
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextAreaField
        id={id('description')}
        label="Description"
        rows={4}
        maxLength={eventDescriptionMaxLength}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          id={id('date')}
          label="Date"
          type="date"
          required
          error={errors.date?.message}
          {...form.register('date')}
        />
        <TextField
          id={id('time')}
          label="Time"
          type="time"
          required
          error={errors.time?.message}
          {...form.register('time')}
        />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-[2fr_1fr]">
        <SelectField
          id={id('time-zone')}
          label="Time zone"
          placeholder="Choose a time zone"
          options={zones}
          error={errors.timeZone?.message}
          {...form.register('timeZone')}
        />
        <TextField
          id={id('duration')}
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          max={durationMaxMinutes}
          error={errors.durationMinutes?.message}
          {...form.register('durationMinutes')}
        />
      </div>
      <TextField
        id={id('location')}
        label="Location"
        required
        placeholder="e.g. Boston, MA or Online"
        maxLength={eventLocationMaxLength}
        error={errors.location?.message}
        {...form.register('location')}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField
          id={id('type')}
          label="Type"
          placeholder="Choose a type"
          options={typeOptions}
          required
          error={errors.type?.message}
          {...form.register('type')}
        />
        <TextField
          id={id('capacity')}
          label="Capacity"
          type="number"
          inputMode="numeric"
          min={1}
          max={capacityMax}
          required
          error={errors.capacity?.message}
          {...form.register('capacity')}
        />
      </div>
      {type === 'webinar' ? (
        <TextField
          id={id('join-url')}
          label="Join link"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={joinUrlMaxLength}
          hint="Shown only to members with a confirmed seat, and in their e-mails and calendar files."
          error={errors.joinUrl?.message}
          {...form.register('joinUrl')}
        />
      ) : null}

      <FormImageField
        id={id('image')}
        label="Image"
        noun="event"
        image={image}
        currentUrl={imageKey && imageKey === event?.imageKey ? event.imageUrl : null}
        hint="An image up to 5 MB; it is uploaded as soon as you choose it."
        error={errors.imageKey?.message}
        onRemove={imageKey ? removeImage : undefined}
      />

      <FormActions failure={failure} onCancel={onDone} busy={save.isPending || upload.isPending} className="pt-2">
        {save.isPending ? 'Saving…' : event ? 'Save changes' : 'Create event'}
      </FormActions>
    </form>
  )
}
