CREATE TABLE "listing_scope_stats" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"total" integer NOT NULL,
	"facets" json NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
