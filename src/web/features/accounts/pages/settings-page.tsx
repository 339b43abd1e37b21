import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { SecuritySection } from '#web/features/accounts/components/security-section.tsx'

// The settings area of spec 001 (profile, preferences) joins this page when it lands;
// today it holds the account's security.
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
        <p className="text-muted-foreground">Manage how you sign in and keep your account safe.</p>
      </div>
      <SecuritySection />
    </div>
  )
}
