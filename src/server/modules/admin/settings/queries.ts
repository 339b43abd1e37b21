import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { session } from '#server/db/schema/auth.ts'
import { platformSettings } from '#server/db/schema/platform.ts'
import { settingsCategories, type SettingsCategory } from '#shared/admin/settings.ts'

/** The NOTIFY channel of a settings write: every instance drops its cached settings (cache.ts). */
export const settingsChannel = 'platform_settings'

export type SettingsRow = { category: SettingsCategory; settings: Record<string, unknown>; updatedAt: Date }

/** The four cards' rows (spec 002 §7: a row by category); the blog's and the community's rows are theirs. */
export async function findSettingsRows(db: Db): Promise<SettingsRow[]> {
  const rows = await db
    .select()
    .from(platformSettings)
    .where(inArray(platformSettings.category, [...settingsCategories]))
  return rows.map((row) => ({
    category: row.category as SettingsCategory,
    settings:
      typeof row.settings === 'object' && row.settings !== null ? (row.settings as Record<string, unknown>) : {},
    updatedAt: row.updatedAt,
  }))
}

/** One card's row, locked until the transaction ends: two admins saving fields of one card at once both land. */
export async function findSettingsRowForUpdate(tx: Db, category: SettingsCategory) {
  // a row to lock even before the card's first save
  await tx.insert(platformSettings).values({ category, settings: {} }).onConflictDoNothing()
  const [row] = await tx
    .select({ settings: platformSettings.settings })
    .from(platformSettings)
    .where(eq(platformSettings.category, category))
    .for('update')
  return typeof row?.settings === 'object' && row.settings !== null ? (row.settings as Record<string, unknown>) : {}
}

/** spec 002 §7: upsert {category, settings, updated_at}. */
export async function saveSettingsRow(tx: Db, category: SettingsCategory, settings: Record<string, unknown>) {
  const [row] = await tx
    .insert(platformSettings)
    .values({ category, settings })
    .onConflictDoUpdate({ target: platformSettings.category, set: { settings, updatedAt: new Date() } })
    .returning({ updatedAt: platformSettings.updatedAt })
  return row!.updatedAt
}

/** Sent on commit, like every NOTIFY: the other instances forget their copy then. */
export async function notifySettingsChanged(tx: Db, category: SettingsCategory) {
  await tx.execute(sql`select pg_notify(${settingsChannel}, ${category})`)
}

/** A session's last activity (session-timeout.ts), written at most once a minute per session. */
export async function touchSession(db: Db, sessionId: string, at: Date) {
  await db.update(session).set({ updatedAt: at }).where(eq(session.id, sessionId))
}
