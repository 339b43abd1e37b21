/** Shown while the session (or a lazily loaded page) is on its way (spec 000 §2, guard behaviour). */
export function LoadingScreen() {
  return (
    <div
      role="status"
      aria-label="Loading…"
      className="flex flex-1 items-center justify-center gap-3 py-24 text-muted-foreground"
    >
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      Loading…
    </div>
  )
}
