import { withTransaction } from '#server/db/client.ts'
import { defineJob } from '#server/platform/queue.ts'
import { chatUnreadMailDelayMinutes } from '#shared/chat/constants.ts'
import { queueUnreadMail } from './mails.ts'
import * as queries from './queries.ts'
import { partyNames } from './views.ts'

// The chat's background job (docs/decisions/021): the e-mail about unread coach
// messages (issue 20). A coach's message queues it to run after the quiet spell
// (chatUnreadMailDelayMinutes), unless an earlier unread one already did. Each run
// decides under the conversation's row lock and records the mail in the
// transaction that queues it, so two runs (a retry, a second job of the same
// spell) never mail twice, and messages read meanwhile are mailed about never.

export type UnreadMailData = { conversationId: string }

export const chatUnreadMailJob = defineJob<UnreadMailData>({
  name: 'chat-unread-mail',
  retryLimit: 3,
  expireInSeconds: 60,
  summary: (data) => `Unread coach messages of conversation ${data.conversationId}`,
  async run(data, { deps, logger }) {
    await withTransaction(deps.db, async (tx) => {
      const conversation = await queries.lockConversationForMail(tx, data.conversationId)
      if (!conversation) return // deleted with its member or coach
      const { unread, byFormerCoach } = await queries.countMailableCoachMessages(
        tx,
        conversation.id,
        chatUnreadMailDelayMinutes,
      )
      if (unread === 0) return
      // a former coach's messages (their account deleted, the conversation handed over)
      // were not written by today's coach: the mail then names no one ('Your career coach')
      const coach = byFormerCoach === 0 ? await queries.findPartyNames(tx, conversation.coachId) : undefined
      const coachNames = coach && partyNames(coach)
      const member = partyNames({
        firstName: conversation.memberFirstName,
        lastName: null,
        accountName: conversation.memberAccountName,
      })
      await queueUnreadMail(deps, tx, conversation.memberEmail, {
        memberFirstName: member.firstName,
        coachName: coachNames ? `${coachNames.firstName} ${coachNames.lastName}` : '',
        unread,
      })
      await queries.setMemberMailed(tx, conversation.id)
      logger.info({ conversationId: conversation.id, unread }, 'unread chat mail queued')
    })
  },
})
