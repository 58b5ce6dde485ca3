import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CardBrand } from "../../../contract/card-rules";

// Money is integer yen throughout; prices include the 10% consumption tax as Japanese stores must
// display them (総額表示). User, item, series, book, CD and campaign ids belong to other modules and
// stay plain integers.

/** pending: the payment awaits the member's confirmation step (nothing owned yet). */
export type OrderStatus = "pending" | "paid" | "cancelled" | "refunded";
export type PaymentStatus =
  | "requires_action"
  | "authorized"
  | "captured"
  | "failed"
  | "cancelled"
  | "refunded";
export type PointReason =
  | "purchase"
  | "use"
  | "cancel"
  | "signup"
  | "campaign"
  | "stamp"
  | "lottery"
  | "present"
  | "review"
  | "refund"
  | "expire"
  | "adjust";
export type RefundStatus = "pending" | "granted" | "rejected";

export const cartItems = pgTable(
  "cart_items",
  {
    userId: integer("user_id").notNull(),
    itemId: integer("item_id").notNull(),
    /** 0 book, 101 drama CD; kept here so cart_in_item_types needs no catalog lookup. */
    itemType: smallint("item_type").notNull(),
    /** The price (tax included) the member saw when adding it: a change sets need_update. */
    seenPrice: integer("seen_price"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "cart_items_pkey", columns: [t.userId, t.itemId] }),
    index("cart_items_user_added_idx").on(t.userId, t.addedAt.desc()),
  ],
);

/** Payment methods offered at checkout; type 0 is the '選択してください' placeholder and is never stored. */
export const paymentMethods = pgTable("payment_methods", {
  paymentType: smallint("payment_type").primaryKey(),
  name: text("name").notNull(),
  sortOrder: smallint("sort_order").notNull().default(0),
  enabled: boolean("enabled").notNull().default(true),
});

/**
 * One checkout. The amounts, all tax included:
 *   price          list total of the items
 *   discount       campaign sale reductions
 *   coupon_discount
 *   subtotal     = price - discount - coupon_discount
 *   used_point     points spent (1 point = 1 yen)
 *   amount       = subtotal - used_point, charged to payment_type (0 when points paid it all)
 *   tax            consumption tax contained in subtotal, floor(subtotal * 10 / 110)
 *   add_point      points granted for the order
 * A retried checkout carries the same idempotency_key (the checkout token), so it finds the
 * first order instead of buying twice.
 */
