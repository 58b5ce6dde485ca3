DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "users_signup_idx" ON "users" USING btree ("signup_at");--> statement-breakpoint
CREATE INDEX "orders_created_figures_idx" ON "orders" USING btree ("created_at","status","subtotal","amount","used_point","discount","coupon_discount","coupon_id","payment_type");