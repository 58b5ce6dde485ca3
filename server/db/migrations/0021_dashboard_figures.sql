CREATE TABLE "dashboard_daily" (
	"day" date NOT NULL,
	"figure" text NOT NULL,
	"key" integer DEFAULT 0 NOT NULL,
	"value" bigint NOT NULL,
	"summarised_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_daily_day_figure_key_pk" PRIMARY KEY("day","figure","key")
);
--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "users_signup_idx" ON "users" USING btree ("signup_at");--> statement-breakpoint
CREATE INDEX "orders_created_figures_idx" ON "orders" USING btree ("created_at","status","subtotal","amount","used_point","discount","coupon_discount","coupon_id","payment_type");--> statement-breakpoint
CREATE INDEX "analytics_daily_section_idx" ON "analytics_daily" USING btree ("section","metric","day");