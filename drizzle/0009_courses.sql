-- Course search is a case-insensitive substring of title or description (spec 001 §5):
-- ILIKE '%…%', answered by pg_trgm GIN indexes (docs/decisions/024). pg_trgm is a
-- trusted extension (a database owner may create it); PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "course_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "course_completions" (
	"user_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_completions_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "course_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_modules_position_check" CHECK ("course_modules"."position" >= 1),
	CONSTRAINT "course_modules_duration_check" CHECK ("course_modules"."duration_minutes" >= 0),
	CONSTRAINT "course_modules_status_check" CHECK ("course_modules"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" uuid,
	"image_key" text,
	"duration_hours" numeric(6, 1) NOT NULL,
	"level" text DEFAULT 'Beginner' NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"provider" text NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"salary_range" text DEFAULT '' NOT NULL,
	"has_certification" boolean DEFAULT false NOT NULL,
	"affiliate_url" text,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"sale_price_cents" integer,
	"sale_ends_at" timestamp with time zone,
	"enrol_clicks" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_level_check" CHECK ("courses"."level" in ('Beginner', 'Intermediate', 'Advanced')),
	CONSTRAINT "courses_duration_check" CHECK ("courses"."duration_hours" >= 0),
	CONSTRAINT "courses_price_check" CHECK ("courses"."price_cents" >= 0),
	CONSTRAINT "courses_sale_price_check" CHECK ("courses"."sale_price_cents" is null or "courses"."sale_price_cents" >= 0),
	CONSTRAINT "courses_enrol_clicks_check" CHECK ("courses"."enrol_clicks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"user_id" text NOT NULL,
	"lesson_id" uuid NOT NULL,
	"watched_fraction" real DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_progress_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id"),
	CONSTRAINT "lesson_progress_fraction_check" CHECK ("lesson_progress"."watched_fraction" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text DEFAULT 'video' NOT NULL,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"video_key" text,
	"position" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"pass_mark" integer DEFAULT 70 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_type_check" CHECK ("lessons"."type" in ('video', 'reading', 'quiz', 'assignment')),
	CONSTRAINT "lessons_status_check" CHECK ("lessons"."status" in ('draft', 'published')),
	CONSTRAINT "lessons_position_check" CHECK ("lessons"."position" >= 1),
	CONSTRAINT "lessons_duration_check" CHECK ("lessons"."duration_minutes" >= 0),
	CONSTRAINT "lessons_pass_mark_check" CHECK ("lessons"."pass_mark" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"lesson_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"score" integer NOT NULL,
	"passed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_attempts_score_check" CHECK ("quiz_attempts"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"prompt" text NOT NULL,
	"choices" text[] NOT NULL,
	"correct_choice" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_questions_position_check" CHECK ("quiz_questions"."position" >= 1),
	CONSTRAINT "quiz_questions_choice_check" CHECK (cardinality("quiz_questions"."choices") >= 2 and "quiz_questions"."correct_choice" >= 0 and "quiz_questions"."correct_choice" < cardinality("quiz_questions"."choices"))
);
--> statement-breakpoint
CREATE TABLE "saved_courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"notes" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_courses_user_course_unique" UNIQUE("user_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "course_completions" ADD CONSTRAINT "course_completions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_completions" ADD CONSTRAINT "course_completions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_id_course_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."course_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_courses" ADD CONSTRAINT "saved_courses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_courses" ADD CONSTRAINT "saved_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_completions_course_idx" ON "course_completions" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_modules_course_order_idx" ON "course_modules" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "courses_listed_order_idx" ON "courses" USING btree ("created_at","id") WHERE "courses"."is_published" and "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_listed_level_idx" ON "courses" USING btree ("level","created_at","id") WHERE "courses"."is_published" and "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_listed_category_idx" ON "courses" USING btree ("category_id","created_at","id") WHERE "courses"."is_published" and "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_listed_duration_idx" ON "courses" USING btree ("duration_hours","created_at","id") WHERE "courses"."is_published" and "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_admin_order_idx" ON "courses" USING btree ("created_at","id") WHERE "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_title_trgm_idx" ON "courses" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_description_trgm_idx" ON "courses" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lesson_progress_lesson_idx" ON "lesson_progress" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "lessons_module_order_idx" ON "lessons" USING btree ("module_id","position");--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_lesson_idx" ON "quiz_attempts" USING btree ("user_id","lesson_id","created_at");--> statement-breakpoint
CREATE INDEX "quiz_attempts_lesson_idx" ON "quiz_attempts" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "quiz_questions_lesson_order_idx" ON "quiz_questions" USING btree ("lesson_id","position");--> statement-breakpoint
CREATE INDEX "saved_courses_user_idx" ON "saved_courses" USING btree ("user_id","saved_at");--> statement-breakpoint
CREATE INDEX "saved_courses_course_idx" ON "saved_courses" USING btree ("course_id");