import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * CMS pages served at /topic/{slug} and /page/{slug}. content is kept as text, not jsonb: the
 * renderer must show content that is not valid JSON as plain text (spec 000 "Topic page renderer"),
 * so the database has to accept it. The JSON format is described in ./content.ts.
 */
export const topicPages = pgTable(
  "topic_pages",
  {
    topicPageId: integer("topic_page_id").primaryKey().generatedByDefaultAsIdentity(),
    pageName: text("page_name").notNull(),
    /** 'topic' for /topic/{slug}, 'page' for /page/{slug}. */
    pageType: text("page_type").notNull().default("topic"),
    title: text("title").notNull(),
    description: text("description"),
    content: text("content").notNull(),
    releaseDate: date("release_date", { mode: "string" }),
    publisherId: integer("publisher_id"),
    labelId: integer("label_id"),
    magazineId: integer("magazine_id"),
    genreId: integer("genre_id"),
    categoryId: integer("category_id"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    startAt: timestamp("start_at", { withTimezone: true }),
    endAt: timestamp("end_at", { withTimezone: true }),
    /**
     * A page made in /ops starts hidden until an editor publishes it (issue 24); the seeded and
     * older pages are public, so the default is false.
     */
    draft: boolean("draft").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("topic_pages_page_type_name_key").on(t.pageType, t.pageName),
    index("topic_pages_publisher_id_idx").on(t.publisherId),
    index("topic_pages_label_id_idx").on(t.labelId),
    index("topic_pages_magazine_id_idx").on(t.magazineId),
    index("topic_pages_genre_id_idx").on(t.genreId),
    check("topic_pages_page_type_check", sql`${t.pageType} in ('topic', 'page')`),
  ],
);

/** Entry campaigns joined through the entryBtn block (/api/entry/{entryId}). */
export const topicEntries = pgTable("topic_entries", {
  entryId: integer("entry_id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  acceptStartAt: timestamp("accept_start_at", { withTimezone: true }).notNull(),
  acceptEndAt: timestamp("accept_end_at", { withTimezone: true }).notNull(),
  /** Entering also needs the newsletter box ticked (the entry subscribes the member). */
  newsletterRequired: boolean("newsletter_required").notNull().default(false),
  /** The campaign the entry unlocks, if any. */
  campaignId: integer("campaign_id"),
});

export const entryApplications = pgTable(
  "entry_applications",
  {
    entryApplicationId: integer("entry_application_id").primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => topicEntries.entryId, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("entry_applications_entry_user_key").on(t.entryId, t.userId),
    index("entry_applications_user_id_idx").on(t.userId),
  ],
);

export type TopicPage = typeof topicPages.$inferSelect;
export type TopicEntry = typeof topicEntries.$inferSelect;
