CREATE TABLE "user_skill_assessments" (
	"user_id" text NOT NULL,
	"skill_name" text NOT NULL,
	"proficiency_level" text NOT NULL,
	"last_assessed" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_skill_assessments_user_id_skill_name_pk" PRIMARY KEY("user_id","skill_name")
);
--> statement-breakpoint
CREATE TABLE "business_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_name" text NOT NULL,
	"industry" text NOT NULL,
	"required_skills" text[] DEFAULT '{}' NOT NULL,
	"support_needed" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text,
	"message" text NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "linkedin_url" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "expertise_level" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "career_level" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "career_focus" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_skill_assessments" ADD CONSTRAINT "user_skill_assessments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_requests" ADD CONSTRAINT "business_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_requests_created_idx" ON "business_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_submissions_created_idx" ON "contact_submissions" USING btree ("created_at");