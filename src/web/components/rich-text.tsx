import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

// Typography for HTML the server rendered from Markdown and sanitised
// (src/server/platform/markdown.ts): course lessons and blog posts, from the
// existing tokens.
export const richTextClasses = cn(
  'grid gap-4 text-base leading-7 text-foreground',
  '[&_h1]:text-2xl [&_h1]:font-semibold [&_h1]:tracking-tight',
  '[&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight',
  '[&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold',
  '[&_ul]:grid [&_ul]:list-disc [&_ul]:gap-1.5 [&_ul]:pl-6 [&_ol]:grid [&_ol]:list-decimal [&_ol]:gap-1.5 [&_ol]:pl-6',
  '[&_li::marker]:text-muted-foreground',
  '[&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:decoration-2',
  '[&_strong]:font-semibold [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_td]:border [&_td]:px-3 [&_td]:py-1.5 [&_th]:border [&_th]:px-3 [&_th]:py-1.5 [&_th]:text-left',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:border-border',
)

/**
 * HTML from the server, rendered from Markdown and sanitised there (no script, no
 * handlers, no javascript: or data: addresses), so it is set as it is. Never pass
 * it anything else.
 */
export function RichText({
  html,
  className,
  ...props
}: { html: string } & Omit<ComponentProps<'div'>, 'children' | 'dangerouslySetInnerHTML'>) {
  return <div className={cn(richTextClasses, className)} dangerouslySetInnerHTML={{ __html: html }} {...props} />
}
