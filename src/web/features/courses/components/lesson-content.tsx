import { RichText } from '#web/components/rich-text.tsx'

/**
 * A lesson's text. The HTML is the server's, rendered and sanitised there (no
 * script, no handlers, no javascript: or data: addresses), so it is set as it is.
 */
export function LessonContent({ html, className }: { html: string; className?: string }) {
  if (!html) return null
  return <RichText data-testid="lesson-content" html={html} className={className} />
}
