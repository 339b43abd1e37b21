import { useState, type ComponentProps } from 'react'
import { useQuery } from '@tanstack/react-query'
import { RichText } from '#web/components/rich-text.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { SegmentedToggle } from '#web/components/ui/segmented-toggle.tsx'
import { blogPreviewQuery } from '#web/features/blog/api/admin-blog.ts'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'

type Mode = 'write' | 'preview'

const modeOptions = [
  { value: 'write', label: 'Write' },
  { value: 'preview', label: 'Preview' },
] as const

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
 * the preview shows, so the form keeps its value and its place: visually hidden but
 * focusable, so that a content error can take the focus, which brings Write back.
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
  // a new content error shows its field: back to Write (set while rendering, as React advises for derived state)
  const [errorSeen, setErrorSeen] = useState(error)
  if (error !== errorSeen) {
    setErrorSeen(error)
    if (error) setMode('write')
  }
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <SegmentedToggle label="Editor view" size="sm" options={modeOptions} value={mode} onChange={setMode} />
      </div>
      <textarea
        id={id}
        rows={16}
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(hintId, error && errorId)}
        className={mode === 'preview' ? 'sr-only' : cn(controlClasses, 'min-h-64 py-2 font-mono text-sm leading-6')}
        {...textarea}
        // while the preview shows: out of the Tab order, but the form's focus on an error (or the label) reaches it
        tabIndex={mode === 'preview' ? -1 : textarea.tabIndex}
        onFocus={(event) => {
          setMode('write')
          textarea.onFocus?.(event)
        }}
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
