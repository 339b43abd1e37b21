import type { JobBoardAnswer, JobSearchPage, JobSummary } from './schemas.ts'

/**
 * GET /api/jobs as the board shows it: each shared card joined with its marks
 * (the answer sends them apart so the cards are compressed once, JobBoardAnswer).
 */
export function joinBoardAnswer(answer: JobBoardAnswer): JobSearchPage {
  return {
    jobs: answer.jobs.map((card, index): JobSummary => {
      const marks = answer.viewer[index]
      return {
        id: card.id,
        title: card.title,
        company: card.company,
        logoUrl: card.logoUrl,
        location: card.location,
        type: card.type,
        remote: card.remote,
        salary: card.salary,
        postedAt: card.postedAt,
        match: marks?.match ?? 0,
        saved: marks?.saved ?? false,
        applicationStatus: marks?.applicationStatus ?? null,
        warnNotice: marks?.warnNotice ?? null,
      }
    }),
    nextCursor: answer.nextCursor,
    truncated: answer.truncated,
  }
}
