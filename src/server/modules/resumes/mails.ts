import type { Db } from '#server/db/client.ts'
import { mailAdmins, oneLine } from '#server/platform/admin-mail.ts'
import type { Ctx } from '#server/platform/context.ts'
import { queueMail } from '#server/platform/mail-queue.ts'
import { scoreCriteria, scoreCriterionLabels } from '#shared/resumes/constants.ts'
import { scoreBandLabels, scoreBandOf } from '#shared/resumes/scoring.ts'
import { pathTo } from '#shared/pages.ts'
import * as queries from './queries.ts'
import { memberNames } from './views.ts'

// The resume area's e-mails, each queued in the transaction of the write that
// causes it (decision 021): sent only if that write commits, whatever the mail
// server says meanwhile.

const memberPage = (ctx: Ctx) => `${ctx.deps.config.baseUrl}${pathTo('resumeReview')}`
const coachPage = (ctx: Ctx) => `${ctx.deps.config.baseUrl}${pathTo('adminResumeReview')}`

/**
 * A new comment, to the other party (issue 16): a coach's to the address the
 * member gave for updates; a member's to the coaches who have worked on the review
 * (scored it or written in its thread), or every admin while none has.
 */
export async function queueCommentMails(
  ctx: Ctx,
  tx: Db,
  about: { review: queries.ReviewWithMember; comment: queries.CommentRow; byCoach: boolean },
): Promise<void> {
  const { review, comment, byCoach } = about
  const member = memberNames(review)
  const memberName = oneLine(`${member.firstName} ${member.lastName}`) || review.memberEmail
  if (byCoach) {
    await queueMail(
      ctx.deps,
      {
        to: review.email,
        subject: 'New comment on your resume review',
        text: [
          `Hello ${oneLine(member.firstName) || 'there'},`,
          '',
          'Your coach commented on your resume review:',
          '',
          comment.content,
          '',
          `Read and answer it on your resume review page: ${memberPage(ctx)}`,
        ].join('\n'),
      },
      { tx },
    )
    return
  }
  const mail = {
    subject: `New comment from ${memberName} on their resume review`,
    text: [
      `${memberName} commented on their resume review (submitted ${review.createdAt.toISOString().slice(0, 10)}):`,
      '',
      comment.content,
      '',
      `Answer it in the resume reviews: ${coachPage(ctx)}`,
    ].join('\n'),
  }
  const coaches = await queries.listReviewCoachEmails(tx, review.id)
  if (coaches.length === 0) {
    await mailAdmins(ctx, tx, mail, { reviewId: review.id })
    return
  }
  for (const to of coaches) await queueMail(ctx.deps, { to, ...mail }, { tx })
}

/** spec 002 §4: a scored review's member hears of the total, its band and the feedback. */
export async function queueScoreMail(
  ctx: Ctx,
  tx: Db,
  about: { review: queries.ReviewWithMember; score: queries.ScoreRow },
): Promise<void> {
  const { review, score } = about
  const band = scoreBandLabels[scoreBandOf(score.totalScore)]
  const subScores = {
    keyword: score.keywordScore,
    format: score.formatScore,
    content: score.contentScore,
    ats: score.atsScore,
  }
  await queueMail(
    ctx.deps,
    {
      to: review.email,
      subject: `Your resume has been reviewed: ${score.totalScore}/100, ${band}`,
      text: [
        `Hello ${oneLine(memberNames(review).firstName) || 'there'},`,
        '',
        `Your coach has scored the resume you submitted on ${review.createdAt.toISOString().slice(0, 10)}${score.iteration > 1 ? ` (scoring ${score.iteration})` : ''}.`,
        '',
        `Total: ${score.totalScore}/100 (${band})`,
        ...scoreCriteria.map((criterion) => `${scoreCriterionLabels[criterion]}: ${subScores[criterion]}/100`),
        '',
        'Feedback:',
        score.feedback,
        '',
        `Your reviews and their history: ${memberPage(ctx)}`,
      ].join('\n'),
    },
    { tx },
  )
}
