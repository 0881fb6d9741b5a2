CREATE TABLE "category_mappings" (
	"source" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"subcategory" text,
	"sub_subcategory" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"claim_token" text,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_items" (
	"store_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"group_id" text,
	"variant" text,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"image_link" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"sale_price" numeric(12, 2),
	"current_price" numeric(12, 2) NOT NULL,
	"in_stock" boolean NOT NULL,
	"shipping_cost" numeric(10, 2),
	"gtin_key" text,
	"brand" text,
	"mpn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_items_store_id_item_id_pk" PRIMARY KEY("store_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"source" text NOT NULL,
	"trigger" text DEFAULT 'cli' NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"partial" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"items_read" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"price_changes" integer DEFAULT 0 NOT NULL,
	"marked_out_of_stock" integer DEFAULT 0 NOT NULL,
	"products_created" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"duration_ms" integer
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_items" ADD CONSTRAINT "feed_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_notification_idx" ON "email_outbox" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "feed_items_product_idx" ON "feed_items" USING btree ("product_id","store_id");--> statement-breakpoint
CREATE INDEX "feed_items_gtin_idx" ON "feed_items" USING btree ("gtin_key") WHERE "feed_items"."gtin_key" is not null;--> statement-breakpoint
CREATE INDEX "feed_items_brand_mpn_idx" ON "feed_items" USING btree (lower("brand"),lower("mpn")) WHERE "feed_items"."mpn" is not null;--> statement-breakpoint
CREATE INDEX "import_runs_store_started_idx" ON "import_runs" USING btree ("store_id","started_at");--> statement-breakpoint
CREATE INDEX "import_runs_started_idx" ON "import_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_one_running_idx" ON "import_runs" USING btree ("store_id") WHERE "import_runs"."status" = 'running';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");