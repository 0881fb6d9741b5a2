CREATE TABLE "product_attributes" (
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"value_key" text NOT NULL,
	"unit" text,
	"num" numeric(14, 3),
	"store_id" integer,
	CONSTRAINT "product_attributes_product_id_name_value_key_pk" PRIMARY KEY("product_id","name","value_key")
);
--> statement-breakpoint
CREATE TABLE "product_deals" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"subcategory" text,
	"current_price" numeric(12, 2) NOT NULL,
	"median90" numeric(12, 2) NOT NULL,
	"drop_amount" numeric(12, 2) NOT NULL,
	"drop_percent" smallint NOT NULL,
	"lowest_ever" numeric(12, 2) NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_visits" (
	"user_id" integer NOT NULL,
	"scope" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"since_at" timestamp with time zone,
	CONSTRAINT "user_visits_user_id_scope_pk" PRIMARY KEY("user_id","scope")
);
--> statement-breakpoint
ALTER TABLE "feed_items" ADD COLUMN "attributes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_deals" ADD CONSTRAINT "product_deals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_visits" ADD CONSTRAINT "user_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_attributes_facet_idx" ON "product_attributes" USING btree ("name","value_key","product_id");--> statement-breakpoint
CREATE INDEX "product_attributes_num_idx" ON "product_attributes" USING btree ("name","num","product_id");--> statement-breakpoint
CREATE INDEX "product_deals_rank_idx" ON "product_deals" USING btree ("drop_percent","product_id");--> statement-breakpoint
CREATE INDEX "product_deals_category_idx" ON "product_deals" USING btree ("category","drop_percent");