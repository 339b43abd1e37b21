import { isAdminUser } from '#server/platform/guards.ts'
import type { ChatMessageView, ChatPartyView, ConversationSummary } from '#shared/chat/schemas.ts'
import type * as queries from './queries.ts'
import { memberNames } from '#shared/profile/names.ts'

// Rows as the API shows them (shared/chat/schemas.ts). No rule lives here.

/** The profile's names; the account's name split in two when the profile has none. */
export function partyNames(row: { firstName: string | null; lastName: string | null; accountName: string }) {
  return memberNames(row, row.accountName)
}

function toPartyView(row: queries.SummaryRow): ChatPartyView {
  return {
    id: row.otherId,
    ...partyNames({ firstName: row.otherFirstName, lastName: row.otherLastName, accountName: row.otherAccountName }),
    // the profile keeps the address it is served at (/api/profile/avatars/:userId, with its version)
    avatarUrl: row.otherAvatarUrl,
    isAdmin: isAdminUser({ role: row.otherRole }),
  }
}

export function toSummary(row: queries.SummaryRow): ConversationSummary {
  return {
    id: row.id,
    status: row.status as ConversationSummary['status'],
    memberId: row.memberId,
    coachId: row.coachId,
    otherParty: toPartyView(row),
    // no message yet: the lateral join's columns are all null; a former coach's has a null author only
    latestMessage:
      row.latestContent !== null && row.latestCreatedAt !== null
        ? { content: row.latestContent, authorId: row.latestAuthorId, createdAt: row.latestCreatedAt.toISOString() }
        : null,
    unreadCount: row.unreadCount,
    lastMessageAt: row.lastMessageAt.toISOString(),
  }
}

export function toMessageView(row: queries.MessageRow): ChatMessageView {
  return {
    id: row.id,
    conversationId: row.conversationId,
    authorId: row.authorId,
    content: row.content,
    clientKey: row.clientKey,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }
}
