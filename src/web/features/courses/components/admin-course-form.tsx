import { useId, useRef, useState } from 'react'
import { useForm, type FieldErrors } from 'react-hook-form'
import { z } from 'zod'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  courseDescriptionMaxLength,
  courseImageMaxBytes,
  courseLevels,
  courseProviderMaxLength,
  courseSalaryRangeMaxLength,
  courseTitleMaxLength,
} from '#shared/courses/constants.ts'
import { courseMessages } from '#shared/courses/messages.ts'
import { CourseFields, joinCourseMessages, type AdminCourse, type CourseInput } from '#shared/courses/schemas.ts'
import { FormImageField } from '#web/components/form-image-field.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { FormActions } from '#web/components/ui/form-actions.tsx'
import { SelectField } from '#web/components/ui/select.tsx'
import { adminCategoriesQuery, useSaveCourse, useUploadCourseImage } from '#web/features/courses/api/admin-courses.ts'
import { messageOf } from '#web/lib/api.ts'
import { firstErrorMessage, formFailure } from '#web/lib/form-errors.ts'
import { onePerLine } from '#web/lib/one-per-line.ts'
import { useImageUpload } from '#web/lib/use-image-upload.ts'

// The course form (spec 002 §5 Course service and form): the shared schema the
// server parses, with prices typed in dollars (sent in cents), the skills one per
// line and the sale's end as a local date and time. A refused form lists every
// message at once and says them in a toast, joined by commas (spec 002 §5).