export const orders = pgTable(
  "orders",
  {
    orderId: integer("order_id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("paid"),
    price: integer("price").notNull(),
    discount: integer("discount").notNull().default(0),
    couponDiscount: integer("coupon_discount").notNull().default(0),
    usedPoint: integer("used_point").notNull().default(0),
    subtotal: integer("subtotal").notNull(),
    tax: integer("tax").notNull(),
    amount: integer("amount").notNull(),
    addPoint: integer("add_point").notNull().default(0),
    paymentType: smallint("payment_type").notNull(),
    couponId: integer("coupon_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_idempotency_key").on(t.idempotencyKey),
    // Order history lists a member's orders by month, newest first.
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    // Time-windowed reads, and the ops dashboard's daily sums as index-only scans: every
    // column its figures read is in the index, so a year of a million orders never visits a row.
    index("orders_created_figures_idx").on(
      t.createdAt,
      t.status,
      t.subtotal,
      t.amount,
      t.usedPoint,
      t.discount,
      t.couponDiscount,
      t.couponId,
      t.paymentType,
    ),
    check("orders_status_check", sql`${t.status} in ('pending', 'paid', 'cancelled', 'refunded')`),
    check(
      "orders_amounts_check",
      sql`${t.price} >= 0 and ${t.discount} >= 0 and ${t.couponDiscount} >= 0 and ${t.usedPoint} >= 0
        and ${t.subtotal} >= 0 and ${t.tax} >= 0 and ${t.amount} >= 0 and ${t.addPoint} >= 0`,
    ),
  ],
);

/** What an order bought, with name and prices frozen at purchase time. */
export const orderItems = pgTable(
  "order_items",
  {
    orderItemId: integer("order_item_id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.orderId, { onDelete: "cascade" }),
    itemId: integer("item_id").notNull(),
    itemType: smallint("item_type").notNull(),
    seriesId: integer("series_id"),
    bookId: integer("book_id"),
    cdId: integer("cd_id"),
    name: text("name").notNull(),
    /** Paid price before coupons, without and with tax. */
    price: integer("price").notNull(),
    priceInc: integer("price_inc").notNull(),
    /** Campaign sale reduction on this item (tax included), part of orders.discount. */
    discount: integer("discount").notNull().default(0),
    /** Copied from the order so rankings can window by time without a join. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_items_order_item_key").on(t.orderId, t.itemId),
    // Sales rankings aggregate by series over a time window.
    index("order_items_created_series_idx").on(t.createdAt, t.seriesId),
    index("order_items_item_idx").on(t.itemId),
    index("order_items_cd_idx").on(t.cdId),
  ],
);

export const payments = pgTable(
  "payments",
  {
    paymentId: integer("payment_id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.orderId, { onDelete: "cascade" }),
    paymentType: smallint("payment_type").notNull(),
    amount: integer("amount").notNull(),
    status: text("status").$type<PaymentStatus>().notNull(),
    /** The payment provider's transaction id. */
    providerRef: text("provider_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId),
    uniqueIndex("payments_provider_ref_key")
      .on(t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    check(
      "payments_status_check",
      sql`${t.status} in ('requires_action', 'authorized', 'captured', 'failed', 'cancelled', 'refunded')`,
    ),
    check("payments_amount_check", sql`${t.amount} >= 0`),
  ],
);

/**
 * The points ledger. A grant is a lot (delta > 0, lot_id null) with its own expiry. Spending writes
 * negative entries against the lots it drew from (soonest expiry first), each carrying that lot's
 * lot_id and expires_at; a cancelled spend writes the matching positive entries back. So
 *   balance = sum(delta) where expires_at is null or expires_at > now
 * stays exact when a partly spent lot expires, and a spend locks its lots (select ... for update)
 * inside the checkout transaction so two checkouts cannot spend the same points.
 */
export const pointEntries = pgTable(
  "point_entries",
  {
    pointEntryId: integer("point_entry_id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull(),
    delta: integer("delta").notNull(),
    reason: text("reason").$type<PointReason>().notNull(),
    /** The grant this entry draws from or returns to; null on a grant itself. */
    lotId: integer("lot_id"),
    orderId: integer("order_id"),
    /** Null means the points never expire. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Shown in the point history. */
    description: text("description"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("point_entries_user_expires_idx").on(t.userId, t.expiresAt),
    index("point_entries_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("point_entries_lot_idx").on(t.lotId),
    index("point_entries_order_idx").on(t.orderId),
    // The expiry job closes each lot once, however often and wherever it runs.
    uniqueIndex("point_entries_expire_once").on(t.lotId).where(sql`${t.reason} = 'expire'`),
    check("point_entries_delta_check", sql`${t.delta} <> 0`),
    check(
      "point_entries_lot_check",
      sql`(${t.lotId} is null) = (${t.delta} > 0 and ${t.reason} <> 'cancel')`,
    ),
  ],
);

/**
 * coupon_type says what a coupon applies to: 1 every item, 2 the targets of campaign_id,
 * 3 the series listed in coupon_series, 4 the volumes (items) listed in coupon_items, 5 the
 * series of genre_id. discount_type 1 is percent off (discount_value %),
 * 2 is yen off. A received coupon stays usable until the earlier of end_at and, when valid_hours
 * is set, received_at + valid_hours (the sign-up coupon's countdown).
 */
export const coupons = pgTable(
  "coupons",
  {
    couponId: integer("coupon_id").primaryKey().generatedByDefaultAsIdentity(),
    couponType: smallint("coupon_type").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    discountType: smallint("discount_type").notNull(),
    discountValue: integer("discount_value").notNull(),
    /** Cap on a percent discount in yen; null means no cap. */
    maxDiscount: integer("max_discount"),
    /** Smallest cart total (tax included) the coupon applies to. */
    minPrice: integer("min_price").notNull().default(0),
    campaignId: integer("campaign_id"),
    genreId: smallint("genre_id"),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    validHours: integer("valid_hours"),
    /** Members may take it themselves (/api/coupon_receive); otherwise it is only handed out. */
    receivable: boolean("receivable").notNull().default(true),
    /** Granted automatically on sign-up (is_new_apply_coupon). */
    signupCoupon: boolean("signup_coupon").notNull().default(false),
    /**
     * How many copies may be handed out in all (received, granted or issued); null: no limit.
     * Counted from received_coupons under a lock on this row (grantCoupon, issueCoupon).
     */
    stock: integer("stock"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("coupons_period_idx").on(t.startAt, t.endAt),
    index("coupons_campaign_idx").on(t.campaignId),
    check("coupons_coupon_type_check", sql`${t.couponType} in (1, 2, 3, 4, 5)`),
    check("coupons_genre_check", sql`(${t.couponType} = 5) = (${t.genreId} is not null)`),
    check(
      "coupons_discount_check",
      sql`(${t.discountType} = 1 and ${t.discountValue} between 1 and 100)
        or (${t.discountType} = 2 and ${t.discountValue} > 0)`,
    ),
    check("coupons_campaign_check", sql`(${t.couponType} = 2) = (${t.campaignId} is not null)`),
    check("coupons_period_check", sql`${t.startAt} < ${t.endAt}`),
    check("coupons_stock_check", sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

/** Series a coupon_type 3 coupon applies to. */
export const couponSeries = pgTable(
  "coupon_series",
  {
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.couponId, { onDelete: "cascade" }),
    seriesId: integer("series_id").notNull(),
  },
  (t) => [
    primaryKey({ name: "coupon_series_pkey", columns: [t.couponId, t.seriesId] }),
    // A series page looks up its series_coupon and book_coupon.
    index("coupon_series_series_idx").on(t.seriesId),
  ],
);

/** Volumes (items) a coupon_type 4 coupon applies to. */
export const couponItems = pgTable(
  "coupon_items",
  {
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.couponId, { onDelete: "cascade" }),
    itemId: integer("item_id").notNull(),
  },
  (t) => [primaryKey({ name: "coupon_items_pkey", columns: [t.couponId, t.itemId] })],
);

/**
 * A coupon a member holds. Using it is one conditional update (where used_at is null) inside the
 * checkout transaction, so a coupon is spent at most once.
 */
export const receivedCoupons = pgTable(
  "received_coupons",
  {
    receivedCouponId: integer("received_coupon_id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.couponId),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    orderId: integer("order_id").references(() => orders.orderId),
  },
  (t) => [
    uniqueIndex("received_coupons_user_coupon_key").on(t.userId, t.couponId),
    index("received_coupons_coupon_idx").on(t.couponId),
    // The ops coupon list counts each coupon's used copies.
    index("received_coupons_used_idx").on(t.couponId).where(sql`${t.usedAt} is not null`),
    check("received_coupons_used_check", sql`(${t.usedAt} is null) = (${t.orderId} is null)`),
  ],
);

/**
 * A refund (還元) campaign: purchases paid between purchase_start_at and purchase_end_at earn
 * rate_percent of their amount back as points on period_date. Its id is the refund_id the user
 * status's enable_refund and the topic pages' refundEnable / {refund_period_date:ID} name.
 */
export const refundCampaigns = pgTable(
  "refund_campaigns",
  {
    refundCampaignId: integer("refund_campaign_id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    ratePercent: integer("rate_percent").notNull(),
    purchaseStartAt: timestamp("purchase_start_at", { withTimezone: true }).notNull(),
    purchaseEndAt: timestamp("purchase_end_at", { withTimezone: true }).notNull(),
    /** The day the points are granted. */
    periodDate: date("period_date", { mode: "string" }).notNull(),
    /** Lifetime of the granted points in days. */
    pointValidDays: integer("point_valid_days").notNull().default(180),
  },
  (t) => [
    check("refund_campaigns_rate_check", sql`${t.ratePercent} between 1 and 100`),
    check("refund_campaigns_period_check", sql`${t.purchaseStartAt} < ${t.purchaseEndAt}`),
  ],
);

/**
 * One order's refund under a refund campaign: pending until period_date, then granted with its
 * points. One row per order (refunds_order_key), so an order is refunded once.
 */
export const refunds = pgTable(
  "refunds",
  {
    refundId: integer("refund_id").primaryKey().generatedByDefaultAsIdentity(),
    refundCampaignId: integer("refund_campaign_id")
      .notNull()
      .references(() => refundCampaigns.refundCampaignId),
    userId: integer("user_id").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.orderId),
    periodDate: date("period_date", { mode: "string" }).notNull(),
    amount: integer("amount").notNull().default(0),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refunds_order_key").on(t.orderId),
    index("refunds_user_idx").on(t.userId, t.periodDate),
    index("refunds_due_idx").on(t.status, t.periodDate),
    check("refunds_status_check", sql`${t.status} in ('pending', 'granted', 'rejected')`),
  ],
);

/**
 * The present box: an item, points or a coupon waiting for the member to take them (received_at
 * set then, by one conditional update, so each is received once). Unreceived presents are dropped
 * from the box after expires_at.
 */
export const presents = pgTable(
  "presents",
  {
    presentId: integer("present_id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull(),
    itemId: integer("item_id"),
    itemType: smallint("item_type"),
    seriesId: integer("series_id"),
    bookId: integer("book_id"),
    cdId: integer("cd_id"),
    point: integer("point").notNull().default(0),
    couponId: integer("coupon_id").references(() => coupons.couponId),
    /** Point lifetime in days once received; null means they never expire. */
    pointValidDays: integer("point_valid_days"),
    caption: text("caption").notNull(),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
  },
  (t) => [
    index("presents_user_idx").on(t.userId, t.receivedAt, t.createdAt.desc()),
    check(
      "presents_content_check",
      sql`(${t.itemId} is not null)::int + (${t.point} > 0)::int + (${t.couponId} is not null)::int = 1`,
    ),
  ],
);

/**
 * A volume bought for someone else (issue 25 item 5, decision 0113). Written with its order, in
 * the checkout's transaction; the giver never owns the item. Once paid, the claim link's token is
 * made and only its SHA-256 kept (token_hash), the mail goes to recipient_email, and the link
 * works until claim_expires_at. Claiming is one locked update that sets recipient_user_id,
 * present_id and claimed_at together, so a gift is claimed once, by the member whose confirmed
 * address it was sent to; the volume then waits in that member's present box.
 */
export const gifts = pgTable(
  "gifts",
  {
    giftId: integer("gift_id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.orderId),
    giverUserId: integer("giver_user_id").notNull(),
    itemId: integer("item_id").notNull(),
    itemType: smallint("item_type").notNull(),
    seriesId: integer("series_id"),
    bookId: integer("book_id"),
    cdId: integer("cd_id"),
    /** Normalised (trimmed, lower case) as account addresses are. */
    recipientEmail: text("recipient_email").notNull(),
    message: text("message"),
    tokenHash: text("token_hash"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    claimExpiresAt: timestamp("claim_expires_at", { withTimezone: true }),
    recipientUserId: integer("recipient_user_id"),
    presentId: integer("present_id").references(() => presents.presentId),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("gifts_order_key").on(t.orderId),
    uniqueIndex("gifts_token_key").on(t.tokenHash),
    index("gifts_giver_idx").on(t.giverUserId, t.createdAt.desc()),
    check(
      "gifts_claim_check",
      sql`(${t.claimedAt} is null) = (${t.recipientUserId} is null) and (${t.claimedAt} is null) = (${t.presentId} is null)`,
    ),
  ],
);

/**
 * One order line refunded by support (issue 24, decision 0096): the money back through the
 * payment provider, the points back, and what of the order's earned points was taken back. One
 * row per line (order_refunds_line_key), so a line is refunded once, however often it is asked.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    orderRefundId: integer("order_refund_id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.orderId),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.orderItemId),
    userId: integer("user_id").notNull(),
    /** Yen back to the payment method (the line's share of orders.amount). */
    amount: integer("amount").notNull(),
    /** Points back (the line's share of orders.used_point). */
    point: integer("point").notNull(),
    /** The line's share of the coupon discount: not paid, so not paid back. */
    couponDiscount: integer("coupon_discount").notNull(),
    /** Earned points taken back (the line's share of add_point, as far as unspent). */
    earnedTakenBack: integer("earned_taken_back").notNull(),
    /** The provider's refund id; null when no money moved (a line paid in points). */
    providerRef: text("provider_ref"),
    reason: text("reason").notNull(),
    staffUserId: integer("staff_user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_refunds_line_key").on(t.orderItemId),
    index("order_refunds_order_idx").on(t.orderId),
    check(
      "order_refunds_amounts_check",
      sql`${t.amount} >= 0 and ${t.point} >= 0 and ${t.couponDiscount} >= 0 and ${t.earnedTakenBack} >= 0`,
    ),
  ],
);

/**
 * Cards a member keeps with the payment provider (decision 0111). The provider holds the number;
 * the store keeps only its reference and what the member needs to tell cards apart: brand, last
 * four digits and expiry. Never the number or the security code.
 */
export const paymentCards = pgTable(
  "payment_cards",
  {
    cardId: integer("card_id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").notNull(),
    /** The provider's reference of the kept card (Stripe: a PaymentMethod id). */
    providerRef: text("provider_ref").notNull(),
    brand: text("brand").$type<CardBrand>().notNull(),
    last4: text("last4").notNull(),
    expMonth: smallint("exp_month").notNull(),
    expYear: smallint("exp_year").notNull(),
    /** The form's request id: the same request twice keeps one card. */
    requestKey: text("request_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_cards_provider_ref_key").on(t.providerRef),
    uniqueIndex("payment_cards_request_key").on(t.userId, t.requestKey),
    index("payment_cards_user_idx").on(t.userId),
    check(
      "payment_cards_brand_check",
      sql`${t.brand} in ('visa', 'mastercard', 'jcb', 'amex', 'diners')`,
    ),
    check("payment_cards_last4_check", sql`${t.last4} ~ '^[0-9]{4}$'`),
    check(
      "payment_cards_exp_check",
      sql`${t.expMonth} between 1 and 12 and ${t.expYear} between 2000 and 2099`,
    ),
  ],
);

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type PointEntry = typeof pointEntries.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type Gift = typeof gifts.$inferSelect;
