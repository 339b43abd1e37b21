-- A city's never-seen search reads the rows of its type and remote choice, not every
-- row of the city: one GIN index over the location words, the type and remote
-- (docs/decisions/040). btree_gin gives text and integer columns a GIN operator
-- class; it is a trusted extension (a database owner may create it), and PGlite
-- loads it in db/client.ts. remote is kept as 0 or 1: an equality on it is an exact
-- key on every PostgreSQL, where PostgreSQL 15 keeps a bare boolean out of btree_gin
-- and `remote >= true` was a partial match that read every remote job's entry.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX "jobs_location_search_idx";--> statement-breakpoint
CREATE INDEX "jobs_location_filters_idx" ON "jobs" USING gin ("location_search","type",(("remote")::int)) WITH (fastupdate=false);
