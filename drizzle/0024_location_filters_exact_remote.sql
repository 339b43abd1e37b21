-- remote as 0 or 1 in the city's filters index: an equality on it is an exact key on
-- every PostgreSQL, where `remote >= true` (0022, for PostgreSQL 15, which keeps a bare
-- boolean out of btree_gin) was a partial match that read every remote job's entry
-- (3 ms of a 3.5 ms search; docs/decisions/040).
DROP INDEX "jobs_location_filters_idx";--> statement-breakpoint
CREATE INDEX "jobs_location_filters_idx" ON "jobs" USING gin ("location_search","type",(("remote")::int)) WITH (fastupdate=false);
