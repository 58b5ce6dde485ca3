import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Member reviews of a series or one of its volumes (/review/...). Deleting marks the row so likes
 * and reports keep their reference; a member has at most one live review per series or volume.
 */
export const reviews = pgTable(
  "reviews",
  {
    reviewId: integer("review_id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull(),
    seriesId: integer("series_id").notNull(),
    /** Null: a review of the whole series. */
    bookId: integer("book_id"),
    nickname: text("nickname").notNull(),
    title: text("title").notNull(),
    comment: text("comment").notNull(),
    rating: smallint("rating").notNull(),
    /** Contains spoilers: the comment is folded until the reader opens it. */
    spoil: boolean("spoil").notNull().default(false),
    tag: text("tag"),
    /** Kept in step with review_likes so lists can sort by popularity. */
    likeCount: integer("like_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deleted: boolean("deleted").notNull().default(false),
    /**
     * Hidden by staff (issue 24): out of every list and the series' rating for everyone but the
     * author, who sees hiddenReason with it. Null: shown.
     */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
  },
  (t) => [
    index("reviews_series_created_idx").on(t.seriesId, t.createdAt),
    index("reviews_book_id_idx").on(t.bookId),
    index("reviews_user_id_idx").on(t.userId),
    uniqueIndex("reviews_user_subject_key")
      .on(t.userId, t.seriesId, sql`coalesce(${t.bookId}, 0)`)
      .where(sql`not ${t.deleted}`),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

export const reviewLikes = pgTable(
  "review_likes",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.reviewId, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    index("review_likes_user_id_idx").on(t.userId),
  ],
);

export const reviewReports = pgTable(
  "review_reports",
  {
    reviewReportId: integer("review_report_id").primaryKey().generatedByDefaultAsIdentity(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.reviewId, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    reportType: smallint("report_type").notNull(),
    comment: text("comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_reports_review_user_key").on(t.reviewId, t.userId),
    index("review_reports_created_idx").on(t.createdAt),
  ],
);

/** Star ratings per volume (/api/book_rating), separate from reviews: rating needs no text. */
export const bookRatings = pgTable(
  "book_ratings",
  {
    userId: integer("user_id").notNull(),
    bookId: integer("book_id").notNull(),
    seriesId: integer("series_id").notNull(),
    rating: smallint("rating").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId] }),
    index("book_ratings_series_id_idx").on(t.seriesId),
    index("book_ratings_user_series_idx").on(t.userId, t.seriesId),
    check("book_ratings_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

export type Review = typeof reviews.$inferSelect;
export type BookRating = typeof bookRatings.$inferSelect;
