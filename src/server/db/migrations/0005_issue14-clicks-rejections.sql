CREATE TABLE "click_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offer_id" integer,
	"store_id" integer NOT NULL,
	"product_id" integer,
	"user_id" integer,
	"source_page" text DEFAULT 'other' NOT NULL,
	"ip_hash" text
);
--> statement-breakpoint
CREATE TABLE "feed_fetch_cache" (
	"url" text PRIMARY KEY NOT NULL,
	"etag" text,
	"last_modified" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_rejections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"position" integer NOT NULL,
	"line" integer,
	"item_id" text,
	"field" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "flag_status" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "affiliate_tag_template" text;--> statement-breakpoint
ALTER TABLE "click_events" ADD CONSTRAINT "click_events_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_events" ADD CONSTRAINT "click_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_events" ADD CONSTRAINT "click_events_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_events" ADD CONSTRAINT "click_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rejections" ADD CONSTRAINT "import_rejections_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "click_events_clicked_idx" ON "click_events" USING btree ("clicked_at");--> statement-breakpoint
CREATE INDEX "click_events_store_clicked_idx" ON "click_events" USING btree ("store_id","clicked_at");--> statement-breakpoint
CREATE INDEX "click_events_product_clicked_idx" ON "click_events" USING btree ("product_id","clicked_at");--> statement-breakpoint
CREATE INDEX "import_rejections_run_idx" ON "import_rejections" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "import_rejections_run_field_idx" ON "import_rejections" USING btree ("run_id","field");--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;