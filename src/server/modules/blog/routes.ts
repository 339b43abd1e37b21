import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { AppEnv } from '#server/platform/context.ts'
import { objectResponse } from '#server/platform/storage.ts'
import { uploadForm } from '#server/platform/uploads.ts'
import { validate } from '#server/platform/validation.ts'
import { blogImageCacheSeconds, blogImageMaxBytes } from '#shared/blog/constants.ts'
import { adminBlogMessages, blogMessages } from '#shared/blog/messages.ts'
import {
  AdminBlogQuery,
  BlogDraftInput,
  BlogListQuery,
  BlogPostInput,
  BlogPreviewInput,
  NewsletterFeedInput,
} from '#shared/blog/schemas.ts'
import * as admin from './admin-service.ts'
import * as feed from './feed-service.ts'
import * as blog from './service.ts'

const PostParams = z.object({ postId: z.uuid() })

/** A post's id in the path: anything that is no id names no post (404, as a missing one). */
const postParam = Object.assign(
  zValidator('param', PostParams, (result) => {
    if (!result.success) throw new AppError('NOT_FOUND', blogMessages.notFound)
  }),
  // the route tooling (testing/routes.ts) reads what each route validates
  { validates: { target: 'param' as const, schema: PostParams } },
)

// the post form's image (spec 002 §5 Image upload)
const imageForm = uploadForm({
  files: ['image'],
  maxFileBytes: blogImageMaxBytes,
  messages: { tooLarge: adminBlogMessages.imageTooLarge, unreadable: adminBlogMessages.uploadFailed },
})

// /api/blog (subscribers; admins pass): spec 001 §2 Blog page and the post page,
// the dashboard's Latest Blog Posts and the community's column (issue 18).
export const blogRoutes = new Hono<AppEnv>()
  .get('/', validate('query', BlogListQuery), async (c) =>
    c.json(await blog.listEntries(c.var.ctx, c.req.valid('query'))),
  )
  .get('/posts/:postId', postParam, async (c) => c.json(await blog.getPost(c.var.ctx, c.req.valid('param').postId)))
  // visitors too (src/shared/access.ts): a shared link's preview shows the picture of a published post
  .get('/images/:postId', postParam, async (c) => {
    const image = await blog.getPostImage(c.var.ctx, c.req.valid('param').postId)
    return objectResponse(image, image.visibility === 'public' ? blogImageCacheSeconds : 0)
  })

// /api/admin/blog (admins only): spec 002 §2 Blog management, §4 auto-save, and
// issue 18's preview and newsletter feed.
export const adminBlogRoutes = new Hono<AppEnv>()
  .get('/', validate('query', AdminBlogQuery), async (c) =>
    c.json(await admin.listAdminPosts(c.var.ctx, c.req.valid('query'))),
  )
  .post('/', validate('json', BlogPostInput), async (c) =>
    c.json(await admin.createPost(c.var.ctx, c.req.valid('json')), 201),
  )
  // multipart: `image`, stored before the post is saved; answers the key the form sends
  .post('/images', imageForm.limit, async (c) => {
    const { files } = await imageForm.read(c)
    return c.json(await admin.uploadPostImage(c.var.ctx, files.image), 201)
  })
  // the editor's preview: the same renderer and sanitiser members' pages get
  .post('/preview', validate('json', BlogPreviewInput), async (c) =>
    c.json(admin.previewPost(c.var.ctx, c.req.valid('json'))),
  )
  .get('/feed', async (c) => c.json(await feed.feedStatus(c.var.ctx)))
  .put('/feed', validate('json', NewsletterFeedInput), async (c) =>
    c.json(await feed.setFeedUrl(c.var.ctx, c.req.valid('json'))),
  )
  .post('/feed/refresh', async (c) => c.json(await feed.refreshNow(c.var.ctx), 202))
  .get('/:postId', postParam, async (c) => c.json(await admin.getAdminPost(c.var.ctx, c.req.valid('param').postId)))
  .put('/:postId', postParam, validate('json', BlogPostInput), async (c) =>
    c.json(await admin.updatePost(c.var.ctx, c.req.valid('param').postId, c.req.valid('json'))),
  )
  // spec 002 §4 auto-save: drafts only, the status untouched
  .put('/:postId/draft', postParam, validate('json', BlogDraftInput), async (c) =>
    c.json(await admin.autosaveDraft(c.var.ctx, c.req.valid('param').postId, c.req.valid('json'))),
  )
  .delete('/:postId', postParam, async (c) => {
    await admin.deletePost(c.var.ctx, c.req.valid('param').postId)
    return c.body(null, 204)
  })
