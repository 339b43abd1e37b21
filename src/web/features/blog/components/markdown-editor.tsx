import { useState, type ComponentProps } from 'react'
import { useQuery } from '@tanstack/react-query'
import { RichText } from '#web/components/rich-text.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { blogPreviewQuery } from '#web/features/blog/api/admin-blog.ts'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'

type Mode = 'write' | 'preview'

function Preview({ content }: { content: string }) {
  const preview = useQuery(blogPreviewQuery(content))
  if (!content.trim()) return <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
  if (preview.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Rendering preview…
      </p>
    )
  }
  if (preview.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {messageOf(preview.error, 'The preview could not be rendered')}
      </p>
    )
  }
  // the server's HTML: rendered and sanitised as members' pages get it
  return <RichText data-testid="blog-preview" html={preview.data} />
}

/**
 * The post's Markdown: a textarea, and a preview rendered by the server (issue 18),
 * so the admin sees exactly what members will read. The textarea stays mounted while
 * the preview shows, so the form keeps its value and its place.
 */
export function MarkdownEditor({
  id,
  label,
  content,
  error,
  textarea,
}: {
  id: string
  label: string
  /** the textarea's current text, for the preview */
  content: string
  error?: string
  textarea: ComponentProps<'textarea'>
}) {
  const [mode, setMode] = useState<Mode>('write')
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex gap-1 rounded-lg bg-muted p-1" role="group" aria-label="Editor view">
          {(['write', 'preview'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={mode === option}
              onClick={() => setMode(option)}
              className={cn(
                'rounded-md px-3 py-1 text-sm font-medium transition-colors',
                mode === option ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {option === 'write' ? 'Write' : 'Preview'}
            </button>
          ))}
        </div>
      </div>
      <textarea
        id={id}
        rows={16}
        hidden={mode === 'preview'}
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(hintId, error && errorId)}
        className={cn(controlClasses, 'min-h-64 py-2 font-mono text-sm leading-6')}
        {...textarea}
      />
      {mode === 'preview' ? (
        <div
          aria-label="Preview"
          role="region"
          className="max-h-[32rem] min-h-64 overflow-y-auto rounded-lg border border-border bg-background p-4"
        >
          <Preview content={content} />
        </div>
      ) : null}
      <p id={hintId} className="text-xs text-muted-foreground">
        Markdown: **bold**, _italic_, # headings, - lists, [links](https://…), `code`. Scripts and unsafe HTML are
        removed when the post is shown.
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  )
}
