import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { plainText, solidPng } from '#server/testing/files.ts'
import { feedCacheOf } from '#server/modules/community/feed-cache.ts'
import { insertComment, insertPost } from '#server/modules/community/queries.ts'
import { commentsPageSize, communityMessages } from '#shared/community/schemas.ts'
import { seriousAccessibilityViolations, startStack, type Stack } from './support/stack.ts'

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const subscriber = (name: string) => ({
  email: `${name.toLowerCase()}@example.com`,
  password: `${name}-Pass-2026`,
  firstName: name,
  lastName: 'Member',
  subscribedDays: 30,
})

const postBy = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text })

async function openCommunity(page: Page) {
  await page.goto('/community')
  await page.getByRole('region', { name: 'Community feed' }).waitFor()
}

describe('community feed', () => {
  test('a photo post appears live for another member, who likes and comments; the author sees both live; deleting removes it everywhere', async () => {
    const alice = await stack.signedInPage(subscriber('Alice'))
    const bob = await stack.signedInPage(subscriber('Bob'))
    await openCommunity(alice.page)
    await openCommunity(bob.page)

    await alice.page.getByLabel('Share something with the community').fill('Just finished my portfolio!')
    await alice.page
      .getByLabel('Photo or video')
      .setInputFiles({ name: 'portfolio.png', mimeType: 'image/png', buffer: solidPng(64, 48) })
    await alice.page.getByRole('img', { name: 'Selected photo' }).waitFor()
    await alice.page.getByRole('button', { name: 'Post', exact: true }).click()
    await alice.page.getByText(communityMessages.postCreated).waitFor()

    // Bob never reloads: the post arrives over the live stream, photo included
    const bobsView = postBy(bob.page, 'Just finished my portfolio!')
    await bobsView.waitFor({ timeout: 10_000 })
    const photo = bobsView.getByRole('img', { name: 'Photo shared by Alice Member' })
    await photo.waitFor()
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64)
    await bobsView
      .getByText('about', { exact: false })
      .or(bobsView.getByText('less than a minute ago'))
      .first()
      .waitFor()

    await bobsView.getByRole('button', { name: 'Like (0 likes)' }).click()
    await bobsView.getByRole('button', { name: 'Unlike (1 like)' }).waitFor()
    await bobsView.getByRole('button', { name: '0 comments' }).click()
    await bobsView.getByLabel('Write a comment').fill('Looks great, congrats!')
    await bobsView.getByRole('button', { name: 'Comment', exact: true }).click()
    await bobsView.getByText('Looks great, congrats!').waitFor()

    const alicesView = postBy(alice.page, 'Just finished my portfolio!')
    await alicesView.getByRole('button', { name: 'Like (1 like)' }).waitFor({ timeout: 10_000 })
    await alicesView.getByRole('button', { name: '1 comment' }).waitFor()
    await alicesView.getByRole('button', { name: '1 comment' }).click()
    await alicesView.getByText('Looks great, congrats!').waitFor()

    await alicesView.getByRole('button', { name: 'Delete post' }).click()
    await alice.page.getByRole('dialog').getByText(communityMessages.confirmDelete).waitFor()
    await alice.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await alice.page.getByText(communityMessages.postDeleted).waitFor()
    await bobsView.waitFor({ state: 'detached', timeout: 10_000 })

    await alice.context.close()
    await bob.context.close()
  })

  test('a long conversation opens on its latest comments; the earlier ones come on request, oldest at the top', async () => {
    const author = await stack.createMember(subscriber('Carol'))
    const post = await insertPost(stack.db, { userId: author.id, content: 'Ask me anything about interviews' })
    const start = Date.now() - 3_600_000
    for (let i = 1; i <= commentsPageSize + 5; i++)
      await insertComment(stack.db, post.id, author.id, `Answer number ${i}`, new Date(start + i * 1000))
    // written past the app: its cached feed pages would not show them (the app's writes clear them)
    feedCacheOf(stack.deps).clear()
    const { page, context } = await stack.signedInPage(subscriber('Dave'))
    await openCommunity(page)
    const view = postBy(page, 'Ask me anything about interviews')
    await view.getByRole('button', { name: `${commentsPageSize + 5} comments` }).click()
    const comments = view.getByRole('list', { name: 'Comments' }).getByRole('listitem')
    await expect.poll(() => comments.count()).toBe(commentsPageSize)
    expect(await comments.first().textContent()).toMatch(/Answer number 6$/)

    await view.getByRole('button', { name: 'View earlier comments' }).click()
    await expect.poll(() => comments.count()).toBe(commentsPageSize + 5)
    expect(await comments.first().textContent()).toMatch(/Answer number 1$/)
    expect(await comments.last().textContent()).toMatch(/Answer number 25$/)
    await view.getByRole('button', { name: 'View earlier comments' }).waitFor({ state: 'detached' })
    await context.close()
  })

  test('markup in a post shows as text and never runs', async () => {
    const { page, context } = await stack.signedInPage(subscriber('Mallory'))
    let alerted = false
    page.on('dialog', (dialog) => {
      alerted = true
      void dialog.dismiss()
    })
    await openCommunity(page)
    await page.getByLabel('Share something with the community').fill('<img src=x onerror=alert(1)>')
    await page.getByRole('button', { name: 'Post', exact: true }).click()
    const post = postBy(page, '<img src=x onerror=alert(1)>')
    await post.waitFor()
    expect(await post.locator('img[src="x"]').count()).toBe(0)
    await page.reload()
    await postBy(page, '<img src=x onerror=alert(1)>').waitFor()
    expect(alerted).toBe(false)
    await context.close()
  })

  test("a 6 MB file and a text file named .png are refused with the spec's messages", async () => {
    const { page, context } = await stack.signedInPage(subscriber('Uploader'))
    await openCommunity(page)
    const picker = page.getByLabel('Photo or video')

    await picker.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([solidPng(), Buffer.alloc(6 * 1024 * 1024)]),
    })
    await page.getByText(communityMessages.fileTooLarge).waitFor()

    // the browser believes the name; the server reads the bytes
    await page.getByLabel('Share something with the community').fill('Not really a picture')
    await picker.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: plainText })
    await page.getByRole('button', { name: 'Post', exact: true }).click()
    await page.getByText(communityMessages.fileNotMedia).waitFor()
    expect(await postBy(page, 'Not really a picture').count()).toBe(0)
    await context.close()
  })

  test('an admin edits the trends panel, one item per line, and moderates posts; axe finds no serious violation', async () => {
    const member = await stack.signedInPage(subscriber('Poster'))
    await openCommunity(member.page)
    await member.page.getByLabel('Share something with the community').fill('Buy cheap followers now')
    await member.page.getByRole('button', { name: 'Post', exact: true }).click()
    await postBy(member.page, 'Buy cheap followers now').waitFor()

    const admin = await stack.signedInPage({
      email: 'moderator@example.com',
      password: 'Moderator-Pass-1',
      firstName: 'Mo',
      lastName: 'Derator',
      admin: true,
    })
    await openCommunity(admin.page)
    expect(await seriousAccessibilityViolations(admin.page)).toEqual([])

    await admin.page.getByRole('button', { name: 'Edit trends' }).click()
    await admin.page.getByLabel('Trending skills (one per line)').fill('Go\n\n  \nKubernetes\n')
    await admin.page.getByRole('button', { name: 'Save trends' }).click()
    await admin.page.getByText(communityMessages.trendsSaved).waitFor()
    const skills = member.page.getByRole('region', { name: 'Trending skills' }).getByRole('listitem')
    await expect.poll(() => skills.allTextContents(), { timeout: 10_000 }).toEqual(['Go', 'Kubernetes'])

    const spam = postBy(admin.page, 'Buy cheap followers now')
    await spam.getByRole('button', { name: 'Delete post' }).click()
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await postBy(member.page, 'Buy cheap followers now').waitFor({ state: 'detached', timeout: 10_000 })
    await admin.context.close()
    await member.context.close()
  })
})
