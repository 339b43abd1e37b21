import { describe, expect, test } from 'vitest'
import { resumeReviewMaxBytes } from '#shared/resumes/constants.ts'
import { resumeMessages } from '#shared/resumes/messages.ts'
import { resumeFileProblem } from './resume-file.ts'

const file = (name: string, type: string, size: number) => ({ name, type, size })

describe("the upload box's own checks (spec 001 §5 Resume file)", () => {
  test('a PDF of at most 5MB passes; the server still reads its bytes', () => {
    expect(resumeFileProblem(file('cv.pdf', 'application/pdf', 120_000))).toBeUndefined()
    expect(resumeFileProblem(file('cv.pdf', 'application/pdf', resumeReviewMaxBytes))).toBeUndefined()
    // a browser that does not know the type: the name says PDF
    expect(resumeFileProblem(file('CV.PDF', '', 1000))).toBeUndefined()
  })

  test('no file, another type or an empty file is refused with the spec words', () => {
    expect(resumeFileProblem(null)).toBe(resumeMessages.fileAndSignInRequired)
    expect(
      resumeFileProblem(
        file('cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 1000),
      ),
    ).toBe(resumeMessages.notPdf)
    expect(resumeFileProblem(file('cv.txt', '', 1000))).toBe(resumeMessages.notPdf)
    expect(resumeFileProblem(file('cv.pdf', 'application/pdf', 0))).toBe(resumeMessages.notPdf)
  })

  test('one byte over 5MB is too large', () => {
    expect(resumeFileProblem(file('cv.pdf', 'application/pdf', resumeReviewMaxBytes + 1))).toBe(resumeMessages.tooLarge)
  })
})
