import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { series } from "../catalog/schema";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Production brands (メーカー) of drama CDs. */
export const cdBrands = pgTable("cd_brands", {
  brandId: integer("brand_id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const cdLabels = pgTable(
  "cd_labels",
  {
    labelId: integer("label_id").primaryKey().generatedByDefaultAsIdentity(),
    brandId: integer("brand_id")
      .notNull()
      .references(() => cdBrands.brandId),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("cd_labels_brand_idx").on(t.brandId)],
);

/** Voice actors (/doramacd?cast={cast_id}). */
export const casts = pgTable("casts", {
  castId: integer("cast_id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  nameKana: text("name_kana").notNull(),
  createdAt: createdAt(),
});

export const cdCategories = pgTable("cd_categories", {
  categoryId: integer("category_id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** ethic_type values: everyone, and 15+ (shown with an age notice). */
export const ETHIC_TYPE_ALL_AGES = 0;
export const ETHIC_TYPE_R15 = 1;

/**
 * A drama CD. It is sold as one item (items.item_type 101, items.cd_id = cd_id) whose
 * ownership gives every track; price and the pre-sale price live on that item.
 */
export const dramaCds = pgTable(
  "drama_cds",
  {
    cdId: integer("cd_id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    nameKana: text("name_kana").notNull(),
    brandId: integer("brand_id")
      .notNull()
      .references(() => cdBrands.brandId),
    labelId: integer("label_id")
      .notNull()
      .references(() => cdLabels.labelId),
    /** The comic this drama adapts, when there is one. */
    seriesId: integer("series_id").references(() => series.seriesId, { onDelete: "set null" }),
    /** Image file name; the media module turns it into jacket_url. */
    jacket: text("jacket").notNull(),
    description: text("description").notNull().default(""),
    appealText: text("appeal_text"),
    appealTags: text("appeal_tags").array().notNull().default([]),
    ethicType: smallint("ethic_type").notNull().default(ETHIC_TYPE_ALL_AGES),
    finalFlag: boolean("final_flag").notNull().default(false),
    saleStartDate: timestamp("sale_start_date", { withTimezone: true }).notNull(),
    saleEndDate: timestamp("sale_end_date", { withTimezone: true }),
    /** A draft is the editor's alone; a withdrawn CD leaves lists and sale, owners keep it. */
    draft: boolean("draft").notNull().default(false),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("drama_cds_label_idx").on(t.labelId),
    index("drama_cds_brand_idx").on(t.brandId),
    index("drama_cds_series_idx").on(t.seriesId),
    index("drama_cds_sale_start_idx").on(t.saleStartDate),
  ],
);

/** role is the character the cast voices; sort_order is the credit order (first 5 shown). */
export const dramaCdCasts = pgTable(
  "drama_cd_casts",
  {
    cdId: integer("cd_id")
      .notNull()
      .references(() => dramaCds.cdId, { onDelete: "cascade" }),
    castId: integer("cast_id")
      .notNull()
      .references(() => casts.castId),
    role: text("role").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.cdId, t.castId] }),
    index("drama_cd_casts_cast_idx").on(t.castId, t.cdId),
  ],
);

export const dramaCdCategories = pgTable(
  "drama_cd_categories",
  {
    cdId: integer("cd_id")
      .notNull()
      .references(() => dramaCds.cdId, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => cdCategories.categoryId),
  },
  (t) => [
    primaryKey({ columns: [t.cdId, t.categoryId] }),
    index("drama_cd_categories_category_idx").on(t.categoryId, t.cdId),
  ],
);

/**
 * Tracks of a drama CD. file_name is the full MP3, trial_file_name the shorter sample
 * (absent for tracks without one); the media module generates both from these names. A track
 * withdrawn on its own (decision 0094) leaves the CD's page, samples and what a later purchase
 * gives; those who had the CD before keep playing it.
 */
export const tracks = pgTable(
  "tracks",
  {
    trackId: integer("track_id").primaryKey().generatedByDefaultAsIdentity(),
    cdId: integer("cd_id")
      .notNull()
      .references(() => dramaCds.cdId, { onDelete: "cascade" }),
    trackNo: integer("track_no").notNull(),
    name: text("name").notNull(),
    durationSec: integer("duration_sec").notNull(),
    fileName: text("file_name").notNull(),
    trialFileName: text("trial_file_name"),
    trialDurationSec: integer("trial_duration_sec"),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("tracks_cd_track_no_idx").on(t.cdId, t.trackNo)],
);

/** Purchase bonuses (特典) listed on the CD page. */
export const dramaCdBonus = pgTable(
  "drama_cd_bonus",
  {
    bonusId: integer("bonus_id").primaryKey().generatedByDefaultAsIdentity(),
    cdId: integer("cd_id")
      .notNull()
      .references(() => dramaCds.cdId, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** An extra audio file for bonus tracks; null for bonuses that are text or images. */
    fileName: text("file_name"),
    durationSec: integer("duration_sec"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("drama_cd_bonus_cd_idx").on(t.cdId)],
);

/** A member's rating of one track, 1–5 (/api/doramacd/rating); rating again replaces it. */
export const trackRatings = pgTable(
  "track_ratings",
  {
    userId: integer("user_id").notNull(),
    trackId: integer("track_id")
      .notNull()
      .references(() => tracks.trackId, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "track_ratings_pkey", columns: [t.userId, t.trackId] }),
    index("track_ratings_track_idx").on(t.trackId),
  ],
);
