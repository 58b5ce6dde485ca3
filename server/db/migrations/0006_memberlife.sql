ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "user_stamps" ADD COLUMN "shown_at" timestamp with time zone;