import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { fixturePath } from '#server/testing/files.ts'
import { resumeCommentMessages, resumeMessages } from '#shared/resumes/messages.ts'
import type { ResumeReviewView } from '#shared/resumes/schemas.ts'
import { scoreBandLabels, scoreBandOf, totalScoreOf, type SubScores } from '#shared/resumes/scoring.ts'
import { seriousAccessibilityViolations, startStack, waitForPath, type Stack } from './support/stack.ts'

// Issue 16 in a browser: a subscriber sends a real PDF, talks with the coach, who
// scores it from the automatic suggestion, twice; the member follows it live, by
// e-mail and on the Resume Strength card; nobody else sees it.

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const resumePdf = fixturePath('resumes', 'sb2nov_sourabh_bajaj_resume.pdf')

const coach = {
  email: 'resume-coach@example.com',
  password: 'Resume-Coach-2026',
  firstName: 'Cora',
  lastName: 'Coach',
  admin: true,
}
const member = {
  email: 'rhea.writer@example.com',
  password: 'Rhea-Writer-2026',
  firstName: 'Rhea',
  lastName: 'Writer',
  subscribedDays: 30,
}
const nosy = {
  email: 'nosy.resumes@example.com',
  password: 'Nosy-Resumes-2026',
  firstName: 'Nora',
  lastName: 'Nosy',
  subscribedDays: 30,
}

const criteria = ['keyword', 'format', 'content', 'ats'] as const
const fieldLabels = {
  keyword: 'Keywords (25%)',
  format: 'Formatting (25%)',
  content: 'Content (30%)',
  ats: 'ATS compatibility (20%)',
} as const

/** The upload box's file input, as a person finds it by its label. */
const resumeInput = (page: Page) => page.getByLabel('Resume (PDF)')

async function myReviews(page: Page): Promise<ResumeReviewView[]> {
  const answer = await page.request.get('/api/resume-reviews')
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { reviews: ResumeReviewView[] }).reviews
}

