import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * Every analytics event as it arrived, appended and never changed (the service has no update or
 * delete): the daily summary is rebuilt from it. The member id is the only thing about the person;
 * no session, visitor id or address is kept.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    eventId: bigint("event_id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    memberId: integer("member_id"),
    page: text("page"),
    seriesId: integer("series_id"),
    frame: text("frame"),
    position: integer("position"),
    scroll: real("scroll"),
    popupId: integer("popup_id"),
    category: text("category"),
    label: text("label"),
    value: text("value"),
    targetId: text("target_id"),
    /** The frame the series was first clicked from in this session (spec 000 §4). */
    clickSource: text("click_source"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
  },
  (t) => [
    index("analytics_events_received_idx").on(t.receivedAt),
    // The popup editor counts each popup's impressions, closes and clicks over a date range in
    // one grouped query; only popup events carry a popup, so the index holds only those.
    index("analytics_events_popup_idx")
      .on(t.popupId, t.receivedAt, t.name)
      .where(sql`${t.popupId} is not null`),
  ],
);

/**
 * Counts per Tokyo day: metric (page_view, click, popup_open, popup_close), per popup (0: any)
 * and per section (the frame or page; "": the whole day). Rebuilt for a day by the summary job.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    popupId: integer("popup_id").notNull().default(0),
    section: text("section").notNull().default(""),
    count: integer("count").notNull(),
    summarisedAt: timestamp("summarised_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.metric, t.popupId, t.section] }),
    // The ops dashboard reads a range of days of a few sections ("" and /cart) of a few metrics;
    // by day alone it would walk every page's row of every day (decision 0103).
    index("analytics_daily_section_idx").on(t.section, t.metric, t.day),
  ],
);
