ALTER TABLE "authors" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "sale_price_inc" integer;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "sale_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "sale_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "free_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "free_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "member_free_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "member_free_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "genres" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "magazines" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "summary_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drama_cds" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "drama_cds" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "series_summary_due_idx" ON "series" USING btree ("summary_due_at");--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_sale_below_list" CHECK ("books"."sale_price_inc" is null or ("books"."sale_price_inc" >= 0 and "books"."sale_price_inc" < "books"."price_inc"));