import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** Popup types of spec 001 §2.7. */
export const POPUP_TYPES = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42,
] as const;

/**
 * Popups queued per page (/api/popups {page, num, series}). page is the screen name the client
 * sends ('home', 'series', 'bookshelf', 'campaign', 'free', 'ranking', 'search') or '*' for all.
 */
export const popups = pgTable(
  "popups",
  {
    popupId: integer("popup_id").primaryKey().generatedByDefaultAsIdentity(),
    popupType: smallint("popup_type").notNull(),
    page: text("page").notNull(),
    /** Higher first in the queue. */
    priority: integer("priority").notNull().default(0),
    /** Added to outgoing links as _tr and used in popup_open / popup_close events. */
    trackingName: text("tracking_name").notNull(),
    title: text("title"),
    body: text("body"),
    img: text("img"),
    linkUrl: text("link_url"),
    buttonLabel: text("button_label"),
    seriesId: integer("series_id"),
    bookId: integer("book_id"),
    campaignId: integer("campaign_id"),
    /**
     * Type-specific display settings, e.g. dismissible, scroll_ratio, discount_rate,
     * price_min/price_max, display, genre_read, image_name, koma images, series ids.
     */
    display: jsonb("display").notNull().default(sql`'{}'::jsonb`),
    /**
     * Who sees it: { login: 'any'|'member'|'visitor', paid: 'any'|'paid'|'unpaid',
     * signup_within_days, newsletter: boolean, os: ['android','ios'], utm_source, genres }.
     */
    targetRules: jsonb("target_rules").notNull().default(sql`'{}'::jsonb`),
    /** Null: no limit on how often one member sees it. */
    displayLimit: integer("display_limit"),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }),
    /**
     * Taken out of the store by an editor (issue 24): a popup that was shown keeps its row, as
     * its events and members' displays name it; restoring clears this.
     */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    index("popups_page_priority_idx").on(t.page, t.priority),
    check("popups_popup_type_check", sql`${t.popupType} in (${sql.raw(POPUP_TYPES.join(", "))})`),
  ],
);

/** What a member did with a popup: opened (count), closed, or hidden for good. */
export const popupDisplays = pgTable(
  "popup_displays",
  {
    userId: integer("user_id").notNull(),
    popupId: integer("popup_id")
      .notNull()
      .references(() => popups.popupId, { onDelete: "cascade" }),
    openCount: integer("open_count").notNull().default(0),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.popupId] }),
    index("popup_displays_popup_id_idx").on(t.popupId),
  ],
);

export type Popup = typeof popups.$inferSelect;
export type PopupDisplay = typeof popupDisplays.$inferSelect;
