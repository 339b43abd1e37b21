import { useState, type ChangeEvent } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { zodResolver } from '@hookform/resolvers/zod'
import { JobInput, jobMessages, jobStatuses, jobTypes, logoMaxBytes, type AdminJob } from '#shared/jobs/schemas.ts'
import { softSkillOptions, technicalSkillOptions } from '#shared/jobs/skills.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { FieldError, TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { FormActions } from '#web/components/ui/form-actions.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { SelectField } from '#web/components/ui/select.tsx'
import { useRemoveJobLogo, useSaveJob } from '#web/features/jobs/api/admin-jobs.ts'
import { firstErrorMessage, formFailure } from '#web/lib/form-errors.ts'
import { onePerLine } from '#web/lib/one-per-line.ts'
import { usePreviewUrl } from '#web/lib/use-preview-url.ts'

export const jobStatusLabels = { active: 'Active', closed: 'Closed' } as const

// The shared schema (the server parses the same), with each list typed one item per line.
const JobFormInput = JobInput.extend({
  requirements: onePerLine(JobInput.shape.requirements.unwrap()),
  responsibilities: onePerLine(JobInput.shape.responsibilities.unwrap()),
  benefits: onePerLine(JobInput.shape.benefits.unwrap()),
})
type JobFormValues = z.input<typeof JobFormInput>

function defaultsOf(job: AdminJob | undefined): JobFormValues {
  return {
    title: job?.title ?? '',
    company: job?.company ?? '',
    location: job?.location ?? '',
    salary: job?.salary ?? '',
    type: job?.type ?? 'Full-time',
    remote: job?.remote ?? false,
    status: job?.status ?? 'active',
    description: job?.description ?? '',
    technicalSkills: (job?.technicalSkills ?? []) as JobFormValues['technicalSkills'],
    softSkills: (job?.softSkills ?? []) as JobFormValues['softSkills'],
    requirements: (job?.requirements ?? []).join('\n'),
    responsibilities: (job?.responsibilities ?? []).join('\n'),
    benefits: (job?.benefits ?? []).join('\n'),
    contactEmail: job?.contactEmail ?? '',
  }
}

/** The browser's quick check of a logo; the server checks the bytes again (spec 002 §5 Image upload). */
function logoProblem(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return jobMessages.logoNotImage
  if (file.size > logoMaxBytes) return jobMessages.logoTooLarge
  return undefined
}

type JobFormDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** absent: the Add Job form */
  job?: AdminJob
}

