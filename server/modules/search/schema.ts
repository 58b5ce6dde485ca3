import { sql } from "drizzle-orm";
import {
  doublePrecision,
  index,
  integer,
  boolean as pgBoolean,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * One row per series, rebuilt from the catalog (search/indexer.ts): its normalised search text
 * and the values the search filters and sorts on, so a search reads one table. Series ids belong
 * to the catalog and stay plain integers.
 */
export const seriesSearch = pgTable(
  "series_search",
  {
    seriesId: integer("series_id").primaryKey(),
    /**
     * Title, reading, authors and their readings, magazine, tags, label, publisher and its
     * reading; each normalised (normalize.ts) without inner spaces, joined by single spaces.
     */
    text: text("text").notNull(),
    /** Distinct characters and two-character pieces of text, for queries too short for trigrams. */
    grams: text("grams").array().notNull(),
    /** Normalised title and reading, so title matches can rank first. */
    title: text("title").notNull(),
    genreIds: integer("genre_ids").array().notNull(),
    categoryIds: integer("category_ids").array().notNull(),
    tagIds: integer("tag_ids").array().notNull(),
    generationIds: integer("generation_ids").array().notNull(),
    authorIds: integer("author_ids").array().notNull(),
    publisherId: integer("publisher_id").notNull(),
    labelId: integer("label_id"),
    magazineId: integer("magazine_id"),
    completeFlag: pgBoolean("complete_flag").notNull(),
    ratingAverage: doublePrecision("rating_average").notNull(),
    ratingCount: integer("rating_count").notNull(),
    /** Tax-included prices of the volumes on sale; the price filter matches any of them. */
    prices: integer("prices").array().notNull(),
    /** The cheapest volume on sale, for the price sort; null when nothing is on sale. */
    minPrice: integer("min_price"),
    /** Latest release; null or future means nothing is out yet and search leaves it out. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    /** Volumes bought in the last 30 days: the 人気 sort. */
    popularity: integer("popularity").notNull().default(0),
    indexedAt: timestamp("indexed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("series_search_text_trgm_idx").using("gin", sql`${t.text} gin_trgm_ops`),
    index("series_search_grams_idx").using("gin", t.grams),
    index("series_search_genre_ids_idx").using("gin", t.genreIds),
    index("series_search_category_ids_idx").using("gin", t.categoryIds),
    index("series_search_tag_ids_idx").using("gin", t.tagIds),
    index("series_search_generation_ids_idx").using("gin", t.generationIds),
    index("series_search_author_ids_idx").using("gin", t.authorIds),
    index("series_search_prices_idx").using("gin", t.prices),
    index("series_search_publisher_idx").on(t.publisherId),
    index("series_search_label_idx").on(t.labelId),
    index("series_search_magazine_idx").on(t.magazineId),
    index("series_search_released_idx").on(t.releasedAt.desc(), t.seriesId),
    index("series_search_popularity_idx").on(t.popularity.desc(), t.seriesId),
    index("series_search_rating_idx").on(t.ratingAverage.desc(), t.seriesId),
    index("series_search_price_idx").on(t.minPrice, t.seriesId),
  ],
);

/** What a suggestion points at: a series page, an author's or a tag's search. */
export const SUGGEST_SERIES = 1;
export const SUGGEST_AUTHOR = 2;
export const SUGGEST_TAG = 3;

/**
 * Type-ahead entries. name is shown; norm and reading are the name and its reading normalised
 * without spaces, matched by prefix (btree) and by substring (text: trigrams, grams: characters and pairs).
 */
export const searchSuggestions = pgTable(
  "search_suggestions",
  {
    suggestionId: integer("suggestion_id").primaryKey().generatedByDefaultAsIdentity(),
    kind: smallint("kind").notNull(),
    refId: integer("ref_id").notNull(),
    name: text("name").notNull(),
    norm: text("norm").notNull(),
    reading: text("reading").notNull(),
    text: text("text").notNull(),
    grams: text("grams").array().notNull(),
    /** Larger first among equally good matches. */
    weight: integer("weight").notNull().default(0),
  },
  (t) => [
    uniqueIndex("search_suggestions_kind_ref_key").on(t.kind, t.refId),
    index("search_suggestions_norm_idx").on(t.kind, t.norm.op("text_pattern_ops")),
    index("search_suggestions_reading_idx").on(t.kind, t.reading.op("text_pattern_ops")),
    index("search_suggestions_text_trgm_idx").using("gin", sql`${t.text} gin_trgm_ops`),
    index("search_suggestions_grams_idx").using("gin", t.grams),
  ],
);

/**
 * One row (id 1). lease_until keeps a rebuild to one process at a time when several app
 * processes share the database; rebuilt_at says when the index last caught up with the catalog.
 */
export const searchIndexState = pgTable("search_index_state", {
  id: smallint("id").primaryKey(),
  rebuiltAt: timestamp("rebuilt_at", { withTimezone: true }),
  popularityAt: timestamp("popularity_at", { withTimezone: true }),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  /**
   * Every distinct volume price in the index. A price range becomes the list of these inside it,
   * so the filter is one array overlap (GIN) instead of unnesting every series' prices.
   */
  pricePoints: integer("price_points").array().notNull().default(sql`'{}'::int[]`),
});
