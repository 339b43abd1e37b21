import { defineJob } from '#server/platform/queue.ts'
import { refreshFeed } from './feed-refresh.ts'

// The blog's background job (docs/decisions/021): the newsletter feed's refresh,
// on a schedule (background-jobs.ts), when an admin sets the address, and on
// 'Refresh now'. The feed's own faults are recorded, not retried: the next tick
// tries again; only the database failing makes a run fail.

export const newsletterRefreshJob = defineJob<object>({
  name: 'newsletter-refresh',
  retryLimit: 1,
  retryDelaySeconds: 60,
  // the fetch gives up after 10 s; storing 100 items takes far less than the rest
  expireInSeconds: 120,
  summary: () => 'Newsletter feed refresh',
  async run(_data, { deps, logger }) {
    await refreshFeed(deps, logger)
  },
})
