import { afterAll, beforeAll, expect, test } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'

let database: Database

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database?.close()
})

// Deleting a parent row, or reading a parent's children, looks the children up by
// their foreign key: without an index whose leading columns are that key, both walk
// the whole child table (issue 23 §5). Our schema is `public`; the job queue's own
// schema belongs to pg-boss.
test('every foreign key of the schema has an index that starts with its columns', async () => {
  const result = (await database.db.execute(sql`
    select
      child.relname as "table",
      (select string_agg(a.attname, ', ' order by k.ordinality)
         from unnest(c.conkey) with ordinality as k(attnum, ordinality)
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as "columns",
      parent.relname as "references"
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_namespace n on n.oid = child.relnamespace
    join pg_class parent on parent.oid = c.confrelid
    where c.contype = 'f'
      and n.nspname = 'public'
      and not exists (
        select 1
        from pg_index i
        where i.indrelid = c.conrelid
          and i.indpred is null
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
      )
    order by 1, 2
  `)) as unknown as { rows: { table: string; columns: string; references: string }[] }
  const unindexed = result.rows.map((row) => `${row.table}.${row.columns} -> ${row.references}`)
  expect(unindexed, 'foreign keys without an index starting with their columns').toEqual([])
})
