import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { AppEnv } from '#server/platform/context.ts'
import { objectResponse, parseRange } from '#server/platform/storage.ts'
import { validate } from '#server/platform/validation.ts'
import {
  CommentInput,
  communityMessages,
  FeedQuery,
  JobTrends,
  mediaCacheSeconds,
  mediaMaxBytes,
  PostContent,
} from '#shared/community/schemas.ts'
import * as community from './service.ts'

const PostParams = z.object({ postId: z.uuid({ error: communityMessages.postNotFound }) })
const CommentParams = z.object({ commentId: z.uuid({ error: 'This comment is no longer available' }) })

// The whole request is refused before it is read past the media limit (plus room for the text fields).
const postBodyLimit = bodyLimit({
  maxSize: mediaMaxBytes + 64 * 1024,
  onError: () => {
    throw new AppError('VALIDATION', communityMessages.fileTooLarge, { media: communityMessages.fileTooLarge })
  },
})

export const communityRoutes = new Hono<AppEnv>()
  .get('/posts', validate('query', FeedQuery), async (c) =>
    c.json(await community.listFeed(c.var.ctx, c.req.valid('query'))),
  )
  // multipart: `content` (text) and an optional `media` file
  .post('/posts', postBodyLimit, async (c) => {
    const form = await c.req.parseBody().catch(() => {
      throw new AppError('VALIDATION', communityMessages.postFailed)
    })
    const content = PostContent.safeParse(typeof form.content === 'string' ? form.content : '')
    if (!content.success)
      throw new AppError('VALIDATION', communityMessages.postTooLong, { content: communityMessages.postTooLong })
    const media = form.media instanceof File ? form.media : undefined
    return c.json(await community.createPost(c.var.ctx, { content: content.data, media }), 201)
  })
  .delete('/posts/:postId', validate('param', PostParams), async (c) => {
    await community.deletePost(c.var.ctx, c.req.valid('param').postId)
    return c.body(null, 204)
  })
  .get('/posts/:postId/media', validate('param', PostParams), async (c) => {
    const object = await community.getPostMedia(
      c.var.ctx,
      c.req.valid('param').postId,
      parseRange(c.req.header('range')),
    )
    return objectResponse(object, mediaCacheSeconds)
  })
  .put('/posts/:postId/like', validate('param', PostParams), async (c) =>
    c.json(await community.setLike(c.var.ctx, c.req.valid('param').postId, true)),
  )
  .delete('/posts/:postId/like', validate('param', PostParams), async (c) =>
    c.json(await community.setLike(c.var.ctx, c.req.valid('param').postId, false)),
  )
  .get('/posts/:postId/comments', validate('param', PostParams), async (c) =>
    c.json(await community.listComments(c.var.ctx, c.req.valid('param').postId)),
  )
  .post('/posts/:postId/comments', validate('param', PostParams), validate('json', CommentInput), async (c) =>
    c.json(await community.addComment(c.var.ctx, c.req.valid('param').postId, c.req.valid('json')), 201),
  )
  .delete('/comments/:commentId', validate('param', CommentParams), async (c) => {
    await community.deleteComment(c.var.ctx, c.req.valid('param').commentId)
    return c.body(null, 204)
  })
  .get('/profile-card', async (c) => c.json(await community.getProfileCard(c.var.ctx)))
  .get('/trends', async (c) => c.json(await community.getJobTrends(c.var.ctx)))
  .put('/trends', validate('json', JobTrends), async (c) =>
    c.json(await community.updateJobTrends(c.var.ctx, c.req.valid('json'))),
  )
