CREATE TABLE "resume_review_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resume_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"file_key" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_feedback" text,
	"suggestion_status" text DEFAULT 'pending' NOT NULL,
	"suggestion" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"in_review_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "resume_reviews_status_check" CHECK ("resume_reviews"."status" in ('pending', 'in_review', 'reviewed')),
	CONSTRAINT "resume_reviews_suggestion_status_check" CHECK ("resume_reviews"."suggestion_status" in ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "resume_scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"iteration" integer NOT NULL,
	"keyword_score" integer NOT NULL,
	"format_score" integer NOT NULL,
	"content_score" integer NOT NULL,
	"ats_score" integer NOT NULL,
	"total_score" integer NOT NULL,
	"feedback" text NOT NULL,
	"scored_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resume_scores_iteration_key" UNIQUE("review_id","iteration"),
	CONSTRAINT "resume_scores_range_check" CHECK ("resume_scores"."keyword_score" between 0 and 100 and "resume_scores"."format_score" between 0 and 100 and "resume_scores"."content_score" between 0 and 100 and "resume_scores"."ats_score" between 0 and 100 and "resume_scores"."total_score" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "audience" jsonb;--> statement-breakpoint
ALTER TABLE "resume_review_comments" ADD CONSTRAINT "resume_review_comments_review_id_resume_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."resume_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_review_comments" ADD CONSTRAINT "resume_review_comments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_reviews" ADD CONSTRAINT "resume_reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_scores" ADD CONSTRAINT "resume_scores_review_id_resume_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."resume_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_scores" ADD CONSTRAINT "resume_scores_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_scores" ADD CONSTRAINT "resume_scores_scored_by_user_id_fk" FOREIGN KEY ("scored_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resume_review_comments_review_idx" ON "resume_review_comments" USING btree ("review_id","created_at","id");--> statement-breakpoint
CREATE INDEX "resume_reviews_user_idx" ON "resume_reviews" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resume_reviews_created_idx" ON "resume_reviews" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resume_scores_user_idx" ON "resume_scores" USING btree ("user_id","created_at");