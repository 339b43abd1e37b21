import { resumeReviewMaxBytes } from '#shared/resumes/constants.ts'
import { resumeMessages } from '#shared/resumes/messages.ts'
import { ApiError, sameOriginFetch } from '#web/lib/api.ts'

/** What the upload box accepts (spec 001 §5 Resume file: PDF only). */
export const resumeAccept = '.pdf,application/pdf'

/**
 * The file's own checks before sending, for quick feedback (spec 001 §5): a PDF, at
 * most 5 MB. The server checks again, by the file's bytes, not its name.
 */
export function resumeFileProblem(file: Pick<File, 'name' | 'type' | 'size'> | null | undefined): string | undefined {
  if (!file) return resumeMessages.fileAndSignInRequired
  const looksPdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name))
  if (!looksPdf || file.size === 0) return resumeMessages.notPdf
  if (file.size > resumeReviewMaxBytes) return resumeMessages.tooLarge
  return undefined
}

/**
 * Fetches a private resume (owner or admin: the server decides) and saves it under
 * the name the server chose (spec 001 §7: resume-{date}.pdf; spec 002 §7: the
 * member's names). A refusal throws its ApiError.
 */
export async function saveResumeFile(url: string, downloadName: string): Promise<void> {
  const response = await sameOriginFetch(url)
  if (!response.ok) {
    throw new ApiError({ status: response.status, code: 'INTERNAL', message: resumeMessages.downloadFailed })
  }
  const href = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = href
  link.download = downloadName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // the browser has taken the file by then; the object URL only holds memory
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
}
