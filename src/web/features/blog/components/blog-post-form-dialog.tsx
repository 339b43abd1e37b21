import { useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
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
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { FieldError, TextAreaField, TextField } from '#web/components/ui/field.tsx'
import { FormActions } from '#web/components/ui/form-actions.tsx'
import { Label } from '#web/components/ui/label.tsx'
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

function AutosaveStatus({ state }: { state: AutosaveState }) {
  let text = null
  if (state.kind === 'saving') text = 'Saving draft…'
  else if (state.kind === 'saved') {
    text = (
      <>
        {adminBlogMessages.draftSaved} <time dateTime={state.savedAt}>at {savedTime(state.savedAt)}</time>
      </>
    )
  } else if (state.kind === 'failed') text = `${adminBlogMessages.draftSaveFailed}: ${state.message}`
  return (
    <p
      role="status"
      data-testid="autosave-status"
      className={state.kind === 'failed' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
    >
      {text}
    </p>
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
  const { errors } = form.formState
  const [failure, setFailure] = useState<string>()
  const [autoState, setAutoState] = useState<AutosaveState>({ kind: 'idle' })
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
      onState: setAutoState,
    })
    autosaver.current = saver
    const watching = form.watch((_values, { name }) => {
      if (name && autosavedFields.has(name)) saver.changed()
    })
    return () => {
      watching.unsubscribe()
      saver.cancel()
      autosaver.current = undefined
    }
  }, [form, postId, autosaves])

  const removeImage = () => {
    image.clear()
    form.setValue('imageKey', null, { shouldDirty: true })
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    // Update replaces whatever a draft save would send: the waiting one goes, a running one ends first
    autosaver.current?.cancel()
    await autosaver.current?.settled()
    save.mutate(
      { postId: post?.id, values },
      {
        onSuccess: onDone,
        // the server's field messages under their fields, anything else once above the buttons
        onError: (error) => setFailure(formFailure(form, error, { fallback: adminBlogMessages.saveFailed })),
      },
    )
  })

  const shownImage = image.preview ?? (imageKey && imageKey === post?.imageKey ? post.imageUrl : null)

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

      <div className="grid gap-2">
        <Label htmlFor={id('image')}>Image</Label>
        <div className="flex flex-wrap items-center gap-3">
          {shownImage ? (
            <img
              src={shownImage}
              alt={image.preview ? 'New post image' : 'Current post image'}
              className="h-16 w-28 rounded-lg border border-border object-cover"
            />
          ) : null}
          <input
            id={id('image')}
            type="file"
            accept="image/*"
            onChange={image.onChange}
            disabled={upload.isPending}
            aria-invalid={image.error || errors.imageKey ? true : undefined}
            aria-describedby={image.error || errors.imageKey ? id('image-error') : id('image-hint')}
            className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
          {imageKey && !upload.isPending ? (
            <Button variant="destructive" size="sm" onClick={removeImage}>
              Remove image
            </Button>
          ) : null}
          {upload.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Uploading…
            </p>
          ) : null}
        </div>
        <p id={id('image-hint')} className="text-xs text-muted-foreground">
          An image up to 5 MB; it is uploaded as soon as you choose it. Without one, the cards show a stock picture.
        </p>
        <FieldError id={id('image-error')}>{image.error ?? errors.imageKey?.message}</FieldError>
      </div>

      <MarkdownEditor
        id={id('content')}
        label="Content (Markdown)"
        content={content}
        error={errors.content?.message}
        textarea={{ required: true, ...form.register('content') }}
      />

      {post && autosaves ? (
        <AutosaveStatus state={autoState} />
      ) : post ? (
        <p className="text-sm text-muted-foreground">
          Published: changes are not saved automatically; they go live for members when you press Update.
        </p>
      ) : null}
      <FormActions failure={failure} onCancel={onDone} busy={save.isPending || upload.isPending}>
        {save.isPending ? 'Saving…' : post ? 'Update' : 'Create Post'}
      </FormActions>
    </form>
  )
}
