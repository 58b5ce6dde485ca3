import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * Sales, free-volume, extended-preview, coupon and information campaigns (/otoku, /campaign/{id}).
 * Series, items and drama CDs belong to other modules, so they are referred to by plain ids.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    campaignId: integer("campaign_id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    /** May contain simple markup (<b>, <br>), shown on the campaign page. */
    description: text("description"),
    img: text("img"),
    /** Where the campaign banner links; null means /campaign/{campaign_id}. */
    actionUrl: text("action_url"),
    genreIds: integer("genre_ids").array().notNull().default(sql`'{}'::integer[]`),
    /** A coupon campaign: its targets are what the coupon applies to (/coupon?campaign=). */
    couponFlag: boolean("coupon_flag").notNull().default(false),
    /** An announcement without targets (sign-up offers, stamp, lottery); links to action_url. */
    infoFlag: boolean("info_flag").notNull().default(false),
    // The /otoku category counts. free/sale/trial mirror the policies so each count is one
    // indexed scan; new and moment are editorial picks (新着, 瞬間/タイムセール) beside the dates.
    newFlag: boolean("new_flag").notNull().default(false),
    freeFlag: boolean("free_flag").notNull().default(false),
    saleFlag: boolean("sale_flag").notNull().default(false),
    trialFlag: boolean("trial_flag").notNull().default(false),
    momentFlag: boolean("moment_flag").notNull().default(false),
    pickupMoreUrl: text("pickup_more_url"),
    pickupDisplayNumber: integer("pickup_display_number").notNull().default(6),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    /** Null: open-ended. */
    endAt: timestamp("end_at", { withTimezone: true }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    index("campaigns_period_idx").on(t.startAt, t.endAt),
    index("campaigns_sort_order_idx").on(t.sortOrder),
    index("campaigns_genre_ids_idx").using("gin", t.genreIds),
  ],
);

/**
 * The policy list of a campaign (spec 000 §3):
 * 101 sale (sale_pct % off); 102 first free_count volumes free for everyone; 103 first free_count
 * volumes free for members (sign-up offer to visitors); 104 trial extended to trial_page_count
 * pages; 105 trial extended to whole volumes for the first free_count volumes (104 and 105 show
 * 立ち読み増量); 106 other benefit described by label (point back, present, bonus story).
 */
export const campaignPolicies = pgTable(
  "campaign_policies",
  {
    campaignPolicyId: integer("campaign_policy_id").primaryKey().generatedByDefaultAsIdentity(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.campaignId, { onDelete: "cascade" }),
    policyType: smallint("policy_type").notNull(),
    salePct: integer("sale_pct"),
    freeCount: integer("free_count"),
    trialPageCount: integer("trial_page_count"),
    label: text("label"),
  },
  (t) => [
    index("campaign_policies_campaign_id_idx").on(t.campaignId),
    index("campaign_policies_policy_type_idx").on(t.policyType),
    check("campaign_policies_policy_type_check", sql`${t.policyType} between 101 and 106`),
    check(
      "campaign_policies_sale_pct_check",
      sql`${t.salePct} is null or ${t.salePct} between 1 and 100`,
    ),
  ],
);

/**
 * What a campaign applies to. A series row with item_id null covers every volume of the series;
 * with item_id it covers that one volume. Drama-CD campaigns use cd_id (item_id optional).
 */
export const campaignTargets = pgTable(
  "campaign_targets",
  {
    campaignTargetId: integer("campaign_target_id").primaryKey().generatedByDefaultAsIdentity(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.campaignId, { onDelete: "cascade" }),
    seriesId: integer("series_id"),
    itemId: integer("item_id"),
    cdId: integer("cd_id"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    index("campaign_targets_campaign_sort_idx").on(t.campaignId, t.sortOrder),
    index("campaign_targets_series_id_idx").on(t.seriesId),
    index("campaign_targets_item_id_idx").on(t.itemId),
    index("campaign_targets_cd_id_idx").on(t.cdId),
    check(
      "campaign_targets_subject_check",
      sql`${t.seriesId} is not null or ${t.cdId} is not null`,
    ),
  ],
);

export type Campaign = typeof campaigns.$inferSelect;
export type CampaignPolicy = typeof campaignPolicies.$inferSelect;
export type CampaignTarget = typeof campaignTargets.$inferSelect;
