CREATE TABLE "home_layout_drafts" (
	"genre" smallint PRIMARY KEY NOT NULL,
	"sections" jsonb NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_by_email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
