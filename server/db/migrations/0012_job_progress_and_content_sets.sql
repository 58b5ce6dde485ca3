CREATE TABLE "content_sets" (
	"set_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"state" text NOT NULL,
	"item_count" integer NOT NULL,
	"widths" jsonb NOT NULL,
	"trial_start_sec" smallint,
	"trial_seconds" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_progress" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_sets_live_idx" ON "content_sets" USING btree ("kind","owner_id") WHERE "content_sets"."state" = 'published';--> statement-breakpoint
CREATE INDEX "content_sets_owner_idx" ON "content_sets" USING btree ("kind","owner_id");--> statement-breakpoint
CREATE INDEX "job_progress_created_idx" ON "job_progress" USING btree ("created_at");