describe('resume review', () => {
  test('a subscriber sends a PDF and comments; the coach replies, scores it from the suggestion, then again; the member follows it live, by e-mail and on Resume Strength; nobody else sees it', async () => {
    const { page } = await stack.signedInPage(member)
    const admin = await stack.signedInPage(coach)

    // the Prestige Club's Resume Lab tile leads to the page; no score yet
    await page.goto('/prestige-club')
    const strength = page.getByRole('region', { name: 'Resume Strength' })
    await strength.getByText(/No score yet/).waitFor({ timeout: 15_000 })
    await page
      .getByRole('list', { name: 'Your career lab' })
      .getByRole('link', { name: /Resume Lab/ })
      .click()
    await waitForPath(page, '/resume-review')
    await page.getByRole('heading', { level: 1, name: 'Resume Review' }).waitFor()
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/prestige-club')
    await page.getByText(resumeMessages.noReviews).waitFor()
    expect(await page.getByLabel('Email for updates').inputValue()).toBe(member.email)

    // refusals in the spec's words: no file; a 6 MB PDF (the browser, then the server); a program named .pdf (the server, by its bytes)
    const submit = page.getByRole('button', { name: 'Submit for Review' })
    await submit.click()
    await page.getByText(resumeMessages.fileAndSignInRequired).waitFor()
    const sixMegabytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024, 0x20)])
    await resumeInput(page).setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: sixMegabytes })
    await page.getByText(resumeMessages.tooLarge).waitFor()
    const tooLarge = await page.request.post('/api/resume-reviews', {
      headers: { Origin: stack.baseUrl },
      multipart: {
        email: member.email,
        resume: { name: 'big.pdf', mimeType: 'application/pdf', buffer: sixMegabytes },
      },
    })
    expect(tooLarge.status()).toBe(400)
    expect(((await tooLarge.json()) as { error: { message: string } }).error.message).toBe(resumeMessages.tooLarge)
    const program = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(4096, 0x4e)])
    await resumeInput(page).setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: program })
    await submit.click()
    await page.getByText(resumeMessages.notPdf).waitFor()
    expect(await myReviews(page)).toEqual([])

    // the real PDF: the pending card, its due time and download
    await resumeInput(page).setInputFiles(resumePdf)
    await submit.click()
    await page.getByText(resumeMessages.submitted).waitFor()
    const pending = page.getByTestId('pending-review')
    await pending.getByTestId('review-status').getByText('Pending').waitFor()
    await pending
      .getByTestId('feedback-due')
      .getByText(/^Feedback due by /)
      .waitFor()
    const [review] = await myReviews(page)
    expect(review!.downloadName).toMatch(/^resume-\d{4}-\d{2}-\d{2}\.pdf$/)
    const memberDownload = page.waitForEvent('download')
    await pending.getByRole('button', { name: /^Download resume submitted / }).click()
    expect((await memberDownload).suggestedFilename()).toBe(review!.downloadName)
    await page.getByText(resumeMessages.downloaded).waitFor()

    // a comment: the button waits for words, the text is trimmed, it is the member's own
    const comment = pending.getByLabel('Add a comment')
    const send = pending.getByRole('button', { name: 'Comment', exact: true })
    await pending.getByText(resumeCommentMessages.none).waitFor()
    await comment.fill('   ')
    expect(await send.isDisabled()).toBe(true)
    await comment.fill('  Could you look at my summary?  ')
    await send.click()
    const memberComments = pending.getByTestId('review-comment')
    await memberComments
      .filter({ hasText: 'Could you look at my summary?' })
      .getByText('You', { exact: true })
      .waitFor()
    expect(await comment.inputValue()).toBe('')
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // another subscriber's review, so the coach has something to search past
    const other = await stack.signedInPage(nosy)
    const theirs = await other.page.request.post('/api/resume-reviews', {
      headers: { Origin: stack.baseUrl },
      multipart: {
        email: nosy.email,
        resume: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: await readFile(resumePdf) },
      },
    })
    expect(theirs.status()).toBe(201)

    // the coach: the dashboard's recent reviews, then the table, its search and filter
    await admin.page.goto('/admin')
    const recent = admin.page.getByRole('region', { name: 'Resume Reviews' })
    await recent.getByText('Rhea Writer').waitFor({ timeout: 15_000 })
    await recent.getByRole('link', { name: 'Score resume reviews' }).click()
    await waitForPath(admin.page, '/admin/resume-review')
    await admin.page.getByRole('heading', { level: 1, name: 'Resume reviews' }).waitFor()
    await admin.page.getByText('2 reviews found').waitFor()
    await admin.page.getByLabel('Search by name').fill('rhea')
    await admin.page.getByText('1 review found').waitFor()
    await admin.page.getByLabel('Status', { exact: true }).selectOption('reviewed')
    await admin.page.getByText(resumeMessages.noReviews).waitFor()
    await admin.page.getByLabel('Status', { exact: true }).selectOption('pending')
    const row = admin.page.getByRole('row', { name: /Rhea Writer/ })
    await row.getByTestId('review-status').getByText('Pending').waitFor()

    // the details dialog: the member's comment under their name; the coach's reply is 'You', with 'Admin'
    await row.getByRole('button', { name: /details and comments/ }).click()
    const details = admin.page.getByRole('dialog', { name: 'Resume review: Rhea Writer' })
    await details.getByText(member.email).waitFor()
    const thread = details.getByTestId('review-comment')
    await thread.filter({ hasText: 'Could you look at my summary?' }).getByText('Rhea Writer').waitFor()
    await details.getByLabel('Add a comment').fill('Yes: lead with your results.')
    await details.getByRole('button', { name: 'Comment', exact: true }).click()
    const reply = thread.filter({ hasText: 'Yes: lead with your results.' })
    await reply.getByText('You', { exact: true }).waitFor()
    await reply.getByText('Admin', { exact: true }).waitFor()
    expect(await seriousAccessibilityViolations(admin.page)).toEqual([])
    await admin.page.keyboard.press('Escape')
    await details.waitFor({ state: 'detached' })
    await stack.smtp.waitFor(coach.email, /New comment from Rhea Writer/)

    // ... which reaches the member live, with the coach's name and badge, and by e-mail
    const coachReply = memberComments.filter({ hasText: 'Yes: lead with your results.' })
    await coachReply.getByText('Cora Coach').waitFor({ timeout: 15_000 })
    await coachReply.getByText('Admin', { exact: true }).waitFor()
    await stack.smtp.waitFor(member.email, /New comment on your resume review/)

    // the coach downloads the PDF, named after the member: the review is in review, for the member too
    const coachDownload = admin.page.waitForEvent('download')
    await row.getByRole('button', { name: 'Download resume of Rhea Writer' }).click()
    const downloaded = await coachDownload
    expect(downloaded.suggestedFilename()).toBe('Rhea-Writer-resume.pdf')
    expect(Buffer.compare(await readFile(await downloaded.path()), await readFile(resumePdf))).toBe(0)
    await row.getByTestId('review-status').getByText('In review').waitFor()
    await pending.getByTestId('review-status').getByText('In review').waitFor({ timeout: 15_000 })

    // the score dialog: the automatic suggestion arrives (live), fills the form, and the coach adjusts it
    await row.getByRole('button', { name: 'Score resume of Rhea Writer' }).click()
    const scoring = admin.page.getByRole('dialog', { name: 'Score resume: Rhea Writer' })
    const useSuggestion = scoring.getByRole('button', { name: 'Use suggestion' })
    await useSuggestion.waitFor({ timeout: 30_000 })
    const suggested = {} as SubScores
    for (const criterion of criteria) {
      const text = await scoring.getByTestId(`suggested-${criterion}`).getByTestId('suggested-score').textContent()
      suggested[criterion] = Number(text)
      expect(suggested[criterion], criterion).toBeGreaterThanOrEqual(0)
      expect(suggested[criterion], criterion).toBeLessThanOrEqual(100)
    }
    expect(await scoring.getByTestId('suggested-keyword').getByRole('listitem').count()).toBeGreaterThan(0)
    await useSuggestion.click()
    for (const criterion of criteria)
      expect(await scoring.getByLabel(fieldLabels[criterion]).inputValue()).toBe(String(suggested[criterion]))
    const liveTotal = scoring.getByTestId('live-total').getByTestId('score-total')
    await expect.poll(() => liveTotal.textContent()).toBe(`${totalScoreOf(suggested)}/100`)
    // an out-of-range entry counts as 0 in the total shown
    await scoring.getByLabel(fieldLabels.keyword).fill('150')
    await scoring.getByText('Not a whole number from 0 to 100: counts as 0').waitFor()
    await expect.poll(() => liveTotal.textContent()).toBe(`${totalScoreOf({ ...suggested, keyword: 0 })}/100`)
    const first: SubScores = { ...suggested, keyword: 60 }
    await scoring.getByLabel(fieldLabels.keyword).fill('60')
    await expect.poll(() => liveTotal.textContent()).toBe(`${totalScoreOf(first)}/100`)
    await scoring
      .getByTestId('live-total')
      .getByText(scoreBandLabels[scoreBandOf(totalScoreOf(first))])
      .waitFor()
    await scoring.getByRole('button', { name: 'Save score' }).click()
    await scoring.getByText(resumeMessages.feedbackRequired).waitFor()
    await scoring.getByLabel('Feedback').fill('Strong projects. Name the target role in your summary.')
    expect(await seriousAccessibilityViolations(admin.page)).toEqual([])
    await scoring.getByRole('button', { name: 'Save score' }).click()
    await admin.page.getByText(resumeMessages.scored).waitFor()
    await scoring.waitFor({ state: 'detached' })
    // the 'pending' filter lets it go once it is reviewed
    await admin.page.getByLabel('Status', { exact: true }).selectOption('all')
    await row.getByTestId('review-status').getByText('Reviewed').waitFor()
    const firstTotal = totalScoreOf(first)
    const scoredMail = await stack.smtp.waitFor(member.email, /Your resume has been reviewed/)
    expect(scoredMail.subject).toContain(`${firstTotal}/100`)

    // the member, live: no pending card; the review with its score, band and feedback
    await pending.waitFor({ state: 'detached', timeout: 15_000 })
    const scored = page.getByTestId('previous-review').first()
    await scored.getByTestId('review-status').getByText('Reviewed').waitFor()
    await expect.poll(() => scored.getByTestId('score-total').textContent()).toBe(`${firstTotal}/100`)
    await scored.getByTestId('score-band').getByText(scoreBandLabels[scoreBandOf(firstTotal)]).waitFor()
    await scored.getByText('Strong projects. Name the target role in your summary.').waitFor()

    // a second iteration, the previous one beside the form
    await row.getByRole('button', { name: 'Score resume of Rhea Writer' }).click()
    await scoring.getByText('Iteration 1').waitFor()
    const second: SubScores = { keyword: 90, format: 80, content: 75, ats: 85 }
    for (const criterion of criteria) await scoring.getByLabel(fieldLabels[criterion]).fill(String(second[criterion]))
    await scoring.getByLabel('Feedback').fill('Much better: the summary names the role.')
    await scoring.getByRole('button', { name: 'Save score' }).click()
    await scoring.waitFor({ state: 'detached' })
    const secondTotal = totalScoreOf(second)
    await expect
      .poll(() => scored.getByTestId('score-total').textContent(), { timeout: 15_000 })
      .toBe(`${secondTotal}/100`)

    // Resume Strength on the Prestige Club: the latest total and band, two iterations, their history and the changes
    await page.goto('/prestige-club')
    await expect
      .poll(() => strength.getByTestId('score-total').textContent(), { timeout: 15_000 })
      .toBe(`${secondTotal}/100`)
    await strength.getByTestId('score-band').getByText(scoreBandLabels[scoreBandOf(secondTotal)]).waitFor()
    await strength.getByText('2 iterations').waitFor()
    expect(await strength.getByRole('img', { name: /Score history/ }).getAttribute('aria-label')).toBe(
      `Score history, oldest first: ${firstTotal}, ${secondTotal}`,
    )
    for (const criterion of criteria) {
      const change = second[criterion] - first[criterion]
      expect(await strength.getByTestId(`criterion-${criterion}`).getByTestId('criterion-change').textContent()).toBe(
        `${change > 0 ? `+${change}` : change} since the previous score`,
      )
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // another member: no such review, file or thread, and their page shows only their own
    const base = `/api/resume-reviews/${review!.id}`
    expect((await other.page.request.get(`${base}/file`)).status()).toBe(404)
    expect((await other.page.request.get(`${base}/comments`)).status()).toBe(404)
    const intrusion = await other.page.request.post(`${base}/comments`, {
      headers: { Origin: stack.baseUrl },
      data: { content: 'Let me in' },
    })
    expect(intrusion.status()).toBe(404)
    expect((await myReviews(other.page)).map((mine) => mine.id)).not.toContain(review!.id)
    await other.page.goto('/resume-review')
    await other.page.getByTestId('pending-review').waitFor({ timeout: 15_000 })
    expect(await other.page.getByTestId('previous-review').count()).toBe(0)
    expect(await other.page.getByText('Could you look at my summary?').count()).toBe(0)
  })
})
