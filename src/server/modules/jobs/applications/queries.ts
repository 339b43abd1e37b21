import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { jobApplications } from '#server/db/schema/jobs.ts'

// Applications are private (ARCHITECTURE.md rule 3): a member's reads are scoped
// by their own id; the unscoped reads serve admins only.

export type ApplicationRow = typeof jobApplications.$inferSelect

export async function findOwnApplicationToJob(db: Db, userId: string, jobId: string) {
  const [row] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(and(eq(jobApplications.userId, userId), eq(jobApplications.jobId, jobId)))
  return row
}

export async function insertApplication(db: Db, values: typeof jobApplications.$inferInsert): Promise<ApplicationRow> {
  const [row] = await db.insert(jobApplications).values(values).returning()
  return row!
}

export function listOwnApplications(db: Db, userId: string): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(jobApplications)
    .where(eq(jobApplications.userId, userId))
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
}

/**
 * The application when `ownerId` applied, or for any applicant when `ownerId` is
 * null (an admin): someone else's reads exactly like a missing one.
 */
export async function findApplication(
  db: Db,
  applicationId: string,
  ownerId: string | null,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(jobApplications)
    .where(
      ownerId === null
        ? eq(jobApplications.id, applicationId)
        : and(eq(jobApplications.id, applicationId), eq(jobApplications.userId, ownerId)),
    )
  return row
}

/**
 * Admins: one page of a job's applications, newest first, after the (created_at, id)
 * position `after`: a backward walk of job_applications_job_idx from that point.
 */
export function listApplicationsToJobPage(
  db: Db,
  jobId: string,
  limit: number,
  after?: { createdAt: string; id: string },
): Promise<Array<ApplicationRow & { cursorAt: string }>> {
  return db
    .select({ ...getTableColumns(jobApplications), cursorAt: sql<string>`${jobApplications.createdAt}::text` })
    .from(jobApplications)
    .where(
      and(
        eq(jobApplications.jobId, jobId),
        after
          ? sql`(${jobApplications.createdAt}, ${jobApplications.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(limit)
}

/** Admins, inside a transaction: the row locked so two status moves cannot cross. */
export async function lockApplication(tx: Db, applicationId: string): Promise<ApplicationRow | undefined> {
  const [row] = await tx.select().from(jobApplications).where(eq(jobApplications.id, applicationId)).for('update')
  return row
}

export async function setApplicationStatus(tx: Db, applicationId: string, status: string): Promise<ApplicationRow> {
  const [row] = await tx
    .update(jobApplications)
    .set({ status, updatedAt: new Date() })
    .where(eq(jobApplications.id, applicationId))
    .returning()
  return row!
}