/** Add and edit a job (spec 002 §2 Job management, §5 Job form). */
export function JobFormDialog({ open, onOpenChange, job }: JobFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={job ? 'Edit Job' : 'Add Job'}
        description={
          job ? 'Changes show on the job board at once.' : 'The job shows on the job board as soon as it is saved.'
        }
        className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto"
      >
        {open ? <JobForm key={job?.id ?? 'new'} job={job} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function JobForm({ job, onDone }: { job?: AdminJob; onDone: () => void }) {
  const save = useSaveJob()
  const removeLogo = useRemoveJobLogo()
  const form = useForm<JobFormValues, unknown, z.output<typeof JobFormInput>>({
    resolver: zodResolver(JobFormInput),
    defaultValues: defaultsOf(job),
  })
  const { errors } = form.formState
  const [logo, setLogo] = useState<File | null>(null)
  const [logoError, setLogoError] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const [currentLogo, setCurrentLogo] = useState(job?.logoUrl ?? null)
  // a file the server takes may still be one this browser cannot draw (spec 002 §5)
  const [unviewableLogo, setUnviewableLogo] = useState<string | null>(null)
  const preview = usePreviewUrl(logo)
  const id = (field: string) => `job-form-${field}`

  const onLogoChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null
    const problem = file ? logoProblem(file) : undefined
    setLogoError(problem)
    if (problem) event.target.value = ''
    setLogo(problem ? null : file)
  }

  const onSubmit = form.handleSubmit((values) => {
    setFailure(undefined)
    save.mutate(
      { jobId: job?.id, values, logo },
      {
        onSuccess: onDone,
        // the server's field messages under their fields, anything else once above the buttons
        onError: (error) => setFailure(formFailure(form, error, { fallback: jobMessages.saveJobFailed })),
      },
    )
  })

  const listField = (name: 'requirements' | 'responsibilities' | 'benefits', label: string) => (
    <TextAreaField
      id={id(name)}
      label={label}
      rows={4}
      error={firstErrorMessage(errors[name])}
      {...form.register(name)}
    />
  )

  const skillGroup = (name: 'technicalSkills' | 'softSkills', legend: string, options: readonly string[]) => {
    const error = firstErrorMessage(errors[name])
    return (
      <fieldset className="grid gap-2" aria-describedby={error ? id(`${name}-error`) : undefined}>
        <legend className="mb-2 text-sm font-medium">{legend}</legend>
        <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
          {options.map((option, index) => (
            <Checkbox key={option} id={id(`${name}-${index}`)} label={option} value={option} {...form.register(name)} />
          ))}
        </div>
        <FieldError id={id(`${name}-error`)}>{error}</FieldError>
      </fieldset>
    )
  }

  const shownLogo = preview ?? currentLogo

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id('title')}
          label="Job title"
          required
          error={errors.title?.message}
          {...form.register('title')}
        />
        <TextField
          id={id('company')}
          label="Company"
          required
          error={errors.company?.message}
          {...form.register('company')}
        />
        <TextField
          id={id('location')}
          label="Location"
          required
          error={errors.location?.message}
          {...form.register('location')}
        />
        <TextField
          id={id('salary')}
          label="Salary"
          required
          placeholder="e.g. $90,000 - $110,000"
          error={errors.salary?.message}
          {...form.register('salary')}
        />
        <SelectField
          id={id('type')}
          label="Job type"
          placeholder="Choose a job type"
          options={jobTypes}
          error={errors.type?.message}
          {...form.register('type')}
        />
        {job ? (
          <div className="grid gap-1.5">
            <Label htmlFor={id('status')}>Status</Label>
            <select id={id('status')} className={`${controlClasses} h-10`} {...form.register('status')}>
              {jobStatuses.map((status) => (
                <option key={status} value={status}>
                  {jobStatusLabels[status]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <Checkbox id={id('remote')} label="Remote-friendly" {...form.register('remote')} />
      <TextAreaField
        id={id('description')}
        label="Description"
        required
        rows={6}
        error={errors.description?.message}
        {...form.register('description')}
      />
      {skillGroup('technicalSkills', 'Technical skills', technicalSkillOptions)}
      {skillGroup('softSkills', 'Soft skills', softSkillOptions)}
      {listField('requirements', 'Requirements (one per line)')}
      {listField('responsibilities', 'Responsibilities (one per line)')}
      {listField('benefits', 'Benefits (one per line)')}
      <TextField
        id={id('contact-email')}
        label="Contact email (optional)"
        type="email"
        autoComplete="off"
        hint="Applications are e-mailed here; leave it empty to e-mail all admins."
        error={errors.contactEmail?.message}
        {...form.register('contactEmail')}
      />

      <div className="grid gap-2">
        <Label htmlFor={id('logo')}>Company logo</Label>
        <div className="flex flex-wrap items-center gap-3">
          {shownLogo && shownLogo === unviewableLogo ? (
            <p className="flex size-14 items-center justify-center rounded-lg border border-border p-1 text-center text-[10px] text-muted-foreground">
              {jobMessages.logoPreviewFailed}
            </p>
          ) : shownLogo ? (
            <img
              src={shownLogo}
              alt={preview ? 'New logo preview' : 'Current logo'}
              onError={() => setUnviewableLogo(shownLogo)}
              className="size-14 rounded-lg border border-border object-contain"
            />
          ) : null}
          <input
            id={id('logo')}
            type="file"
            accept="image/*"
            onChange={onLogoChange}
            aria-invalid={logoError ? true : undefined}
            aria-describedby={logoError ? `${id('logo')}-error` : `${id('logo')}-hint`}
            className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
          {job && currentLogo && !logo ? (
            <Button
              variant="destructive"
              size="sm"
              disabled={removeLogo.isPending}
              onClick={() => removeLogo.mutate(job.id, { onSuccess: () => setCurrentLogo(null) })}
            >
              Remove logo
            </Button>
          ) : null}
        </div>
        <p id={`${id('logo')}-hint`} className="text-xs text-muted-foreground">
          An image up to 5 MB; it is uploaded when the job is saved.
        </p>
        <FieldError id={`${id('logo')}-error`}>{logoError}</FieldError>
      </div>

      <FormActions failure={failure} onCancel={onDone} busy={save.isPending} className="flex-wrap pt-2">
        {save.isPending ? 'Saving…' : job ? 'Save changes' : 'Create job'}
      </FormActions>
    </form>
  )
}
