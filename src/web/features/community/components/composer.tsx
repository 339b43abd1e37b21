import { useId, useRef, useState } from 'react'
import { ImagePlus, X } from 'lucide-react'
import { toast } from 'sonner'
import { communityMessages, mediaMaxBytes, postMaxLength } from '#shared/community/schemas.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { useCreatePost } from '#web/features/community/api/community.ts'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { usePreviewUrl } from '#web/lib/use-preview-url.ts'
import { useViewer } from '#web/lib/session.ts'

/** The browser's quick check (spec 000 §5); the server checks the file's own bytes again. */
function mediaProblem(file: File): string | undefined {
  if (file.size > mediaMaxBytes) return communityMessages.fileTooLarge
  if (!file.type.startsWith('image/') && !file.type.startsWith('video/')) return communityMessages.fileNotMedia
  return undefined
}

export function Composer({ authorName }: { authorName: string }) {
  const [content, setContent] = useState('')
  const [media, setMedia] = useState<File | null>(null)
  const [error, setError] = useState<string>()
  const fileInput = useRef<HTMLInputElement>(null)
  const createPost = useCreatePost()
  const textId = useId()
  const errorId = useId()
  const preview = usePreviewUrl(media)
  // the member's picture rides with the session, which a new upload refreshes
  const avatarUrl = useViewer().user?.avatarUrl

  const pickFile = (file: File | undefined) => {
    if (!file) return
    const problem = mediaProblem(file)
    setError(problem)
    setMedia(problem ? null : file)
    if (problem && fileInput.current) fileInput.current.value = ''
  }

  const clearMedia = () => {
    setMedia(null)
    if (fileInput.current) fileInput.current.value = ''
  }

  const submit = () => {
    if (!content.trim() && !media) return setError(communityMessages.postEmpty)
    setError(undefined)
    const form = new FormData()
    form.set('content', content)
    if (media) form.set('media', media)
    createPost.mutate(form, {
      onSuccess: () => {
        toast.success(communityMessages.postCreated)
        setContent('')
        clearMedia()
      },
      onError: (failure) => setError(messageOf(failure, communityMessages.postFailed)),
    })
  }

  return (
    <Card>
      <CardContent className="grid gap-3 p-4">
        <form
          className="grid gap-3"
          aria-label="New post"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <div className="flex gap-3">
            <Avatar name={authorName} url={avatarUrl} />
            <label htmlFor={textId} className="sr-only">
              Share something with the community
            </label>
            <textarea
              id={textId}
              rows={3}
              maxLength={postMaxLength}
              placeholder="Share an update, a win or a question..."
              className={cn(controlClasses, 'resize-y py-2')}
              value={content}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setContent(event.target.value)}
            />
          </div>
          {media && preview ? (
            <div className="relative w-fit">
              {media.type.startsWith('video/') ? (
                <video src={preview} className="max-h-64 rounded-lg" controls muted />
              ) : (
                <img src={preview} alt="Selected photo" className="max-h-64 rounded-lg" />
              )}
              <Button
                variant="secondary"
                size="icon"
                aria-label="Remove the selected file"
                className="absolute top-2 right-2 size-8"
                onClick={clearMedia}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </div>
          ) : null}
          <FieldError id={errorId}>{error}</FieldError>
          <div className="flex items-center justify-between gap-2">
            <label
              className={cn(
                buttonClasses('ghost', 'sm'),
                'cursor-pointer focus-within:outline-2 focus-within:outline-ring',
              )}
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              Photo or video
              <input
                ref={fileInput}
                type="file"
                accept="image/*,video/*"
                className="sr-only"
                onChange={(event) => pickFile(event.target.files?.[0])}
              />
            </label>
            <Button type="submit" size="sm" disabled={createPost.isPending}>
              {createPost.isPending ? 'Posting...' : 'Post'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
