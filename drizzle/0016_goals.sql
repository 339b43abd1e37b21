CREATE TABLE "career_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"target_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "career_goals_type_check" CHECK ("career_goals"."type" in ('promotion', 'transition', 'remote', 'consulting', 'leadership')),
	CONSTRAINT "career_goals_status_check" CHECK ("career_goals"."status" in ('active', 'achieved', 'archived')),
	CONSTRAINT "career_goals_progress_check" CHECK ("career_goals"."progress" between 0 and 100 and "career_goals"."progress" % 5 = 0)
);
--> statement-breakpoint
CREATE TABLE "routine_daily_content" (
	"day" date PRIMARY KEY NOT NULL,
	"quote_text" text,
	"quote_author" text,
	"coach_tip" text,
	"challenge_title" text,
	"challenge_description" text,
	"challenge_minutes" integer,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routine_days" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"challenge_completed" boolean DEFAULT false NOT NULL,
	"reflection" jsonb,
	"reflected_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routine_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "routine_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"focus_skill" text,
	"nudge_email" boolean DEFAULT false NOT NULL,
	"last_nudged_day" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routine_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"title" text NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routine_time_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"time" text NOT NULL,
	"activity" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routine_time_blocks_status_check" CHECK ("routine_time_blocks"."status" in ('pending', 'completed', 'skipped')),
	CONSTRAINT "routine_time_blocks_time_check" CHECK ("routine_time_blocks"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "career_goals" ADD CONSTRAINT "career_goals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routine_daily_content" ADD CONSTRAINT "routine_daily_content_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routine_days" ADD CONSTRAINT "routine_days_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routine_settings" ADD CONSTRAINT "routine_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routine_tasks" ADD CONSTRAINT "routine_tasks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routine_time_blocks" ADD CONSTRAINT "routine_time_blocks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "career_goals_user_idx" ON "career_goals" USING btree ("user_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "routine_days_completed_idx" ON "routine_days" USING btree ("user_id","day" DESC NULLS LAST) WHERE "routine_days"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "routine_tasks_day_idx" ON "routine_tasks" USING btree ("user_id","day","position");--> statement-breakpoint
CREATE INDEX "routine_time_blocks_day_idx" ON "routine_time_blocks" USING btree ("user_id","day","time");