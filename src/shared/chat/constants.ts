// Career coach chat constants (issue 20; docs/decisions/029).

/** The longest message a member or coach can send (the spec gives none; a long chat message, not a document). */
export const chatMessageMaxLength = 4000

/** Messages per page of a conversation: the newest page first, older pages on 'Load older messages'. */
export const chatMessagePageSize = 50

/** Conversations per page of the list (a coach may have many). */
export const chatConversationPageSize = 30

/**
 * The quiet spell before a member hears of unread coach messages by e-mail: the
 * mail job runs this long after a coach's message, and only if it is still unread
 * then (one mail for the whole spell, never one per message).
 */
export const chatUnreadMailDelayMinutes = 15

/** The idempotency key a browser sends with each message: a UUID or any 8-64 safe characters. */
export const chatClientKeyPattern = /^[\w-]{8,64}$/

/** How many recent applications and saved jobs the coach's context panel shows. */
export const chatContextItems = 5
