CREATE TABLE "bookshelf_series_marks" (
	"user_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"hidden_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "bookshelf_series_marks_pkey" PRIMARY KEY("user_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "bookshelf_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"passcode_hash" text,
	"unlocked_until" timestamp with time zone,
	"history_cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "track_ratings" (
	"user_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_ratings_pkey" PRIMARY KEY("user_id","track_id")
);
--> statement-breakpoint
CREATE TABLE "reader_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"direction" text DEFAULT 'rtl' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_settings_direction_check" CHECK ("reader_settings"."direction" in ('rtl', 'ltr'))
);
--> statement-breakpoint
ALTER TABLE "track_ratings" ADD CONSTRAINT "track_ratings_track_id_tracks_track_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("track_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "track_ratings_track_idx" ON "track_ratings" USING btree ("track_id");