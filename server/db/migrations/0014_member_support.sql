-- Member support (issue 24): support may lock an account (a locked member cannot sign in and their
-- sessions end; unlocking clears it), and a member's page lists the mails sent to their address.
ALTER TABLE "users" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_to_address_idx" ON "outbox" USING btree ("to_address","created_at" DESC NULLS LAST);