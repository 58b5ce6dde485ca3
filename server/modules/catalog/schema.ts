import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Genres 1 総合, 2 少女・女性, 3 TL, 4 BL, 5 少年・青年, 6 メンズ, 20 タテヨミ, 21 ボイスドラマ.
 * 0 すべて is only a UI value. Genre 1 means "every genre" in rankings and home pages, so no series
 * row links to it; a series carries its audience genre (2–6) and optionally 20 when it is a webtoon.
 */
export const genres = pgTable("genres", {
  genreId: integer("genre_id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  /** Withdrawn from the editor's pickers and the browse menus; rows that name it keep it. */
  withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
});

export const categories = pgTable("categories", {
  categoryId: integer("category_id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  /** Withdrawn from the editor's pickers and the browse menus; rows that name it keep it. */
  withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
});

export const tags = pgTable("tags", {
  tagId: integer("tag_id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  /** Withdrawn from the editor's pickers and the browse menus; rows that name it keep it. */
  withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
});

/** Reader age bands (10代, 20代 …) used by the search filter gr. */
export const generations = pgTable("generations", {
  generationId: integer("generation_id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const authors = pgTable("authors", {
  authorId: integer("author_id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  nameKana: text("name_kana").notNull(),
  profile: text("profile"),
  /** Withdrawn from the editor's pickers and the browse menus; rows that name it keep it. */
  withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const publisherGroups = pgTable("publisher_groups", {
  publisherGroupId: integer("publisher_group_id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const publishers = pgTable(
  "publishers",
  {
    publisherId: integer("publisher_id").primaryKey().generatedByDefaultAsIdentity(),
    publisherGroupId: integer("publisher_group_id").references(
      () => publisherGroups.publisherGroupId,
    ),
    name: text("name").notNull(),
    nameKana: text("name_kana").notNull(),
    description: text("description"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Withdrawn from the editor's pickers and the browse menus; rows that name it keep it. */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [index("publishers_group_idx").on(t.publisherGroupId)],
);

export const labels = pgTable(
  "labels",
  {
    labelId: integer("label_id").primaryKey().generatedByDefaultAsIdentity(),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => publishers.publisherId),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Withdrawn from the editor's pickers and the browse menus; rows that name it keep it. */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [index("labels_publisher_idx").on(t.publisherId)],
);

export const magazines = pgTable(
  "magazines",
  {
    magazineId: integer("magazine_id").primaryKey().generatedByDefaultAsIdentity(),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => publishers.publisherId),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Withdrawn from the editor's pickers and the browse menus; rows that name it keep it. */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [index("magazines_publisher_idx").on(t.publisherId)],
);

export const series = pgTable(
  "series",
  {
    seriesId: integer("series_id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    /** Reading in full-width katakana, as publishers' metadata gives it; search matches on it. */
    nameKana: text("name_kana").notNull(),
    description: text("description").notNull().default(""),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => publishers.publisherId),
    labelId: integer("label_id").references(() => labels.labelId),
    magazineId: integer("magazine_id").references(() => magazines.magazineId),
    /** 完結 — answered as complete_flag on the series page and final_flag on cards. */
    completeFlag: boolean("complete_flag").notNull().default(false),
    /** 新 badge: set while the series started recently. */
    newFlag: boolean("new_flag").notNull().default(false),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    /** Kept in step by the review module, so lists can sort and filter without aggregating. */
    ratingAverage: doublePrecision("rating_average").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    appealImg: text("appeal_img"),
    commentImg: text("comment_img"),
    appealTitle: text("appeal_title"),
    appealIntro: text("appeal_intro"),
    /**
     * The newest on-sale volume, whose cover is the series' latest_cover; with volume_count and
     * latest_release_date it lets series lists render and sort without touching books.
     */
    latestBookId: integer("latest_book_id"),
    volumeCount: integer("volume_count").notNull().default(0),
    latestReleaseDate: timestamp("latest_release_date", { withTimezone: true }),
    /**
     * The next moment the three above change by themselves (a volume's publish or release time),
     * so the schedule refreshes just the series that are due (catalog/series-summary.ts).
     */
    summaryDueAt: timestamp("summary_due_at", { withTimezone: true }),
    /**
     * Publication (decision 0091): a draft is the editor's alone; otherwise the row is in the
     * store from publish_at (null: as soon as it is not a draft) until it is withdrawn. Withdrawn
     * rows leave lists, search and sale, but owners keep reading what they bought.
     */
    draft: boolean("draft").notNull().default(false),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("series_publisher_idx").on(t.publisherId),
    index("series_label_idx").on(t.labelId),
    index("series_magazine_idx").on(t.magazineId),
    index("series_latest_release_idx").on(t.latestReleaseDate),
    index("series_start_date_idx").on(t.startDate),
    index("series_summary_due_idx").on(t.summaryDueAt),
  ],
);

/** role: 著者, 原作, 漫画, 作画, キャラクター原案 …; sort_order gives the credit order. */
export const seriesAuthors = pgTable(
  "series_authors",
  {
    seriesId: integer("series_id")
      .notNull()
      .references(() => series.seriesId, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => authors.authorId),
    role: text("role").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.authorId, t.role] }),
    index("series_authors_author_idx").on(t.authorId, t.seriesId),
  ],
);

export const seriesGenres = pgTable(
  "series_genres",
  {
    seriesId: integer("series_id")
      .notNull()
      .references(() => series.seriesId, { onDelete: "cascade" }),
    genreId: integer("genre_id")
      .notNull()
      .references(() => genres.genreId),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.genreId] }),
    index("series_genres_genre_idx").on(t.genreId, t.seriesId),
  ],
);

export const seriesCategories = pgTable(
  "series_categories",
  {
    seriesId: integer("series_id")
      .notNull()
      .references(() => series.seriesId, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.categoryId),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.categoryId] }),
    index("series_categories_category_idx").on(t.categoryId, t.seriesId),
  ],
);

export const seriesTags = pgTable(
  "series_tags",
  {
    seriesId: integer("series_id")
      .notNull()
      .references(() => series.seriesId, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.tagId),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.tagId] }),
    index("series_tags_tag_idx").on(t.tagId, t.seriesId),
  ],
);

