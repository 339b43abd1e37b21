// The career chat's query keys (ARCHITECTURE.md rule 6). A live 'chat' event may
// change any of them; after missed events, everything under ['chat'] is read again.
export const chatKeys = {
  all: ['chat'] as const,
  conversations: ['chat', 'conversations'] as const,
  conversation: (conversationId: string) => ['chat', 'conversation', conversationId] as const,
  messages: (conversationId: string) => ['chat', 'messages', conversationId] as const,
  unread: ['chat', 'unread'] as const,
  memberContext: (memberId: string) => ['chat', 'member-context', memberId] as const,
}
