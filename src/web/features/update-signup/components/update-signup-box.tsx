import { lazy } from 'react'
import { NearViewport } from '#web/components/near-viewport.tsx'

const UpdateSignupForm = lazy(() =>
  import('#web/features/update-signup/components/update-signup-form.tsx').then((m) => ({
    default: m.UpdateSignupForm,
  })),
)

/** spec 000 §1, §5: the sign-up box for update notifications. */
export function UpdateSignupBox() {
  return (
    <section aria-labelledby="updates-heading" className="mx-auto w-full max-w-3xl px-4 py-16">
      <div className="grid gap-6 rounded-2xl border border-border bg-card p-6 sm:p-10">
        <div className="grid gap-2 text-center">
          <h2 id="updates-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Get Prestige Labs updates
          </h2>
          <p className="text-muted-foreground">
            New features, events and job-market news, a few times a month. No spam.
          </p>
        </div>
        {/* below the fold: the form's code loads as the visitor scrolls towards it; the box keeps its height meanwhile */}
        <NearViewport className="min-h-72 sm:min-h-32">
          <UpdateSignupForm />
        </NearViewport>
      </div>
    </section>
  )
}
