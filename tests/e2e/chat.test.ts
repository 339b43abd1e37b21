import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { chatMessagePageSize } from '#shared/chat/constants.ts'
import { chatMessages } from '#shared/chat/messages.ts'
import type { ChatMessagePage, ConversationSummary } from '#shared/chat/schemas.ts'
import { seriousAccessibilityViolations, signInOnce, startStack, waitForPath, type Stack } from './support/stack.ts'

// Issue 20 in a browser: a member reaches a coach in one click and they talk live;
// unread counts rise and clear, in the list and in the header; the coach sees who
// they are helping; a retried send is stored once; long conversations page back;
// another member can neither open the conversation nor see a word of it.

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const coach = {
  email: 'chat-coach@example.com',
  password: 'Chat-Coach-2026',
  firstName: 'Cleo',
  lastName: 'Coach',
  admin: true,
}
const member = {
  email: 'max.chat@example.com',
  password: 'Max-Chat-2026',
  firstName: 'Max',
  lastName: 'Member',
  subscribedDays: 30,
  location: 'Lisbon, Portugal',
}
const nosy = {
  email: 'nosy.chat@example.com',
  password: 'Nosy-Chat-2026',
  firstName: 'Nina',
  lastName: 'Nosy',
  subscribedDays: 30,
}

const messageLog = (page: Page, name: string) => page.getByRole('log', { name: `Messages with ${name}` })
const messageIn = (page: Page, name: string, text: string) =>
  messageLog(page, name).getByTestId('chat-message').filter({ hasText: text })
const composer = (page: Page, name: string) => page.getByLabel(`Message to ${name}`)
const conversationLink = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: name })
/** The header's count on the user menu's avatar (wider screens). */
const unreadBadge = (page: Page) => page.getByRole('banner').getByTestId('chat-unread-badge')

/** The bulk messages of the long conversation, 'Note 001' onwards. */
const note = (index: number) => `Note ${String(index).padStart(3, '0')}`

/** Writes in the message box and sends with Enter, as a person does. */
async function sendMessage(page: Page, name: string, text: string) {
  await composer(page, name).fill(text)
  await composer(page, name).press('Enter')
  await expect.poll(() => composer(page, name).inputValue()).toBe('')
}

/** The second test signs the same people in again, through /login once each. */
const signIn = signInOnce()

