import { describe, expect, test } from 'vitest'
import { chatMessages } from '#shared/chat/messages.ts'
import { formatMessageTime, latestAuthorPrefix, unreadLabel } from './format.ts'

describe('how the chat writes times and counts', () => {
  const now = new Date(2026, 2, 10, 15, 0)

  test("today's messages show the time, this year's the day too, older ones the year", () => {
    expect(formatMessageTime(new Date(2026, 2, 10, 9, 5).toISOString(), now)).toBe('9:05 AM')
    expect(formatMessageTime(new Date(2026, 0, 2, 9, 5).toISOString(), now)).toBe('Jan 2, 9:05 AM')
    expect(formatMessageTime(new Date(2025, 11, 24, 18, 30).toISOString(), now)).toMatch(/^Dec 24, 2025,? .*6:30 PM$/)
  })

  test("the list's latest message says who wrote it, unless it is the party the item names", () => {
    expect(latestAuthorPrefix('viewer', 'viewer')).toBe('You: ')
    expect(latestAuthorPrefix('other', 'viewer')).toBe('')
    // a coach whose account was deleted: their message stays, its author emptied
    expect(latestAuthorPrefix(null, 'viewer')).toBe(`${chatMessages.formerCoach}: `)
  })

  test('unread counts read as words', () => {
    expect(unreadLabel(1)).toBe('1 unread message')
    expect(unreadLabel(3)).toBe('3 unread messages')
  })
})
