DROP INDEX "jobs_search_idx";--> statement-breakpoint
DROP INDEX "jobs_location_search_idx";--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "jobs_location_search_idx" ON "jobs" USING gin ("location_search") WITH (fastupdate=false);