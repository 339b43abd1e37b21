import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '#server/platform/context.ts'
import { packedJson } from '#server/platform/packed-json.ts'
import { objectResponse, parseRange } from '#server/platform/storage.ts'
import { uploadForm } from '#server/platform/uploads.ts'
import { validate } from '#server/platform/validation.ts'
import {
  CommentInput,
  CommentsQuery,
  communityMessages,
  FeedQuery,
  JobTrends,
  mediaCacheSeconds,
  mediaMaxBytes,
} from '#shared/community/schemas.ts'
import * as community from './service.ts'

const PostParams = z.object({ postId: z.uuid({ error: communityMessages.postNotFound }) })
const CommentParams = z.object({ commentId: z.uuid({ error: communityMessages.commentNotFound }) })

// a post (spec 000 §5): its text and an optional image or video
const postForm = uploadForm({
  files: ['media'],
  text: ['content'],
  maxFileBytes: mediaMaxBytes,
  messages: { tooLarge: communityMessages.fileTooLarge, unreadable: communityMessages.postFailed },
})

export const communityRoutes = new Hono<AppEnv>()
  // packed: the shared posts compressed once, the reader's likes after them
  .get('/posts', validate('query', FeedQuery), async (c) =>
    packedJson(c, await community.listFeedAnswer(c.var.ctx, c.req.valid('query'))),
  )
  .post('/posts', postForm.limit, async (c) => {
    const { text, files } = await postForm.read(c)
    return c.json(await community.createPost(c.var.ctx, { content: text.content, media: files.media }), 201)
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
  .get('/posts/:postId/comments', validate('param', PostParams), validate('query', CommentsQuery), async (c) =>
    c.json(await community.listComments(c.var.ctx, c.req.valid('param').postId, c.req.valid('query'))),
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
