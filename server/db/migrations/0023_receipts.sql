CREATE TABLE "receipts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"addressee" text NOT NULL,
	"honorific" text NOT NULL,
	"first_issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reissue_count" integer DEFAULT 0 NOT NULL,
	"last_issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_honorific_check" CHECK ("receipts"."honorific" in ('様', '御中')),
	CONSTRAINT "receipts_reissue_count_check" CHECK ("receipts"."reissue_count" >= 0),
	CONSTRAINT "receipts_addressee_check" CHECK (char_length("receipts"."addressee") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;