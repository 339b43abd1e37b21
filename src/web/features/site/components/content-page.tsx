import { useId, type ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'

type ContentPageProps = {
  /** The page's one h1. */
  title: string
  /** A short paragraph under the title. */
  lead?: ReactNode
  /** Small label above the title (e.g. 'Legal'). */
  eyebrow?: string
  /** ISO date (YYYY-MM-DD) the text was last changed; shown as 'Last updated'. */
  updated?: string
  /** Content after the article, e.g. a call to action. */
  footer?: ReactNode
  className?: string
  children: ReactNode
}

/** Formats an ISO date as '22 November 2026' without depending on the browser's time zone. */
function formatDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number)
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1))
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  )
}

// Typography for the article body: pages write plain semantic HTML (h2, h3, p, ul, a…)
// and get consistent spacing and colours from the existing tokens.
const articleClasses = cn(
  'grid gap-4 text-base leading-7 text-foreground',
  '[&_h2]:mt-8 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight',
  '[&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2 [&_ul]:pl-6 [&_ol]:grid [&_ol]:list-decimal [&_ol]:gap-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li::marker]:text-muted-foreground',
  '[&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:decoration-2',
  '[&_strong]:font-semibold [&_dt]:font-semibold [&_dd]:text-muted-foreground',
)

/** Shared frame of the public content pages (FAQs, privacy, terms, partners, about). */
export function ContentPage({ title, lead, eyebrow, updated, footer, className, children }: ContentPageProps) {
  return (
    <div className={cn('mx-auto grid w-full max-w-3xl gap-10 px-4 py-12 sm:px-6 sm:py-16', className)}>
      <header className="grid gap-3 border-b border-border pb-8">
        {eyebrow ? <p className="text-sm font-semibold tracking-widest text-accent uppercase">{eyebrow}</p> : null}
        <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
        {lead ? <p className="text-lg text-muted-foreground">{lead}</p> : null}
        {updated ? (
          <p className="text-sm text-muted-foreground">
            Last updated <time dateTime={updated}>{formatDate(updated)}</time>
          </p>
        ) : null}
      </header>
      <article className={articleClasses}>{children}</article>
      {footer}
    </div>
  )
}

/** A boxed call to action at the end of a content page. */
export function ContentCallout({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
    >
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  )
}
