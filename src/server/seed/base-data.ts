import type { Db } from '#server/db/client.ts'
import { ensureDefaultPlans } from '#server/modules/billing/queries.ts'

// What every database starts with, demo or real: composed here, above the
// modules, so that neither main.ts nor db/ reaches into an area (ARCHITECTURE.md
// rule 7). Each step keeps what admins changed since.

export async function seedBaseData(db: Db): Promise<void> {
  // the plans of spec 000 §7, editable at /admin/plans
  await ensureDefaultPlans(db)
}
