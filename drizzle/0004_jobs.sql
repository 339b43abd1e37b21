-- array_to_string is only STABLE; a generated column needs IMMUTABLE. Skill names are
-- plain text, so the result never depends on settings (docs/decisions/009).
CREATE FUNCTION "jobs_skills_text"(technical text[], soft text[]) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT array_to_string(technical || soft, ' ') $$;
--> statement-breakpoint
-- Punctuation becomes a space before PostgreSQL's parser reads job text: it would
-- keep 'Node.js' or 'CI/CD' as one word (and, on a database with the C ctype,
-- "company’s" or 'Remote—EU'), while the search box splits what members type
-- into words of letters and digits ('node', 'js'); both sides now read the same
-- words (docs/decisions/009). ASCII punctuation, Latin-1 signs, × and ÷, and
-- the general punctuation block; letters of every script stay.
CREATE FUNCTION "jobs_search_words"(body text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT regexp_replace(body, '[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e\u00a1-\u00bf\u00d7\u00f7\u2010-\u2027\u2030-\u205e]+', ' ', 'g') $$;
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid,
	"user_id" text NOT NULL,
	"job_title" text NOT NULL,
	"company" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"cover_letter" text NOT NULL,
	"resume_key" text NOT NULL,
	"resume_file_name" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_applications_job_user_unique" UNIQUE("job_id","user_id"),
	CONSTRAINT "job_applications_status_check" CHECK ("job_applications"."status" in ('submitted', 'reviewed', 'interviewing', 'offered', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"company" text NOT NULL,
	"logo_key" text,
	"location" text NOT NULL,
	"type" text NOT NULL,
	"remote" boolean DEFAULT false NOT NULL,
	"salary" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"technical_skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"soft_skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text NOT NULL,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"responsibilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"benefits" text[] DEFAULT '{}'::text[] NOT NULL,
	"contact_email" text,
	"created_by" text,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', jobs_search_words(coalesce(title, '') || ' ' || coalesce(company, ''))), 'A') || setweight(to_tsvector('english', jobs_search_words(jobs_skills_text(technical_skills, soft_skills))), 'B') || setweight(to_tsvector('english', jobs_search_words(coalesce(location, ''))), 'C') || setweight(to_tsvector('english', jobs_search_words(coalesce(description, ''))), 'D')) STORED NOT NULL,
	"location_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(location, ''))) STORED NOT NULL,
	CONSTRAINT "jobs_type_check" CHECK ("jobs"."type" in ('Full-time', 'Part-time', 'Contract', 'Remote', 'Internship')),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('active', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "saved_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"job_id" uuid NOT NULL,
	"status" text DEFAULT 'saved' NOT NULL,
	"notes" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_jobs_user_job_unique" UNIQUE("user_id","job_id")
);
--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_applications_user_idx" ON "job_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "job_applications_job_idx" ON "job_applications" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search");--> statement-breakpoint
CREATE INDEX "jobs_location_search_idx" ON "jobs" USING gin ("location_search");--> statement-breakpoint
CREATE INDEX "jobs_board_order_idx" ON "jobs" USING btree ("status","posted_at","id");--> statement-breakpoint
CREATE INDEX "jobs_admin_order_idx" ON "jobs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "saved_jobs_user_idx" ON "saved_jobs" USING btree ("user_id","saved_at");