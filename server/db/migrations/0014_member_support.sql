ALTER TABLE "users" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_to_address_idx" ON "outbox" USING btree ("to_address","created_at" DESC NULLS LAST);