CREATE TABLE "mailed_links" (
	"link_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"session_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mailed_links_user_purpose_idx" ON "mailed_links" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expire_idx" ON "rate_limit_counters" USING btree ("expire");--> statement-breakpoint
-- Data repair: members who signed up before addresses were confirmed by a mailed link keep
-- everything they could do (reviews wait for a confirmed address, decision 0051).
UPDATE "users" SET "email_verified_at" = "signup_at" WHERE "email" IS NOT NULL AND "email_verified_at" IS NULL;
