import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Sparkles } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'

/** The frame of the sign-in, sign-up and reset pages: brand, one h1, a card. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--primary)_12%,transparent),transparent_60%)] px-4 py-12">
      <Link
        to={pathTo('home')}
        className="mb-8 inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-foreground"
      >
        <Sparkles aria-hidden="true" className="size-5 text-accent" />
        Prestige Labs
      </Link>
      <div className="w-full max-w-md rounded-2xl border border-border bg-card p-6 shadow-xl sm:p-8">
        <div className="mb-6 grid gap-1.5 text-center">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div> : null}
    </div>
  )
}

/** "or" between the social button and the form. */
export function Divider({ label }: { label: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs tracking-wide text-muted-foreground uppercase">
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
      {label}
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
    </div>
  )
}