describe('career coach chat', () => {
  test('a member and their coach talk live; unread counts rise and clear; the coach sees who they help; nobody else reads a word', async () => {
    const memberProfile = await stack.signedInPage(member)
    const { page } = memberProfile

    // no coach yet: the spec's words, and nothing is started
    await page.goto('/career-chat')
    await page.getByRole('heading', { level: 1, name: chatMessages.title }).waitFor()
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/prestige-club')
    await page.getByText(chatMessages.selectConversation).waitFor()
    await page.getByRole('button', { name: chatMessages.start }).click()
    await page.getByText(chatMessages.noAdmins).waitFor()
    expect(new URL(page.url()).search).toBe('')

    // a coach joins; the member reaches them in one click from the Prestige Club tile
    const admin = await stack.signedInPage(coach)
    await admin.page.goto('/career-chat')
    await admin.page.getByText(/No conversations yet/).waitFor()
    await page.goto('/prestige-club')
    await page
      .getByRole('list', { name: 'Your career lab' })
      .getByRole('link', { name: /Career Coach/ })
      .click()
    await waitForPath(page, '/career-chat')
    await page.getByRole('button', { name: chatMessages.start }).click()
    await page.waitForURL((url) => url.searchParams.has('c'))
    const conversationId = new URL(page.url()).searchParams.get('c')!
    const pane = page.getByRole('region', { name: 'Conversation' })
    await pane.getByRole('heading', { name: 'Cleo Coach' }).getByText('Admin', { exact: true }).waitFor()
    await conversationLink(page, 'Cleo Coach').waitFor()
    expect(await page.getByRole('button', { name: chatMessages.start }).count()).toBe(0)

    // the coach's list gets the new conversation live; opening it shows the member beside it
    await conversationLink(admin.page, 'Max Member').click()
    await admin.page.waitForURL((url) => url.searchParams.get('c') === conversationId)
    const about = admin.page.getByRole('complementary', { name: 'About Max Member' })
    await about.getByText(member.email).waitFor()
    await about.getByText('Lisbon, Portugal').waitFor()
    await about.getByText('No resume score yet').waitFor()
    await about.getByText('No applications yet').waitFor()
    await about.getByText('No saved jobs').waitFor()

    // blank is never sent; Enter sends, the text stays text and its link opens safely
    await composer(page, 'Cleo Coach').fill('   ')
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true)
    await sendMessage(page, 'Cleo Coach', 'Hello <b>coach</b>, my CV: https://example.com/cv.')
    const mine = messageIn(page, 'Cleo Coach', 'my CV')
    await mine.waitFor()
    expect(await mine.getAttribute('data-mine')).toBe('true')
    expect(await mine.getByText('Hello <b>coach</b>, my CV:').count()).toBe(1)
    const link = mine.getByRole('link', { name: 'https://example.com/cv' })
    expect(await link.getAttribute('href')).toBe('https://example.com/cv')
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer')

    // ... it reaches the coach live, who has the conversation open: read at once, 'Seen' for the member
    const received = messageIn(admin.page, 'Max Member', 'my CV')
    await received.waitFor({ timeout: 10_000 })
    expect(await received.getAttribute('data-mine')).toBe('false')
    await mine.getByText('Seen', { exact: true }).waitFor({ timeout: 10_000 })

    // the member leaves the chat; the coach's reply counts as unread in the header, live
    await page.goto('/prestige-club')
    await page.getByRole('heading', { level: 1, name: 'Welcome, Max' }).waitFor()
    expect(await unreadBadge(page).count()).toBe(0)
    await sendMessage(admin.page, 'Max Member', 'Lead with your results.\nThen your skills.')
    await expect.poll(() => unreadBadge(page).textContent(), { timeout: 10_000 }).toBe('1')
    await sendMessage(admin.page, 'Max Member', 'And keep it to one page.')
    await expect.poll(() => unreadBadge(page).textContent(), { timeout: 10_000 }).toBe('2')

    // the user menu's entry says it; the list shows the count and the newest message; opening the conversation clears both
    await page.getByRole('banner').getByRole('button', { name: 'Max' }).click()
    await page.getByRole('menuitem', { name: 'Career Coach, 2 unread messages' }).click()
    await waitForPath(page, '/career-chat')
    const listed = conversationLink(page, 'Cleo Coach')
    await listed.getByText('2 unread messages').waitFor()
    await listed.getByText('And keep it to one page.').waitFor()
    await listed.click()
    const reply = messageIn(page, 'Cleo Coach', 'Lead with your results.')
    await reply.getByText('Admin', { exact: true }).waitFor()
    expect(await reply.getByText('Then your skills.').count()).toBe(1)
    await unreadBadge(page).waitFor({ state: 'detached', timeout: 10_000 })
    await listed.getByText(/unread message/).waitFor({ state: 'detached' })
    await messageIn(admin.page, 'Max Member', 'And keep it to one page.').getByText('Seen').waitFor({ timeout: 10_000 })

    // a reload keeps the chosen conversation
    await page.reload()
    await messageIn(page, 'Cleo Coach', 'And keep it to one page.').waitFor()

    // Shift+Enter is a new line; a message the coach reads as it arrives is never unread for them
    await composer(page, 'Cleo Coach').fill('Thanks!')
    await composer(page, 'Cleo Coach').press('Shift+Enter')
    await composer(page, 'Cleo Coach').pressSequentially('Will do.')
    expect(await composer(page, 'Cleo Coach').inputValue()).toBe('Thanks!\nWill do.')
    await composer(page, 'Cleo Coach').press('Enter')
    await messageIn(admin.page, 'Max Member', 'Will do.').waitFor({ timeout: 10_000 })
    await messageIn(page, 'Cleo Coach', 'Will do.').getByText('Seen').waitFor({ timeout: 10_000 })
    await expect.poll(() => unreadBadge(admin.page).count()).toBe(0)

    expect(await seriousAccessibilityViolations(page)).toEqual([])
    expect(await seriousAccessibilityViolations(admin.page)).toEqual([])

    // a send that fails stays, with Retry; the retry posts under the same key, and the message is stored once
    const keys: string[] = []
    let refuse = true
    await page.route('**/api/chat/conversations/*/messages', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      keys.push((route.request().postDataJSON() as { clientKey: string }).clientKey)
      if (refuse) return route.abort('connectionreset')
      return route.continue()
    })
    await sendMessage(page, 'Cleo Coach', 'Is Friday good for a call?')
    const failed = messageIn(page, 'Cleo Coach', 'Is Friday good for a call?')
    await failed.getByText(/^Not sent/).waitFor()
    refuse = false
    await failed.getByRole('button', { name: 'Retry' }).click()
    await failed.getByText(/^Not sent/).waitFor({ state: 'detached' })
    await messageIn(admin.page, 'Max Member', 'Is Friday good for a call?').waitFor({ timeout: 10_000 })
    await page.unroute('**/api/chat/conversations/*/messages')
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    // the same key again, as a retry whose answer was lost would send it: the same message, not a second one
    const again = await page.request.post(`/api/chat/conversations/${conversationId}/messages`, {
      headers: { Origin: stack.baseUrl },
      data: { content: 'Is Friday good for a call?', clientKey: keys[0] },
    })
    expect(again.status()).toBe(200)
    const stored = await messagesOf(page, conversationId)
    expect(stored.messages.filter((m) => m.content === 'Is Friday good for a call?')).toHaveLength(1)

    // another member: the API says the conversation does not exist; their page never shows a word of it
    const other = await stack.signedInPage(nosy)
    for (const [method, path] of [
      ['GET', `/api/chat/conversations/${conversationId}`],
      ['GET', `/api/chat/conversations/${conversationId}/messages`],
      ['POST', `/api/chat/conversations/${conversationId}/read`],
    ] as const) {
      const answer = await other.page.request.fetch(path, { method, headers: { Origin: stack.baseUrl } })
      expect([path, answer.status()]).toEqual([path, 404])
    }
    const intrusion = await other.page.request.post(`/api/chat/conversations/${conversationId}/messages`, {
      headers: { Origin: stack.baseUrl },
      data: { content: 'Let me in', clientKey: 'nosy-key-0001' },
    })
    expect(intrusion.status()).toBe(404)
    await other.page.goto(`/career-chat?c=${conversationId}`)
    await other.page.getByText(chatMessages.notFound).waitFor()
    await other.page.getByRole('button', { name: chatMessages.start }).waitFor()
    // ... nor while they talk: a new message reaches both parties and never this page
    await sendMessage(admin.page, 'Max Member', 'Friday at 10 works.')
    await messageIn(page, 'Cleo Coach', 'Friday at 10 works.').waitFor({ timeout: 10_000 })
    const otherText = await other.page.locator('body').innerText()
    for (const words of ['Friday at 10 works.', 'Lead with your results.', 'my CV', 'Cleo Coach'])
      expect(otherText).not.toContain(words)
    expect(await unreadBadge(other.page).count()).toBe(0)
    for (const profile of [other, admin, memberProfile]) await profile.context.close()
  })

  test('a long conversation loads its older messages on request, keeping the place; on a phone, the list and the conversation take turns', async () => {
    const memberProfile = await stack.newPage()
    await signIn(memberProfile, member)
    const { page } = memberProfile
    const [conversation] = await conversationsOf(page)
    const conversationId = conversation!.id
    const total = chatMessagePageSize + 5
    for (let index = 1; index <= total; index++) {
      const answer = await page.request.post(`/api/chat/conversations/${conversationId}/messages`, {
        headers: { Origin: stack.baseUrl },
        data: { content: note(index), clientKey: `bulk-note-${index}` },
      })
      expect(answer.status()).toBe(201)
    }

    const admin = await stack.newPage()
    await signIn(admin, coach)
    await admin.page.goto(`/career-chat?c=${conversationId}`)
    const log = messageLog(admin.page, 'Max Member')
    await messageIn(admin.page, 'Max Member', note(total)).waitFor()
    // the newest page: the last of the notes shown, the first ones (and what came before) not yet
    expect(await messageIn(admin.page, 'Max Member', 'Note 001').count()).toBe(0)
    await expect.poll(() => log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(60)

    await log.getByRole('button', { name: 'Load older messages' }).click()
    await messageIn(admin.page, 'Max Member', 'Note 001').waitFor()
    await messageIn(admin.page, 'Max Member', 'my CV').waitFor()
    await log.getByRole('button', { name: 'Load older messages' }).waitFor({ state: 'detached' })
    // the place is kept: the reader is not thrown to the top of what loaded
    expect(await log.evaluate((el) => el.scrollTop)).toBeGreaterThan(200)

    // light theme, too
    await admin.page.evaluate(() => localStorage.setItem('theme', 'light'))
    await admin.page.reload()
    await messageIn(admin.page, 'Max Member', note(total)).waitFor()
    expect(await seriousAccessibilityViolations(admin.page)).toEqual([])

    // a phone: the header's icon carries the count; the list first; a conversation replaces it, with a way back
    await sendMessage(admin.page, 'Max Member', 'Got all your notes.')
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/prestige-club')
    const icon = page.getByRole('banner').getByRole('link', { name: /^Career Coach/ })
    await expect.poll(() => icon.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Career Coach, 1 unread message')
    expect(await page.getByTestId('chat-unread-count').textContent()).toBe('1')
    await icon.click()
    await waitForPath(page, '/career-chat')
    const listed = conversationLink(page, 'Cleo Coach')
    await listed.click()
    await messageIn(page, 'Cleo Coach', 'Got all your notes.').waitFor()
    await page.getByTestId('chat-unread-count').waitFor({ state: 'detached', timeout: 10_000 })
    expect(await listed.isVisible()).toBe(false)
    await page.getByRole('link', { name: 'All conversations' }).click()
    await listed.waitFor()
    expect(await page.getByRole('log').count()).toBe(0)
    expect(await seriousAccessibilityViolations(page)).toEqual([])
  })
})

async function conversationsOf(page: Page): Promise<ConversationSummary[]> {
  const answer = await page.request.get('/api/chat/conversations')
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { conversations: ConversationSummary[] }).conversations
}

async function messagesOf(page: Page, conversationId: string): Promise<ChatMessagePage> {
  const answer = await page.request.get(`/api/chat/conversations/${conversationId}/messages`)
  expect(answer.status()).toBe(200)
  return (await answer.json()) as ChatMessagePage
}
