import type { Db } from '#server/db/client.ts'
import type { jobs } from '#server/db/schema/jobs.ts'
import { insertJob, type JobRow } from '#server/modules/jobs/queries.ts'

// The jobs factory of the tests and the demo seed (ARCHITECTURE.md rule 12): a job
// the board can show, with only what the caller cares about named. Production
// writes come from the admin form, which names every field itself.

export type NewJob = typeof jobs.$inferInsert

const jobDefaults = {
  title: 'Software Engineer',
  company: 'Example Company',
  location: 'Toronto, ON',
  type: 'Full-time',
  salary: '$100,000 - $120,000',
  description: 'A role on a friendly team.',
} satisfies Partial<NewJob>

/** A complete job row to insert: the defaults above, any of them overridden. */
export function newJob(overrides: Partial<NewJob> = {}): NewJob {
  return { ...jobDefaults, ...overrides }
}

/** Inserts `newJob(overrides)` and returns its whole row. */
export function createJob(db: Db, overrides: Partial<NewJob> = {}): Promise<JobRow> {
  return insertJob(db, newJob(overrides))
}
