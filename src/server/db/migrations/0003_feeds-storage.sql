-- Feed imports update these rows in place when a price or stock changes: leave room in each page so the
-- new version fits beside the old one (a HOT update, no index entries to rewrite). Only new pages are affected.
ALTER TABLE "feed_items" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "offers" SET (fillfactor = 80);
