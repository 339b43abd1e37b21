// A fixed-window counter per key (an IP address). It lives in the process: with
// several app instances each keeps its own window, which still bounds a single
// client's attempts per instance (docs/decisions/004-sign-in-lockout.md).
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>()

  constructor(
    private readonly maxRequests: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; false when the key is over its limit for the current window. */
  hit(key: string): boolean {
    const now = this.now()
    const current = this.windows.get(key)
    if (!current || now - current.startedAt >= this.windowMs) {
      this.windows.set(key, { startedAt: now, count: 1 })
      if (this.windows.size > 50_000) this.sweep(now)
      return true
    }
    current.count += 1
    return current.count <= this.maxRequests
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (now - window.startedAt >= this.windowMs) this.windows.delete(key)
  }
}
