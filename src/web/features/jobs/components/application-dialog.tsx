import { useRef, useState, type ChangeEvent } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import {
  ApplicationInput,
  coverLetterMaxLength,
  jobMessages,
  resumeAccept,
  resumeMaxBytes,
  type JobSummary,
} from '#shared/jobs/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { FieldError, TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { useApplyToJob } from '#web/features/jobs/api/jobs.ts'
import { formFailure } from '#web/lib/form-errors.ts'
import { useViewer } from '#web/lib/session.ts'

export type ApplicationJob = Pick<JobSummary, 'id' | 'title' | 'company'>

type ApplicationDialogProps = {
  /** The job applied to; null keeps the modal closed. */
  job: ApplicationJob | null
  onClose: () => void
}

/**
 * spec 001 §2 application modal: open, submitting, closed on success. The form
 * lives inside the content, so each opening starts from a fresh form.
 */
export function ApplicationDialog({ job, onClose }: ApplicationDialogProps) {
  // opened without a Radix trigger: focus goes back to the button that opened it, or,
  // after a successful application replaced that button, to the 'Applied' state
  const opener = useRef<HTMLElement | null>(null)
  const jobId = useRef<string | null>(null)
  return (
    <Dialog open={job !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {job ? (
        <DialogContent
          title={`Apply for ${job.title}`}
          description={job.company}
          className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
          data-testid="application-dialog"
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
            jobId.current = job.id
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current?.isConnected
              ? opener.current
              : document.querySelector<HTMLElement>(`[data-applied-job="${jobId.current}"]`)
            if (!target) return
            event.preventDefault()
            target.focus()
          }}
        >
          <ApplicationForm job={job} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

/** The resume's own checks (spec 001 §8 file upload); the server checks the bytes again. */
function resumeProblem(file: File | null): string | undefined {
  if (!file || file.size === 0) return jobMessages.allFieldsRequired
  if (file.size > resumeMaxBytes) return jobMessages.resumeTooLarge
  const extension = file.name.slice(file.name.lastIndexOf('.')).toLowerCase()
  if (!resumeAccept.split(',').includes(extension)) return jobMessages.resumeWrongType
  return undefined
}

function ApplicationForm({ job, onDone }: { job: ApplicationJob; onDone: () => void }) {
  const { user } = useViewer()
  const apply = useApplyToJob()
  const [resume, setResume] = useState<File | null>(null)
  const [resumeError, setResumeError] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const form = useForm<ApplicationInput, unknown, z.output<typeof ApplicationInput>>({
    resolver: zodResolver(ApplicationInput),
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      phone: '',
      coverLetter: '',
    },
  })
  const { errors } = form.formState

  const chooseResume = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null
    setResume(file)
    setResumeError(file ? resumeProblem(file) : undefined)
  }

  const send = form.handleSubmit(
    (values) => {
      const problem = resumeProblem(resume)
      setResumeError(problem)
      if (problem || !resume) return
      setFailure(undefined)
      const body = new FormData()
      for (const [name, value] of Object.entries(values)) body.set(name, value)
      body.set('resume', resume)
      apply.mutate(
        { jobId: job.id, form: body },
        {
          onSuccess: () => {
            toast.success(jobMessages.applied)
            onDone()
          },
          // field messages under their fields (the resume's under the file input); a refusal not tied to
          // a field (already applied, job closed, signed out meanwhile, server down) once, in the form's alert
          onError: (error) =>
            setFailure(
              formFailure(form, error, {
                fallback: jobMessages.applyFailed,
                signedOut: jobMessages.signInToApply,
                place: (name, message) => {
                  if (name !== 'resume') return false
                  setResumeError(message)
                  return true
                },
              }),
            ),
        },
      )
    },
    // the text fields failed: still say what is wrong with the file
    () => setResumeError(resumeProblem(resume)),
  )

  return (
    <form noValidate onSubmit={send} className="grid gap-4" aria-label={`Application for ${job.title}`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          maxLength={100}
          required
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          maxLength={100}
          required
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={254}
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        maxLength={30}
        required
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <TextAreaField
        label="Cover letter"
        rows={6}
        maxLength={coverLetterMaxLength}
        required
        error={errors.coverLetter?.message}
        {...form.register('coverLetter')}
      />
      <TextField
        label="Resume"
        type="file"
        accept={resumeAccept}
        required
        hint="PDF, DOC or DOCX, up to 5MB"
        error={resumeError}
        onChange={chooseResume}
        className="[&_input]:py-2 [&_input]:h-auto"
      />
      <FieldError>{failure}</FieldError>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={apply.isPending}>
          {apply.isPending ? 'Submitting...' : 'Submit Application'}
        </Button>
      </div>
    </form>
  )
}
