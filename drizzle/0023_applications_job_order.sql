-- A job's applications are paged for admins by their (created_at, id) cursor (decision 037):
-- with id in the index, a page is one backward walk, no sort of the job's applications.
DROP INDEX "job_applications_job_idx";--> statement-breakpoint
CREATE INDEX "job_applications_job_idx" ON "job_applications" USING btree ("job_id","created_at","id");
