import { lazy, Suspense, useRef } from 'react'
import { useNearViewport } from '#web/lib/use-near-viewport.ts'

// Below the fold of the entry page: the form's code loads as the visitor scrolls
// towards it, not with the first paint (the '/' JavaScript budget).
const UpdateSignupForm = lazy(() => import('#web/features/landing/components/update-signup-form.tsx').then((m) => ({ default: m.UpdateSignupForm })))

/** spec 000 §1, §5: the sign-up box for update notifications. */
export function UpdateSignupBox() {
  const section = useRef<HTMLElement>(null)
  const near = useNearViewport(section)
  return (
    <section ref={section} aria-labelledby="updates-heading" className="mx-auto w-full max-w-3xl px-4 py-16">
      <div className="grid gap-6 rounded-2xl border border-border bg-card p-6 sm:p-10">
        <div className="grid gap-2 text-center">
          <h2 id="updates-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Get Prestige Labs updates
          </h2>
          <p className="text-muted-foreground">New features, events and job-market news, a few times a month. No spam.</p>
        </div>
        {/* the form's height, kept while its code loads */}
        <div className="min-h-72 sm:min-h-32">
          {near ? (
            <Suspense fallback={null}>
              <UpdateSignupForm />
            </Suspense>
          ) : null}
        </div>
      </div>
    </section>
  )
}