const dollarsPattern = /^\$?(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/

/** '49', '$1,250.5' -> cents; anything else is refused with the price message. */
function dollars(optional: boolean) {
  return z
    .string()
    .transform((text) => text.replace(/\s/g, ''))
    .refine((text) => text === '' || dollarsPattern.test(text), { error: courseMessages.invalidPrice })
    .transform((text) => (text === '' ? (optional ? null : 0) : Math.round(Number(text.replace(/[$,]/g, '')) * 100)))
}

const cents = CourseFields.shape.priceCents.unwrap()

export const CourseFormInput = CourseFields.omit({
  skills: true,
  priceCents: true,
  salePriceCents: true,
  saleEndsAt: true,
})
  .extend({
    skills: onePerLine(CourseFields.shape.skills.unwrap()),
    price: dollars(false).pipe(cents),
    salePrice: dollars(true).pipe(cents.nullable()),
    // a datetime-local value, in the admin's own time zone
    saleEndsAt: z
      .string()
      .refine((text) => text === '' || !Number.isNaN(Date.parse(text)), { error: courseMessages.saleEndWithoutPrice })
      .transform((text) => (text === '' ? null : new Date(text).toISOString())),
  })
  .superRefine((course, issues) => {
    // the cross-field rules of the shared CourseInput, on this form's field names
    if (course.salePrice !== null && course.salePrice >= course.price) {
      issues.addIssue({ code: 'custom', path: ['salePrice'], message: courseMessages.invalidSalePrice })
    }
    if (course.saleEndsAt !== null && course.salePrice === null) {
      issues.addIssue({ code: 'custom', path: ['saleEndsAt'], message: courseMessages.saleEndWithoutPrice })
    }
  })
type CourseFormValues = z.input<typeof CourseFormInput>
type CourseFormOutput = z.output<typeof CourseFormInput>
type FieldName = keyof CourseFormValues

/** The form's fields in the order they are listed when refused (spec 002 §5 names the first five in this order). */
const fieldOrder: FieldName[] = [
  'title',
  'description',
  'imageKey',
  'durationHours',
  'provider',
  'categoryId',
  'salaryRange',
  'level',
  'skills',
  'affiliateUrl',
  'price',
  'salePrice',
  'saleEndsAt',
]

/** The server's field names where this form names the field otherwise. */
const formFieldOf: Record<string, FieldName> = {
  priceCents: 'price',
  salePriceCents: 'salePrice',
}

/** Cents as the form's dollar text: '49' or '49.99', empty for none (the display form is price.ts formatCents). */
function centsToDollars(value: number | null): string {
  if (value === null) return ''
  return value % 100 === 0 ? String(value / 100) : (value / 100).toFixed(2)
}

/** An ISO time as a datetime-local value in this browser's time zone. */
function localDateTime(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  const pad = (part: number) => String(part).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

function defaultsOf(course: AdminCourse | undefined): CourseFormValues {
  return {
    title: course?.title ?? '',
    description: course?.description ?? '',
    imageKey: course?.imageKey ?? '',
    durationHours: course ? String(course.durationHours) : '',
    provider: course?.provider ?? '',
    categoryId: course?.categoryId ?? '',
    salaryRange: course?.salaryRange ?? '',
    level: course?.level ?? 'Beginner',
    skills: (course?.skills ?? []).join('\n'),
    hasCertification: course?.hasCertification ?? false,
    isPublished: course?.isPublished ?? false,
    isFeatured: course?.isFeatured ?? false,
    affiliateUrl: course?.affiliateUrl ?? '',
    price: centsToDollars(course?.priceCents ?? 0),
    salePrice: centsToDollars(course?.salePriceCents ?? null),
    saleEndsAt: localDateTime(course?.saleEndsAt ?? null),
  }
}

function toCourseInput(values: CourseFormOutput): CourseInput {
  const { price, salePrice, ...rest } = values
  return { ...rest, priceCents: price, salePriceCents: salePrice, affiliateUrl: rest.affiliateUrl ?? '' }
}

/** Every message of a refused form, in the form's order, each once. */
function messagesOf(errors: FieldErrors<CourseFormValues>, failure: string | undefined): string[] {
  const messages = fieldOrder.flatMap((name) => {
    const message = firstErrorMessage(errors[name])
    return message ? [message] : []
  })
  return [...new Set(failure ? [...messages, failure] : messages)]
}

type AdminCourseFormProps = {
  /** absent: a new course */
  course?: AdminCourse
  onDone: (course?: AdminCourse) => void
  /** the dialog's Cancel closes it; the pages' goes back to the list */
  onCancel: () => void
}

/** Add and edit a course (spec 002 §2 Course management, §5 Course service and form). */
export function AdminCourseForm({ course, onDone, onCancel }: AdminCourseFormProps) {
  const save = useSaveCourse()
  const upload = useUploadCourseImage()
  const categories = useQuery(adminCategoriesQuery())
  const form = useForm<CourseFormValues, unknown, CourseFormOutput>({
    resolver: zodResolver(CourseFormInput),
    defaultValues: defaultsOf(course),
    // the list of messages takes the focus, not the first field (see onInvalid)
    shouldFocusError: false,
  })
  const { errors } = form.formState
  const [failure, setFailure] = useState<string>()
  const image = useImageUpload({
    upload,
    maxBytes: courseImageMaxBytes,
    messages: {
      notImage: courseMessages.imageNotImage,
      tooLarge: courseMessages.imageTooLarge,
      uploadFailed: courseMessages.uploadFailed,
    },
    onUploaded: (imageKey) =>
      form.setValue('imageKey', imageKey, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  })
  const summary = useRef<HTMLDivElement>(null)
  const base = useId()
  const id = (field: string) => `${base}-${field}`
  const description = form.watch('description') ?? ''
  const messages = messagesOf(errors, failure)
  const summaryId = id('messages')
  const invalid = (name: FieldName) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': summaryId } : {}

  const showMessages = (list: string[]) => {
    if (list.length === 0) return
    toast.error(joinCourseMessages(list))
    // after React draws the list
    requestAnimationFrame(() => summary.current?.focus())
  }

  const onSubmit = form.handleSubmit(
    (values) => {
      setFailure(undefined)
      save.mutate(
        { courseId: course?.id, values: toCourseInput(values) },
        {
          onSuccess: (saved) => onDone(saved),
          onError: (error) => {
            const rest = formFailure(form, error, {
              fallback: course ? courseMessages.updateFailed : courseMessages.createFailed,
              place: (name, message) => {
                const field = formFieldOf[name]
                if (!field) return false
                form.setError(field, { message })
                return true
              },
            })
            setFailure(rest)
            // spec 002 §5: the server's messages, joined by commas, as a toast too
            toast.error(messageOf(error, course ? courseMessages.updateFailed : courseMessages.createFailed))
            requestAnimationFrame(() => summary.current?.focus())
          },
        },
      )
    },
    (found) => showMessages(messagesOf(found, undefined)),
  )

  const focusField = (message: string) => {
    const name = fieldOrder.find((field) => firstErrorMessage(errors[field]) === message)
    if (!name) return
    const target = name === 'imageKey' ? document.getElementById(id('image')) : document.getElementById(id(name))
    target?.focus()
  }

  const categoryOptions = (categories.data?.categories ?? []).map((category) => ({
    value: category.id,
    label: category.name,
  }))

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      {messages.length > 0 ? (
        <div
          ref={summary}
          id={summaryId}
          tabIndex={-1}
          role="alert"
          aria-labelledby={id('messages-title')}
          className="grid gap-2 rounded-lg border border-destructive/60 bg-destructive/5 p-4 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        >
          <p id={id('messages-title')} className="font-medium text-destructive">
            Please correct the following:
          </p>
          <ul className="grid list-disc gap-1 pl-5 text-destructive" data-testid="course-form-messages">
            {messages.map((message) => (
              <li key={message}>
                <button
                  type="button"
                  className="text-left underline-offset-4 hover:underline"
                  onClick={() => focusField(message)}
                >
                  {message}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id('title')}
          label="Course title"
          required
          maxLength={courseTitleMaxLength}
          {...form.register('title')}
          {...invalid('title')}
        />
        <TextField
          id={id('provider')}
          label="Provider"
          required
          maxLength={courseProviderMaxLength}
          {...form.register('provider')}
          {...invalid('provider')}
        />
      </div>
      <div className="grid gap-1.5">
        <TextAreaField
          id={id('description')}
          label="Description"
          required
          rows={5}
          maxLength={courseDescriptionMaxLength}
          {...form.register('description', {
            onBlur: (event: { target: HTMLTextAreaElement }) =>
              form.setValue('description', event.target.value.trim(), { shouldValidate: form.formState.isSubmitted }),
          })}
          {...invalid('description')}
        />
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {description.length} / {courseDescriptionMaxLength} characters
        </p>
      </div>

      <FormImageField
        id={id('image')}
        label="Course image"
        noun="course"
        image={image}
        currentUrl={course?.imageUrl ?? null}
        hint="An image up to 5 MB; it is uploaded as soon as you choose it."
        listedErrorId={errors.imageKey ? summaryId : undefined}
        unviewable={courseMessages.imagePreviewFailed}
      />
      <input type="hidden" {...form.register('imageKey')} />

      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id={id('durationHours')}
          label="Duration (hours)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.5"
          required
          {...form.register('durationHours')}
          {...invalid('durationHours')}
        />
        <SelectField
          id={id('categoryId')}
          label="Category"
          placeholder={categories.isPending ? 'Loading categories…' : 'Choose a category'}
          options={categoryOptions}
          required
          {...form.register('categoryId')}
          {...invalid('categoryId')}
        />
        <SelectField
          id={id('level')}
          label="Level"
          placeholder="Choose a level"
          options={courseLevels}
          {...form.register('level')}
          {...invalid('level')}
        />
      </div>
      {categories.isSuccess && categoryOptions.length === 0 ? (
        <p className="text-sm text-muted-foreground">No categories yet: add one in the category manager first.</p>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id('salaryRange')}
          label="Salary range"
          required
          placeholder="e.g. $60,000 - $80,000"
          maxLength={courseSalaryRangeMaxLength}
          {...form.register('salaryRange')}
          {...invalid('salaryRange')}
        />
        <TextField
          id={id('affiliateUrl')}
          label="Affiliate link (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="Blank, or an address starting with http:// or https://"
          {...form.register('affiliateUrl')}
          {...invalid('affiliateUrl')}
        />
      </div>
      <TextAreaField
        id={id('skills')}
        label="Skills (one per line)"
        rows={3}
        {...form.register('skills')}
        {...invalid('skills')}
      />

      <fieldset className="grid gap-3 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-medium">Marketplace listing</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            id={id('price')}
            label="Price (USD)"
            inputMode="decimal"
            hint="0 is free"
            {...form.register('price')}
            {...invalid('price')}
          />
          <TextField
            id={id('salePrice')}
            label="Sale price (USD, optional)"
            inputMode="decimal"
            {...form.register('salePrice')}
            {...invalid('salePrice')}
          />
          <TextField
            id={id('saleEndsAt')}
            label="Sale ends (optional)"
            type="datetime-local"
            {...form.register('saleEndsAt')}
            {...invalid('saleEndsAt')}
          />
        </div>
      </fieldset>

      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Checkbox id={id('isPublished')} label="Published (members can see it)" {...form.register('isPublished')} />
        <Checkbox id={id('hasCertification')} label="Includes a certificate" {...form.register('hasCertification')} />
        <Checkbox id={id('isFeatured')} label="Featured" {...form.register('isFeatured')} />
      </div>

      <FormActions onCancel={onCancel} busy={save.isPending || upload.isPending} className="flex-wrap pt-2">
        {save.isPending ? 'Saving…' : course ? 'Save changes' : 'Create course'}
      </FormActions>
    </form>
  )
}

type AdminCourseFormDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** The Add Course dialog of /admin/courses (spec 002 §2). */
export function AdminCourseFormDialog({ open, onOpenChange }: AdminCourseFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Add Course"
        description="A draft stays hidden from members until it is published."
        className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto"
      >
        {open ? <AdminCourseForm onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}
