import { sql } from 'drizzle-orm'
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type { Database, Db } from '#server/db/client.ts'
import * as schema from '#server/db/schema/index.ts'

// The benches' EXPLAIN (ANALYZE) of the statements the product's own queries run: a
// drizzle handle that records every statement it is given, and the plan of one.

export type Statement = { sql: string; params: unknown[] }

/**
 * A drizzle handle on the same connection as `database` that keeps every statement
 * it runs (the real query builders' text and parameters): a read run through it
 * shows which statements it took, and the bench explains exactly those.
 */
export function recordingDb(database: Database): { db: Db; taken: Statement[] } {
  const taken: Statement[] = []
  const logger: DrizzleLogger = { logQuery: (query, params) => void taken.push({ sql: query, params }) }
  const db = (database.kind === 'pglite'
    ? drizzlePglite(database.pglite!, { schema, logger })
    : drizzlePostgres(database.pool!, { schema, logger })) as unknown as Db
  return { db, taken }
}

/** `statement` with its parameters written in: EXPLAIN takes no parameters. */
function inline(statement: Statement): string {
  return statement.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = statement.params[Number(n) - 1]
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`
  })
}

/** EXPLAIN of `statement` with `options` (say 'analyze, costs off'), as text. */
export async function explain(db: Db, statement: Statement, options = ''): Promise<string> {
  const plan = (await db.execute(
    sql.raw(`explain ${options ? `(${options}) ` : ''}${inline(statement)}`),
  )) as unknown as { rows: Array<Record<string, string>> }
  return plan.rows.map((row) => Object.values(row)[0]).join('\n')
}

/** The time an EXPLAIN ANALYZE plan measured, in ms (NaN for a plan without it). */
export const executionMs = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN)
