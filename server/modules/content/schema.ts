import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * What a content set holds: a volume's pages, a volume's cover, a CD's jacket, a track's audio,
 * a series' appeal image (the appeal card's picture, decision 0095), a campaign's banner
 * (decision 0101).
 */
export const CONTENT_KINDS = ["pages", "cover", "jacket", "track", "appeal", "campaign"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/**
 * One upload made into what the store serves (decision 0089): its files sit in the storage under
 * a prefix of their own (pages/{bookId}/{setId}/…), written whole before this row exists. A set
 * is published by one transaction that retires the owner's previous set and inserts this one,
 * so a reader sees the old files or the new, never a mix; the set id is the upload's id, so
 * publishing one upload twice (a job run again after its worker died) finds the row and does
 * nothing. Retired sets' files stay a day for readers who opened the old set, then go.
 */
export const contentSets = pgTable(
  "content_sets",
  {
    setId: text("set_id").primaryKey(),
    kind: text("kind").$type<ContentKind>().notNull(),
    /** book_id (pages, cover), cd_id (jacket), track_id (track) or series_id (appeal). */
    ownerId: integer("owner_id").notNull(),
    state: text("state").$type<"published" | "retired">().notNull(),
    /** Pages in the set; 1 for the other kinds. */
    itemCount: integer("item_count").notNull(),
    /** Widths the images were made at (the reader's, or the cards'); empty for audio. */
    widths: jsonb("widths").$type<number[]>().notNull(),
    /** Audio: where the trial clip starts and how long it is, in seconds. */
    trialStartSec: smallint("trial_start_sec"),
    trialSeconds: smallint("trial_seconds"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("content_sets_live_idx").on(t.kind, t.ownerId).where(sql`${t.state} = 'published'`),
    index("content_sets_owner_idx").on(t.kind, t.ownerId),
  ],
);
