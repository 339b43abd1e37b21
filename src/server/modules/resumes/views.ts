import { isAdminUser } from '#server/platform/guards.ts'
import { feedbackPromiseHours, scoreCriteria, type ReviewStatus } from '#shared/resumes/constants.ts'
import type {
  AdminReviewRow,
  ResumeCommentView,
  ResumeReviewView,
  ResumeStrength,
  ResumeSuggestion,
  ScoreView,
  SuggestionView,
} from '#shared/resumes/schemas.ts'
import type * as queries from './queries.ts'
import { memberNames as namesOf } from '#shared/profile/names.ts'

// Rows as the API shows them (shared/resumes/schemas.ts). No rule lives here.

export const reviewFileUrl = (reviewId: string) => `/api/resume-reviews/${reviewId}/file`

/** A download's name: plain ASCII for every browser, and the member's own spelling for those that read filename*. */
export type DownloadName = { ascii: string; utf8: string }

/** spec 001 §7: the member's download is saved as resume-{date}.pdf (the submission's day, UTC). */
export function memberDownloadName(createdAt: Date): DownloadName {
  const name = `resume-${createdAt.toISOString().slice(0, 10)}.pdf`
  return { ascii: name, utf8: name }
}

/** Letters and digits of a name, words joined by '-' (no quote, slash or line break reaches a header). */
function fileNamePart(text: string, ascii: boolean): string {
  const letters = ascii ? text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : text.normalize('NFC')
  return letters
    .replace(ascii ? /[^A-Za-z0-9]+/g : /[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}

/**
 * spec 002 §7: an admin's download is named from the member's names
 * ({First}-{Last}-resume.pdf); a member without names falls back to the member's own.
 */
export function adminDownloadName(row: queries.ReviewWithMember): DownloadName {
  const names = memberNames(row)
  const of = (ascii: boolean) =>
    [names.firstName, names.lastName]
      .map((name) => fileNamePart(name, ascii))
      .filter(Boolean)
      .join('-')
  const ascii = of(true)
  const utf8 = of(false)
  if (!utf8) return memberDownloadName(row.createdAt)
  return { ascii: `${ascii || 'member'}-resume.pdf`, utf8: `${utf8}-resume.pdf` }
}

/** The profile's names; the account's name split in two when the profile has none. */
export function memberNames(
  row: Pick<queries.ReviewWithMember, 'memberFirstName' | 'memberLastName' | 'memberAccountName'>,
) {
  return namesOf({ firstName: row.memberFirstName, lastName: row.memberLastName }, row.memberAccountName)
}

export function feedbackDueAt(createdAt: Date): string {
  return new Date(createdAt.getTime() + feedbackPromiseHours * 3_600_000).toISOString()
}

export function toScoreView(row: queries.ScoreRow): ScoreView {
  return {
    iteration: row.iteration,
    scores: { keyword: row.keywordScore, format: row.formatScore, content: row.contentScore, ats: row.atsScore },
    total: row.totalScore,
    feedback: row.feedback,
    createdAt: row.createdAt.toISOString(),
  }
}

export function toReviewView(
  row: queries.ReviewRow,
  latest: queries.ScoreRow | undefined,
  downloadName: DownloadName,
): ResumeReviewView {
  return {
    id: row.id,
    email: row.email,
    status: row.status as ReviewStatus,
    createdAt: row.createdAt.toISOString(),
    feedbackDueAt: feedbackDueAt(row.createdAt),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    adminFeedback: row.adminFeedback,
    downloadUrl: reviewFileUrl(row.id),
    downloadName: downloadName.utf8,
    latestScore: latest ? toScoreView(latest) : null,
  }
}

export function toAdminRow(row: queries.AdminRow): AdminReviewRow {
  return {
    id: row.id,
    member: { id: row.userId, ...memberNames(row), email: row.memberEmail },
    email: row.email,
    status: row.status as ReviewStatus,
    createdAt: row.createdAt.toISOString(),
    feedbackDueAt: feedbackDueAt(row.createdAt),
    latestTotal: row.latestTotal,
    iterations: row.iterations,
    downloadUrl: reviewFileUrl(row.id),
    downloadName: adminDownloadName(row).utf8,
  }
}

/** The pre-score as the coach sees it; `suggestion` was written by the pre-score job. */
export function toSuggestionView(row: Pick<queries.ReviewRow, 'suggestionStatus' | 'suggestion'>): SuggestionView {
  if (row.suggestionStatus === 'ready' && row.suggestion)
    return { status: 'ready', suggestion: row.suggestion as ResumeSuggestion }
  if (row.suggestionStatus === 'failed')
    return { status: 'failed', message: (row.suggestion as { message?: string } | null)?.message ?? '' }
  return { status: 'pending' }
}

export function toCommentView(row: queries.CommentRow): ResumeCommentView {
  const names = memberNames({
    memberFirstName: row.authorFirstName,
    memberLastName: row.authorLastName,
    memberAccountName: row.authorAccountName,
  })
  return {
    id: row.id,
    reviewId: row.reviewId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    author: { id: row.authorId, ...names, isAdmin: isAdminUser({ role: row.authorRole }) },
  }
}

/** spec 001 §2 Resume Strength: the member's scores, oldest first, as the dashboard card reads them. */
export function toResumeStrength(scores: queries.ScoreRow[]): ResumeStrength {
  const latest = scores.at(-1)
  const previous = scores.at(-2)
  return {
    latest: latest ? toScoreView(latest) : null,
    iterations: scores.length,
    history: scores.map((score) => ({ total: score.totalScore, createdAt: score.createdAt.toISOString() })),
    change:
      latest && previous
        ? (Object.fromEntries(
            scoreCriteria.map((criterion) => [criterion, subScore(latest, criterion) - subScore(previous, criterion)]),
          ) as ResumeStrength['change'])
        : null,
  }
}

function subScore(row: queries.ScoreRow, criterion: (typeof scoreCriteria)[number]): number {
  const columns = { keyword: row.keywordScore, format: row.formatScore, content: row.contentScore, ats: row.atsScore }
  return columns[criterion]
}
