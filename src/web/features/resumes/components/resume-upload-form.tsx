import { useId, useRef, useState, type ChangeEvent } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { zodResolver } from '@hookform/resolvers/zod'
import { FileUp } from 'lucide-react'
import { toast } from 'sonner'
import { resumeMessages } from '#shared/resumes/messages.ts'
import { ReviewSubmitFields } from '#shared/resumes/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError, TextField } from '#web/components/ui/field.tsx'
import { formFailure } from '#web/lib/form-errors.ts'
import { useViewer } from '#web/lib/session.ts'
import { useSubmitReview } from '#web/features/resumes/api/resumes.ts'
import { resumeAccept, resumeFileProblem } from '#web/features/resumes/api/resume-file.ts'
import { uploadHint } from '#web/features/resumes/components/member-review.tsx'

/**
 * spec 001 §2, §5: the e-mail for updates (the member's own, to start with) and the
 * PDF upload box. The browser checks the file's type and size for quick feedback;
 * the server checks its bytes again and says why it refused, under the field.
 */
export function ResumeUploadForm() {
  const { user } = useViewer()
  const submit = useSubmitReview()
  const fileInput = useRef<HTMLInputElement>(null)
  const [resume, setResume] = useState<File | null>(null)
  const [resumeError, setResumeError] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const form = useForm<ReviewSubmitFields, unknown, z.output<typeof ReviewSubmitFields>>({
    resolver: zodResolver(ReviewSubmitFields),
    defaultValues: { email: user?.email ?? '' },
  })
  const { errors } = form.formState
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null
    setResume(file)
    setResumeError(file ? resumeFileProblem(file) : undefined)
  }

  const send = form.handleSubmit(
    (values) => {
      const problem = resumeFileProblem(resume)
      setResumeError(problem)
      if (problem || !resume) return
      setFailure(undefined)
      const body = new FormData()
      body.set('email', values.email)
      body.set('resume', resume)
      submit.mutate(body, {
        onSuccess: () => {
          toast.success(resumeMessages.submitted)
          setResume(null)
          if (fileInput.current) fileInput.current.value = ''
        },
        // spec 001 §8: the error's own message, else 'Failed to submit resume. Please try again.'
        onError: (error) =>
          setFailure(
            formFailure(form, error, {
              fallback: resumeMessages.submitFailed,
              signedOut: resumeMessages.fileAndSignInRequired,
              place: (name, message) => {
                if (name !== 'resume') return false
                setResumeError(message)
                return true
              },
            }),
          ),
      })
    },
    () => setResumeError(resume ? resumeFileProblem(resume) : undefined),
  )

  return (
    <form noValidate onSubmit={send} className="grid gap-4" aria-label="Submit your resume for review">
      <TextField
        label="Email for updates"
        type="email"
        autoComplete="email"
        maxLength={254}
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div className="relative grid gap-1.5">
        {/* the box is the input's label: a click or a keypress on the (visually hidden) input opens the file picker */}
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={resumeAccept}
          required
          aria-invalid={resumeError ? true : undefined}
          aria-describedby={resumeError ? `${hintId} ${errorId}` : hintId}
          onChange={choose}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className="grid cursor-pointer justify-items-center gap-2 rounded-xl border-2 border-dashed border-input p-6 text-center transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-aria-invalid:border-destructive hover:border-accent"
        >
          <FileUp aria-hidden="true" className="size-8 text-muted-foreground" />
          <span className="text-sm font-medium">Resume (PDF)</span>
          <span className="text-sm text-muted-foreground">{resume ? resume.name : 'Choose a PDF file'}</span>
        </label>
        <p id={hintId} className="text-xs text-muted-foreground">
          {uploadHint}
        </p>
        <FieldError id={errorId}>{resumeError}</FieldError>
      </div>
      <FieldError>{failure}</FieldError>
      <Button type="submit" className="w-fit" disabled={submit.isPending}>
        {submit.isPending ? 'Submitting…' : 'Submit for Review'}
      </Button>
    </form>
  )
}
