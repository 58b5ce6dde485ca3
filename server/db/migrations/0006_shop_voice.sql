CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"popup_id" integer DEFAULT 0 NOT NULL,
	"section" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	"summarised_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_daily_day_metric_popup_id_section_pk" PRIMARY KEY("day","metric","popup_id","section")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"event_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"member_id" integer,
	"page" text,
	"series_id" integer,
	"frame" text,
	"position" integer,
	"scroll" real,
	"popup_id" integer,
	"category" text,
	"label" text,
	"value" text,
	"target_id" text,
	"click_source" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "user_stamps" ADD COLUMN "shown_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("received_at");