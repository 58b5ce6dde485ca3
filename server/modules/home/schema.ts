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
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Home sections (spec 000 "Home section types"). One row per section of a genre's home:
 * genre 1–6, 20, 21; pagetype 1 is /home, 2 the free top (/free), matching the ranking pagetype.
 * Series, books, drama CDs, authors and campaigns live in other modules and are plain ids here.
 */
export const homeLayouts = pgTable(
  "home_layouts",
  {
    layoutId: integer("layout_id").primaryKey().generatedByDefaultAsIdentity(),
    genre: smallint("genre").notNull(),
    pagetype: smallint("pagetype").notNull().default(1),
    position: integer("position").notNull(),
    layoutType: smallint("layout_type").notNull(),
    /** 18 volume cards, 1 items of campaign_id, 5 the member's viewing history; null series. */
    contentType: smallint("content_type"),
    title: text("title"),
    icon: text("icon"),
    /** 'hide' in any case hides the more button; null falls back to the type's default target. */
    moreUrl: text("more_url"),
    displayNumber: integer("display_number").notNull(),
    campaignId: integer("campaign_id"),
    /** Ranking blocks (type 4): tp 1 daily, 2 weekly, 3 monthly; null means the default 2. */
    rankingType: smallint("ranking_type"),
    frameClass: text("frame_class"),
    readFlag: boolean("read_flag").notNull().default(false),
    displayNewFlag: boolean("display_new_flag").notNull().default(false),
    displayFinalFlag: boolean("display_final_flag").notNull().default(false),
    displayAppealFlag: boolean("display_appeal_flag").notNull().default(false),
    displayPolicyFlag: boolean("display_policy_flag").notNull().default(false),
    displayEndLabelFlag: boolean("display_end_label_flag").notNull().default(false),
    displayNameFlag: boolean("display_name_flag").notNull().default(false),
    startAt: timestamp("start_at", { withTimezone: true }),
    endAt: timestamp("end_at", { withTimezone: true }),
  },
  (t) => [
    index("home_layouts_genre_page_position_idx").on(t.genre, t.pagetype, t.position),
    index("home_layouts_campaign_id_idx").on(t.campaignId),
    check("home_layouts_layout_type_check", sql`${t.layoutType} between 1 and 30`),
    check(
      "home_layouts_content_type_check",
      sql`${t.contentType} is null or ${t.contentType} in (1, 5, 18)`,
    ),
  ],
);

/** Banners: shown by banner sections (through home_layout_items) and the flick banner. */
export const linkRotations = pgTable(
  "link_rotations",
  {
    linkRotationId: integer("link_rotation_id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    img: text("img").notNull(),
    alt: text("alt"),
    /** 2 opens the link in a new tab. */
    actionType: smallint("action_type").notNull().default(1),
    startAt: timestamp("start_at", { withTimezone: true }),
    endAt: timestamp("end_at", { withTimezone: true }),
  },
  (t) => [index("link_rotations_period_idx").on(t.startAt, t.endAt)],
);

/**
 * The items of a section, in order. Which columns are set depends on the layout type: series
 * sections use series_id (and book_id for content type 18), banners link_rotation_id, features
 * img/title/description/url/feature_tag, author pickup author_id with img, drama CD sections cd_id
 * with appeal_text/appeal_tags, appeal cards appeal_img/comment_img/appeal_title/appeal_intro.
 */
export const homeLayoutItems = pgTable(
  "home_layout_items",
  {
    layoutItemId: integer("layout_item_id").primaryKey().generatedByDefaultAsIdentity(),
    layoutId: integer("layout_id")
      .notNull()
      .references(() => homeLayouts.layoutId, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    seriesId: integer("series_id"),
    bookId: integer("book_id"),
    cdId: integer("cd_id"),
    linkRotationId: integer("link_rotation_id").references(() => linkRotations.linkRotationId, {
      onDelete: "cascade",
    }),
    campaignId: integer("campaign_id"),
    authorId: integer("author_id"),
    img: text("img"),
    title: text("title"),
    description: text("description"),
    url: text("url"),
    featureTag: text("feature_tag"),
    appealImg: text("appeal_img"),
    commentImg: text("comment_img"),
    appealTitle: text("appeal_title"),
    appealIntro: text("appeal_intro"),
    appealText: text("appeal_text"),
    appealTags: text("appeal_tags").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex("home_layout_items_layout_position_key").on(t.layoutId, t.position),
    index("home_layout_items_series_id_idx").on(t.seriesId),
    index("home_layout_items_cd_id_idx").on(t.cdId),
    index("home_layout_items_link_rotation_id_idx").on(t.linkRotationId),
  ],
);

/** The swipeable banner at the top of each genre's home (home answer field flick_banner). */
export const flickBanners = pgTable(
  "flick_banners",
  {
    genre: smallint("genre").notNull(),
    position: integer("position").notNull(),
    linkRotationId: integer("link_rotation_id")
      .notNull()
      .references(() => linkRotations.linkRotationId, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.genre, t.position] })],
);

/** Hot search words per genre (menu hotword, hot-word block type 17). */
export const hotWords = pgTable(
  "hot_words",
  {
    hotWordId: integer("hot_word_id").primaryKey().generatedByDefaultAsIdentity(),
    genre: smallint("genre").notNull(),
    position: integer("position").notNull(),
    word: text("word").notNull(),
  },
  (t) => [uniqueIndex("hot_words_genre_position_key").on(t.genre, t.position)],
);

/** pickup_campaign_ids of the home answer, per genre, in order (type 14 and the pickup popup). */
export const pickupCampaigns = pgTable(
  "pickup_campaigns",
  {
    genre: smallint("genre").notNull(),
    position: integer("position").notNull(),
    campaignId: integer("campaign_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.genre, t.position] }),
    index("pickup_campaigns_campaign_id_idx").on(t.campaignId),
  ],
);

/**
 * Topic-layout JSON (same format as topic pages) shown at the end of the drawer's browse menu.
 * genre 0 is the default for genres without their own row.
 */
export const menuTopicContents = pgTable("menu_topic_contents", {
  genre: smallint("genre").primaryKey(),
  content: jsonb("content").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type HomeLayout = typeof homeLayouts.$inferSelect;
export type HomeLayoutItem = typeof homeLayoutItems.$inferSelect;
export type LinkRotation = typeof linkRotations.$inferSelect;
