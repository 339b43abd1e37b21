import { readFile } from 'node:fs/promises'
import { fixturePath } from './files.ts'
import type { TestClient } from './harness.ts'

// Resume review uploads for tests (issue 16): the shared real PDFs, read in place.

/** The bytes of a PDF of ../shared/fixtures/resumes. */
export const resumeFixture = (name = 'sb2nov_sourabh_bajaj_resume.pdf') => readFile(fixturePath('resumes', name))

/** The member page's upload form: the e-mail for updates and the file (either may be left out). */
export function reviewForm(email: string | undefined, file?: { bytes: Uint8Array; name?: string; type?: string }) {
  const form = new FormData()
  if (email !== undefined) form.set('email', email)
  if (file)
    form.set(
      'resume',
      new File([new Uint8Array(file.bytes)], file.name ?? 'resume.pdf', { type: file.type ?? 'application/pdf' }),
    )
  return form
}

/** Submits `bytes` for review as `client`: the answer. */
export function submitResume(client: TestClient, email: string, bytes: Uint8Array, name?: string) {
  return client.post('/api/resume-reviews', reviewForm(email, { bytes, name }))
}
