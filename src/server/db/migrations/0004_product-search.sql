-- Search text moves beside the product: a price change rewrites the product row (a dozen index entries) but no
-- longer re-indexes the ~80 trigrams of its unchanged search text. Existing text is carried over; the index is
-- built once, after the copy.
CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "product_search" ("product_id", "search_text") SELECT "id", "search_text" FROM "products" WHERE "search_text" <> '';--> statement-breakpoint
CREATE INDEX "product_search_trgm_idx" ON "product_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_text";
