import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { SecuritySection } from '#web/features/accounts/components/security-section.tsx'
import { SubscriptionSection } from '#web/features/billing/components/subscription-section.tsx'

// /settings composes the sections of several areas (features meet only in src/web/app):
// Subscription from billing, Security from accounts; Profile Settings joins with its area.
export function SettingsPage() {
  const { hash } = useLocation()
  useEffect(() => {
    // the page loads lazily, after the browser's own jump to the anchor
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView()
  }, [hash])

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">Settings</h1>
        <p className="text-muted-foreground">Your membership, how you sign in and how your account stays safe.</p>
      </div>
      <SubscriptionSection />
      <SecuritySection />
    </div>
  )
}
