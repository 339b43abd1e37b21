import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { AppEnv } from '#server/platform/context.ts'
import { validate } from '#server/platform/validation.ts'
import { chatMessages } from '#shared/chat/messages.ts'
import { ConversationListQuery, MessagePageQuery, SendMessageInput } from '#shared/chat/schemas.ts'
import * as chat from './service.ts'

const ConversationParams = z.object({ conversationId: z.uuid() })

/**
 * A conversation's id in the path. Anything that is no id names no conversation:
 * the same 404 as one that does not exist or is someone else's, so ids tell nothing.
 */
const conversationParam = Object.assign(
  zValidator('param', ConversationParams, (result) => {
    if (!result.success) throw new AppError('NOT_FOUND', chatMessages.notFound)
  }),
  // the route tooling (testing/routes.ts) reads what each route validates
  { validates: { target: 'param' as const, schema: ConversationParams } },
)

// /api/chat (subscribers; admins pass): the career coach chat (spec 001 §2 Career
// chat, §7 Chat; issue 20). A conversation is read by its two parties and acting
// admins, written by its parties only; anyone else gets 404.
export const chatRoutes = new Hono<AppEnv>()
  .get('/conversations', validate('query', ConversationListQuery), async (c) =>
    c.json(await chat.listConversations(c.var.ctx, c.req.valid('query'))),
  )
  // 201 with a new conversation, 200 with the member's open one (a second click, another tab)
  .post('/conversations', async (c) => {
    const { conversation, created } = await chat.startConversation(c.var.ctx)
    return c.json({ conversation }, created ? 201 : 200)
  })
  .get('/conversations/:conversationId', conversationParam, async (c) =>
    c.json(await chat.getConversation(c.var.ctx, c.req.valid('param').conversationId)),
  )
  .get('/conversations/:conversationId/messages', conversationParam, validate('query', MessagePageQuery), async (c) =>
    c.json(await chat.listMessages(c.var.ctx, c.req.valid('param').conversationId, c.req.valid('query'))),
  )
  // 201 with the new message, 200 with the one an earlier send of the same key made
  .post('/conversations/:conversationId/messages', conversationParam, validate('json', SendMessageInput), async (c) => {
    const { message, created } = await chat.sendMessage(
      c.var.ctx,
      c.req.valid('param').conversationId,
      c.req.valid('json'),
    )
    return c.json({ message }, created ? 201 : 200)
  })
  .post('/conversations/:conversationId/read', conversationParam, async (c) =>
    c.json(await chat.markConversationRead(c.var.ctx, c.req.valid('param').conversationId)),
  )
  .get('/unread', async (c) => c.json(await chat.getUnread(c.var.ctx)))
