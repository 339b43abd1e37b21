// The career chat's user-facing words: spec 001 §8 Chat, §6 (no admin), and the
// issue 20 words the spec does not give (worded like its own).

export const chatMessages = {
  // spec 001 §8
  loadConversationsFailed: 'Failed to load conversations',
  loadMessagesFailed: 'Failed to load messages',
  startFailed: 'Failed to start conversation',
  sendFailed: 'Failed to send message',
  // spec 001 §6: no coach to assign
  noAdmins: 'No admins available for chat',
  // spec 001 §2: the page's states
  title: 'Career Coaching',
  start: 'Start Conversation',
  selectConversation: 'Select a conversation',
  // issue 20: what the server refuses
  blank: 'Please write a message',
  tooLong: 'Messages must be 4000 characters or fewer',
  invalidClientKey: 'Invalid message key',
  notFound: 'Conversation not found',
  notAParty: 'Only the member and their coach can write in this conversation',
  closed: 'This conversation is closed',
  contextFailed: 'Failed to load member details',
  // docs/decisions/029: the author of a message whose coach's account was deleted
  formerCoach: 'Former coach',
} as const
