ALTER TABLE "click_events" DROP CONSTRAINT "click_events_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "click_events_clicked_idx";--> statement-breakpoint
CREATE INDEX "click_events_clicked_brin" ON "click_events" USING brin ("clicked_at");