export const seriesGenerations = pgTable(
  "series_generations",
  {
    seriesId: integer("series_id")
      .notNull()
      .references(() => series.seriesId, { onDelete: "cascade" }),
    generationId: integer("generation_id")
      .notNull()
      .references(() => generations.generationId),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.generationId] }),
    index("series_generations_generation_idx").on(t.generationId, t.seriesId),
  ],
);

/**
 * One volume (or, for タテヨミ, one episode). Free volumes cost 0 yen; member-free ones cost 0
 * for members and are shown to visitors as "free with sign-up". item_id is the sellable unit.
 */
export const books = pgTable(
  "books",
  {
    bookId: integer("book_id").primaryKey().generatedByDefaultAsIdentity(),
    seriesId: integer("series_id")
      .notNull()
      .references(() => series.seriesId, { onDelete: "cascade" }),
    // No foreign key: items.book_id already points here, and a cycle would force deferred inserts.
    itemId: integer("item_id").notNull(),
    volume: integer("volume").notNull(),
    title: text("title").notNull(),
    price: integer("price").notNull(),
    priceInc: integer("price_inc").notNull(),
    freeFlag: boolean("free_flag").notNull().default(false),
    memberFreeFlag: boolean("member_free_flag").notNull().default(false),
    onsaleFlag: boolean("onsale_flag").notNull().default(true),
    itemStartDate: timestamp("item_start_date", { withTimezone: true }).notNull(),
    pageCount: integer("page_count").notNull(),
    trialPageCount: integer("trial_page_count").notNull().default(0),
    trialIncreaseFlag: boolean("trial_increase_flag").notNull().default(false),
    description: text("description").notNull().default(""),
    /**
     * The volume's own sale (decision 0092): sale_price_inc (tax included, below price_inc)
     * between sale_start_at and sale_end_at; either end may be open.
     */
    salePriceInc: integer("sale_price_inc"),
    saleStartAt: timestamp("sale_start_at", { withTimezone: true }),
    saleEndAt: timestamp("sale_end_at", { withTimezone: true }),
    /** free_flag / member_free_flag hold only inside these windows when they are set. */
    freeStartAt: timestamp("free_start_at", { withTimezone: true }),
    freeEndAt: timestamp("free_end_at", { withTimezone: true }),
    memberFreeStartAt: timestamp("member_free_start_at", { withTimezone: true }),
    memberFreeEndAt: timestamp("member_free_end_at", { withTimezone: true }),
    /**
     * Publication (decision 0091): a draft is the editor's alone; otherwise the row is in the
     * store from publish_at (null: as soon as it is not a draft) until it is withdrawn. Withdrawn
     * rows leave lists, search and sale, but owners keep reading what they bought.
     */
    draft: boolean("draft").notNull().default(false),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("books_series_volume_idx").on(t.seriesId, t.volume),
    uniqueIndex("books_item_idx").on(t.itemId),
    index("books_item_start_date_idx").on(t.itemStartDate),
    // A volume's own sale is a reduction: the editor checks it, and so does the database.
    check(
      "books_sale_below_list",
      sql`${t.salePriceInc} is null or (${t.salePriceInc} >= 0 and ${t.salePriceInc} < ${t.priceInc})`,
    ),
  ],
);

/** item_type values of items. */
export const ITEM_TYPE_BOOK = 0;
export const ITEM_TYPE_DRAMA_CD = 101;

/**
 * What carts, orders and bookshelves hold: a book (item_type 0) or a whole drama CD
 * (item_type 101). before_price_inc is the struck-out price while the item is discounted.
 */
export const items = pgTable(
  "items",
  {
    itemId: integer("item_id").primaryKey().generatedByDefaultAsIdentity(),
    itemType: smallint("item_type").notNull(),
    bookId: integer("book_id").references(() => books.bookId, { onDelete: "cascade" }),
    // The drama-CD module owns drama_cds and refers to catalog tables, so no key points back.
    cdId: integer("cd_id"),
    price: integer("price").notNull(),
    priceInc: integer("price_inc").notNull(),
    beforePrice: integer("before_price"),
    beforePriceInc: integer("before_price_inc"),
    onsaleFlag: boolean("onsale_flag").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("items_book_idx").on(t.bookId), index("items_cd_idx").on(t.cdId)],
);
