CREATE TABLE "layoff_alerts" (
	"import_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "layoff_alerts_import_id_user_id_pk" PRIMARY KEY("import_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "layoff_watches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"match_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "layoff_watches_user_key" UNIQUE("user_id","kind","match_key"),
	CONSTRAINT "layoff_watches_kind_check" CHECK ("layoff_watches"."kind" in ('company', 'state'))
);
--> statement-breakpoint
ALTER TABLE "layoff_alerts" ADD CONSTRAINT "layoff_alerts_import_id_layoff_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."layoff_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layoff_alerts" ADD CONSTRAINT "layoff_alerts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layoff_watches" ADD CONSTRAINT "layoff_watches_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "layoff_watches_match_idx" ON "layoff_watches" USING btree ("kind","match_key");