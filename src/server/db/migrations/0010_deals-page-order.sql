DROP INDEX "product_deals_rank_idx";--> statement-breakpoint
DROP INDEX "product_deals_category_idx";--> statement-breakpoint
CREATE INDEX "product_deals_order_idx" ON "product_deals" USING btree ("drop_percent" DESC NULLS LAST,"drop_amount" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "product_deals_category_order_idx" ON "product_deals" USING btree ("category","drop_percent" DESC NULLS LAST,"drop_amount" DESC NULLS LAST,"product_id");