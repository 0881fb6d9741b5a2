-- Listing pages sorted by rating (rating, review_count, id) or relevance (trending, review_count, id) within a category
-- path that does not name every level (e.g. /products/electronics/mobiles): no (category, subcategory,
-- sub_subcategory, sort key) index gives that order, so the page sorts the scope. With the sort keys in the covering
-- scope index, that sort reads the index alone (index-only scan) instead of every product row of the scope: at
-- 100,000 products, page 40 of mobiles by rating went from ~9-20 ms (3,572 heap rows) to ~2 ms (issue 12's first view).
DROP INDEX IF EXISTS "products_facet_scope_idx";--> statement-breakpoint
CREATE INDEX "products_facet_scope_idx" ON "products" USING btree ("category", "subcategory", "sub_subcategory") INCLUDE ("id", "brand", "current_price", "rating", "discount", "in_stock", "review_count", "trending");
