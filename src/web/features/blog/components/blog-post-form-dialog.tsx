import { useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  blogAutosaveDelayMs,
  blogCategories,
  blogExcerptMaxLength,
  blogImageMaxBytes,
  blogTitleMaxLength,
  type BlogCategory,
} from '#shared/blog/constants.ts'
import { adminBlogMessages, blogMessages } from '#shared/blog/messages.ts'
import { BlogDraftInput, BlogPostInput, type AdminBlogPostView, type BlogPostFormValues } from '#shared/blog/schemas.ts'
import { FormImageField } from '#web/components/form-image-field.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { FormActions } from '#web/components/ui/form-actions.tsx'
import { SelectField } from '#web/components/ui/select.tsx'
import {
  adminBlogPostQuery,
  useAutosaveBlogDraft,
  useSaveBlogPost,
  useUploadBlogImage,
} from '#web/features/blog/api/admin-blog.ts'
import { isBlogPostNotFound } from '#web/features/blog/api/blog.ts'
import { createAutosaver, type Autosaver, type AutosaveState } from '#web/features/blog/components/autosaver.ts'
import { savedTime } from '#web/features/blog/components/blog-format.ts'
import { MarkdownEditor } from '#web/features/blog/components/markdown-editor.tsx'
import { messageOf } from '#web/lib/api.ts'
import { formFailure } from '#web/lib/form-errors.ts'
import { useImageUpload } from '#web/lib/use-image-upload.ts'

const statusOptions = [
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
]

// spec 002 §4: a change of these saves a draft by itself; the status changes only with Update
const autosavedFields = new Set<string>(['title', 'content', 'excerpt', 'category', 'imageKey'])

function defaultsOf(post: AdminBlogPostView | undefined): BlogPostFormValues {
  return {
    title: post?.title ?? '',
    content: post?.content ?? '',
    excerpt: post?.excerpt ?? '',
    // the select's empty choice, which the schema refuses with the spec's message
    category: post?.category ?? ('' as BlogCategory),
    status: post?.status ?? 'draft',
    imageKey: post?.imageKey ?? null,
  }
}

/** Which post the dialog is for: null, closed; no id, a new post. */
export type BlogPostTarget = { postId?: string } | null

