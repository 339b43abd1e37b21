import { Fragment } from 'react'
import { linkify } from '#web/features/chat/components/linkify.ts'

/**
 * A message's text as text (React escapes it; no markup is ever read from it), its
 * http(s) addresses as links that open apart from the chat and tell the other site
 * nothing of it.
 */
export function MessageText({ content, linkClassName }: { content: string; linkClassName?: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {linkify(content).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClassName ?? 'underline underline-offset-2'}
          >
            {part.text}
          </a>
        ),
      )}
    </p>
  )
}
