import type { Db } from '#server/db/client.ts'
import { oneLine } from '#server/platform/admin-mail.ts'
import type { Deps } from '#server/platform/context.ts'
import { queueMail } from '#server/platform/mail-queue.ts'
import { pathTo } from '#shared/pages.ts'

// The career chat's one e-mail (issue 20): a member who has not opened their
// coach's messages for a while hears of them, once per quiet spell, queued in the
// transaction that records it was sent (chat_conversations.member_mailed_at;
// decision 021). The messages themselves stay in the chat: the mail says who wrote
// and how many, and links there.

type MailDeps = Pick<Deps, 'queue' | 'config'>

export function unreadMailText(
  deps: Pick<Deps, 'config'>,
  about: { memberFirstName: string; coachName: string; unread: number },
): { subject: string; text: string } {
  const coach = oneLine(about.coachName) || 'Your career coach'
  const messages = about.unread === 1 ? 'a new message' : `${about.unread} new messages`
  return {
    subject: `${coach} sent you ${messages}`,
    text: [
      `Hello ${oneLine(about.memberFirstName) || 'there'},`,
      '',
      `${coach} sent you ${messages} in your career coaching chat, still unread.`,
      '',
      `Read and answer them: ${deps.config.baseUrl}${pathTo('careerChat')}`,
    ].join('\n'),
  }
}

export async function queueUnreadMail(
  deps: MailDeps,
  tx: Db,
  to: string,
  about: { memberFirstName: string; coachName: string; unread: number },
): Promise<void> {
  await queueMail(deps, { to, ...unreadMailText(deps, about) }, { tx })
}
