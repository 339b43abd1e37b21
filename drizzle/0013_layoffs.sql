CREATE TABLE "layoff_import_changes" (
	"import_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"before" jsonb,
	CONSTRAINT "layoff_import_changes_import_id_record_id_pk" PRIMARY KEY("import_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "layoff_import_skips" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"reason" text NOT NULL,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "layoff_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"uploaded_by" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"mapping" jsonb NOT NULL,
	"state_for_file" text,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"duplicates_merged" integer DEFAULT 0 NOT NULL,
	"rows_combined" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	CONSTRAINT "layoff_imports_status_check" CHECK ("layoff_imports"."status" in ('queued', 'running', 'done', 'failed', 'undone'))
);
--> statement-breakpoint
CREATE TABLE "layoff_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company" text NOT NULL,
	"company_key" text NOT NULL,
	"state" text NOT NULL,
	"workers_affected" integer NOT NULL,
	"layoff_date" date NOT NULL,
	"is_closure" boolean DEFAULT false NOT NULL,
	"notes" text,
	"source" text,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "layoff_records_notice_key" UNIQUE("company_key","state","layoff_date"),
	CONSTRAINT "layoff_records_workers_check" CHECK ("layoff_records"."workers_affected" > 0),
	CONSTRAINT "layoff_records_state_check" CHECK ("layoff_records"."state" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "layoff_import_changes" ADD CONSTRAINT "layoff_import_changes_import_id_layoff_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."layoff_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layoff_import_skips" ADD CONSTRAINT "layoff_import_skips_import_id_layoff_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."layoff_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layoff_imports" ADD CONSTRAINT "layoff_imports_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layoff_records" ADD CONSTRAINT "layoff_records_import_id_layoff_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."layoff_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "layoff_import_changes_record_idx" ON "layoff_import_changes" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "layoff_import_skips_import_idx" ON "layoff_import_skips" USING btree ("import_id","line");--> statement-breakpoint
CREATE INDEX "layoff_imports_created_idx" ON "layoff_imports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "layoff_records_date_idx" ON "layoff_records" USING btree ("layoff_date","id");--> statement-breakpoint
CREATE INDEX "layoff_records_state_idx" ON "layoff_records" USING btree ("state","layoff_date","id");--> statement-breakpoint
CREATE INDEX "layoff_records_workers_idx" ON "layoff_records" USING btree ("workers_affected","id");--> statement-breakpoint
CREATE INDEX "layoff_records_company_idx" ON "layoff_records" USING btree (lower("company"),"id");--> statement-breakpoint
CREATE INDEX "layoff_records_company_trgm_idx" ON "layoff_records" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "layoff_records_import_idx" ON "layoff_records" USING btree ("import_id");