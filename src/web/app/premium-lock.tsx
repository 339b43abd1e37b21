import { Link } from 'react-router'
import { Lock } from 'lucide-react'
import { genericMessages } from '#shared/errors.ts'
import { pathTo } from '#shared/pages.ts'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { PageTitle } from '#web/components/page-title.tsx'

/** The lock screen of subscription-only pages for members without a subscription (spec 000 §2). */
export function PremiumLock() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="grid max-w-md justify-items-center gap-4 rounded-2xl border border-border bg-card p-8 text-center shadow-xl">
        <span className="grid size-14 place-items-center rounded-full bg-primary/15 text-accent">
          <Lock aria-hidden="true" className="size-6" />
        </span>
        <PageTitle>Premium Feature</PageTitle>
        <h1 className="text-2xl font-semibold tracking-tight">Premium Feature</h1>
        <p className="text-muted-foreground">
          {genericMessages.subscriptionRequired}. Join to unlock the job board, resume reviews and the rest of the
          career lab.
        </p>
        <Link to={pathTo('subscription')} className={buttonClasses('primary', 'lg', 'mt-2')}>
          Join the Career Labs
        </Link>
      </div>
    </div>
  )
}
