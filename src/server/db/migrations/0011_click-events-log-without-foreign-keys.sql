ALTER TABLE "click_events" DROP CONSTRAINT "click_events_offer_id_offers_id_fk";
--> statement-breakpoint
ALTER TABLE "click_events" DROP CONSTRAINT "click_events_store_id_stores_id_fk";
--> statement-breakpoint
ALTER TABLE "click_events" DROP CONSTRAINT "click_events_product_id_products_id_fk";