/** Create and edit a post (spec 002 §2 Blog management; §4 auto-save of drafts). */
export function BlogPostFormDialog({ target, onClose }: { target: BlogPostTarget; onClose: () => void }) {
  const editing = Boolean(target?.postId)
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={editing ? 'Edit Post' : 'New Post'}
        description={
          editing
            ? 'A draft is saved by itself as you write; a published post changes for members when you press Update.'
            : 'A published post shows on the blog as soon as it is saved; a draft stays here until you publish it.'
        }
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl lg:max-w-4xl"
      >
        {target?.postId ? (
          <EditPost key={target.postId} postId={target.postId} onDone={onClose} />
        ) : target ? (
          <BlogPostForm onDone={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

/** The editor opens what is stored now, autosaved changes included. */
function EditPost({ postId, onDone }: { postId: string; onDone: () => void }) {
  const post = useQuery(adminBlogPostQuery(postId))
  // the first answer fills the form; later ones (a live refresh) only update what it shows of the saved post
  if (post.data) return <BlogPostForm post={post.data} onDone={onDone} />
  if (post.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3">
        <p>
          {isBlogPostNotFound(post.error) ? blogMessages.notFound : messageOf(post.error, adminBlogMessages.loadFailed)}
        </p>
        <Button variant="outline" onClick={onDone}>
          Close
        </Button>
      </div>
    )
  }
  return (
    <p role="status" className="text-muted-foreground">
      Loading post…
    </p>
  )
}

/** What the status line says: how the last save went, and whether one runs now. */
type AutosaveShown = { saving: boolean; last: Extract<AutosaveState, { kind: 'saved' | 'failed' }> | null }

function shownAfter(shown: AutosaveShown, state: AutosaveState): AutosaveShown {
  if (state.kind === 'saving') return { ...shown, saving: true }
  if (state.kind === 'idle') return { saving: false, last: null }
  return { saving: false, last: state }
}

/**
 * The live region says only how a save went ('Draft saved', or why not), not every
 * pause in the typing; the 'Saving…' hint beside it is for the eyes only.
 */
function AutosaveStatus({ shown: { saving, last } }: { shown: AutosaveShown }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <p
        role="status"
        data-testid="autosave-status"
        className={last?.kind === 'failed' ? 'text-destructive' : 'text-muted-foreground'}
      >
        {last?.kind === 'saved' ? (
          <>
            {adminBlogMessages.draftSaved} <time dateTime={last.savedAt}>at {savedTime(last.savedAt)}</time>
          </>
        ) : last?.kind === 'failed' ? (
          `${adminBlogMessages.draftSaveFailed}: ${last.message}`
        ) : null}
      </p>
      {saving ? (
        <span aria-hidden="true" className="text-muted-foreground">
          Saving draft…
        </span>
      ) : null}
    </div>
  )
}

function BlogPostForm({ post, onDone }: { post?: AdminBlogPostView; onDone: () => void }) {
  const save = useSaveBlogPost()
  const upload = useUploadBlogImage()
  const autosave = useAutosaveBlogDraft(post?.id ?? '')
  const form = useForm<BlogPostFormValues, unknown, BlogPostInput>({
    resolver: zodResolver(BlogPostInput),
    defaultValues: defaultsOf(post),
  })
  const { errors, isSubmitting } = form.formState
  const [failure, setFailure] = useState<string>()
  const [autoShown, setAutoShown] = useState<AutosaveShown>({ saving: false, last: null })
  const autosaver = useRef<Autosaver | undefined>(undefined)
  const saveDraft = useRef(autosave.mutateAsync)
  useEffect(() => {
    saveDraft.current = autosave.mutateAsync
  })
  const image = useImageUpload({
    upload,
    maxBytes: blogImageMaxBytes,
    messages: {
      notImage: adminBlogMessages.invalidImage,
      tooLarge: adminBlogMessages.imageTooLarge,
      uploadFailed: adminBlogMessages.uploadFailed,
    },
    onUploaded: (key) => form.setValue('imageKey', key, { shouldDirty: true }),
  })
  const base = useId()
  const id = (field: string) => `${base}-${field}`
  const imageKey = form.watch('imageKey')
  const content = form.watch('content')
  // spec 002 §4: only an existing post whose saved status is draft saves by itself
  const postId = post?.id
  const autosaves = post?.status === 'draft'

  useEffect(() => {
    if (!postId || !autosaves) return
    let closed = false
    const saver = createAutosaver<BlogDraftInput>({
      delayMs: blogAutosaveDelayMs,
      read: () => {
        const { title, content, excerpt, category, imageKey } = form.getValues()
        const parsed = BlogDraftInput.safeParse({ title, content, excerpt, category, imageKey })
        return parsed.success
          ? { values: parsed.data }
          : { problem: parsed.error.issues[0]?.message ?? adminBlogMessages.saveFailed }
      },
      save: (values) => saveDraft.current(values),
      failureMessage: (error) => messageOf(error, adminBlogMessages.saveFailed),
      onState: (state) => {
        // a save sent as the editor closed: its status line is gone, so a failure is said in a toast
        if (closed && state.kind === 'failed') toast.error(`${adminBlogMessages.draftSaveFailed}: ${state.message}`)
        setAutoShown((shown) => shownAfter(shown, state))
      },
    })
    autosaver.current = saver
    const watching = form.watch((_values, { name }) => {
      if (name && autosavedFields.has(name)) saver.changed()
    })
    return () => {
      watching.unsubscribe()
      closed = true
      // edits not yet saved go now, as a draft, without holding the closing up
      saver.flush()
      autosaver.current = undefined
    }
  }, [form, postId, autosaves])

  const removeImage = () => {
    image.clear()
    form.setValue('imageKey', null, { shouldDirty: true })
  }

  // isSubmitting spans the wait for a running draft save and the request itself: one click, one PUT
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    // Update replaces whatever a draft save would send: the waiting one goes, a running one ends first,
    // and what is typed meanwhile arms no draft save (Update may publish, and the editor closes after it)
    const saver = autosaver.current
    saver?.hold()
    await saver?.settled()
    try {
      await save.mutateAsync({ postId: post?.id, values })
    } catch (error) {
      // the server's field messages under their fields, anything else once above the buttons
      setFailure(formFailure(form, error, { fallback: adminBlogMessages.saveFailed }))
      // still open: the next change saves a draft again
      saver?.resume()
      return
    }
    onDone()
  })

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        id={id('title')}
        label="Title"
        required
        maxLength={blogTitleMaxLength}
        error={errors.title?.message}
        {...form.register('title')}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField
          id={id('category')}
          label="Category"
          placeholder="Choose a category"
          options={blogCategories}
          required
          error={errors.category?.message}
          {...form.register('category')}
        />
        <SelectField
          id={id('status')}
          label="Status"
          placeholder="Choose a status"
          options={statusOptions}
          required
          error={errors.status?.message}
          {...form.register('status')}
        />
      </div>
      <div className="grid gap-1.5">
        <TextAreaField
          id={id('excerpt')}
          label="Excerpt (optional)"
          rows={2}
          maxLength={blogExcerptMaxLength}
          error={errors.excerpt?.message}
          aria-describedby={[id('excerpt-hint'), errors.excerpt ? `${id('excerpt')}-error` : null]
            .filter(Boolean)
            .join(' ')}
          {...form.register('excerpt')}
        />
        <p id={id('excerpt-hint')} className="text-xs text-muted-foreground">
          Shown on the blog&rsquo;s cards. Left blank, the start of the content is used.
        </p>
      </div>

      <FormImageField
        id={id('image')}
        label="Image"
        noun="post"
        image={image}
        currentUrl={imageKey && imageKey === post?.imageKey ? post.imageUrl : null}
        hint="An image up to 5 MB; it is uploaded as soon as you choose it. Without one, the cards show a stock picture."
        error={errors.imageKey?.message}
        onRemove={imageKey ? removeImage : undefined}
      />

      <MarkdownEditor
        id={id('content')}
        label="Content (Markdown)"
        content={content}
        error={errors.content?.message}
        textarea={{ required: true, ...form.register('content') }}
      />

      {post && autosaves ? (
        <AutosaveStatus shown={autoShown} />
      ) : post ? (
        <p className="text-sm text-muted-foreground">
          Published: changes are not saved automatically; they go live for members when you press Update.
        </p>
      ) : null}
      <FormActions failure={failure} onCancel={onDone} busy={isSubmitting || save.isPending || upload.isPending}>
        {isSubmitting || save.isPending ? 'Saving…' : post ? 'Update' : 'Create Post'}
      </FormActions>
    </form>
  )
}
