import { scoreCriteria, type ScoreCriterion } from '#shared/resumes/constants.ts'
import type { ResumeSuggestion, SuggestedCriterion } from '#shared/resumes/schemas.ts'
import { totalScoreOf } from '#shared/resumes/scoring.ts'
import { analyse } from './pre-score/analysis.ts'
import {
  atsCriterion,
  cleanSkills,
  contentCriterion,
  formatCriterion,
  keywordCriterion,
  minReadableChars,
  unreadableCriterion,
} from './pre-score/criteria.ts'
import type { ResumePdf } from './pre-score/read-pdf.ts'

// The automatic ATS pre-score of issue 16: what the coach sees beside the score
// form, computed by a queue job once a PDF arrives. Explainable rules over the
// PDF's text (read with unpdf on our own server), so every sub-score comes with
// sentences a coach can read out to the member.

export { readResumePdf, UnreadablePdfError, maxPagesRead, type ResumePdf } from './pre-score/read-pdf.ts'

const judged: Record<Exclude<ScoreCriterion, 'ats'>, string> = {
  keyword: 'its keywords',
  format: 'its formatting',
  content: 'its content',
}

/**
 * The suggestion for a resume's text, given the skills the member targets (may be
 * empty) and where they came from, a phrase completing "The target skills come
 * from ..." (such as "the member's goals and skills"). Without a text layer (a
 * scanned image) ATS is 0 with that reason, and nothing else can be judged.
 */
export function preScoreResume(pdf: ResumePdf, target: { skills: string[]; source: string }): ResumeSuggestion {
  const resume = analyse(pdf)
  const skills = cleanSkills(target.skills)
  const readable = resume.visibleChars >= minReadableChars
  const criteria: Record<ScoreCriterion, SuggestedCriterion> = {
    keyword: readable ? keywordCriterion(resume, skills, target.source) : unreadableCriterion(judged.keyword),
    format: readable ? formatCriterion(resume) : unreadableCriterion(judged.format),
    content: readable ? contentCriterion(resume) : unreadableCriterion(judged.content),
    ats: atsCriterion(resume),
  }
  const scores = Object.fromEntries(scoreCriteria.map((criterion) => [criterion, criteria[criterion].score])) as Record<
    ScoreCriterion,
    number
  >
  return {
    pages: resume.pages,
    textLength: resume.visibleChars,
    targetSkills: skills,
    targetSource: target.source,
    criteria,
    total: totalScoreOf(scores),
  }
}
