import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import {
  AUTO_PURCHASE_STATUS_LABELS,
  type AutoPurchaseStatus,
  PREORDER_MESSAGES,
  PREORDER_STATUS_LABELS,
  type PreorderStatus,
  preorderCancellable,
  preorderOpen,
} from "../../../contract/preorder-rules";
import type {
  AutoPurchaseAnswer,
  AutoPurchaseSeriesAnswer,
  Preorder,
  PreorderOffer,
} from "../../../contract/preorders";
import { tokyoInstant, tokyoSlashDate, tokyoTime } from "../../../contract/tokyo-time";
import { volumeUrl } from "../../../contract/volume-notices";
import type { Db, Tx } from "../../db/client";
import { Conflict, NotFound } from "../../lib/errors";
import { type ReleasedVolume, volumeOfBook, volumesForNotices } from "../catalog/new-releases";
import { seriesNames } from "../catalog/series-lookups";
import { lockMemberPurchases } from "../commerce/checkout";
import { cardForStandingOrders } from "../commerce/payment-cards";
import { ownedItemIds } from "../library/service";
import { priceItems } from "../pricing/quote";
import { autoPurchaseSeries, autoPurchases, preorders, standingOrderSettings } from "./schema";

type PreorderRow = typeof preorders.$inferSelect;

function preorderOf(row: PreorderRow, volume: ReleasedVolume | undefined, now: Date): Preorder {
  const status = row.status as PreorderStatus;
  return {
    preorder_id: row.preorderId,
    book_id: row.bookId,
    series_id: row.seriesId,
    title: volume?.title ?? "",
    series_name: volume?.seriesName ?? "",
    url: volumeUrl(row.seriesId, row.bookId),
    release_date: volume ? tokyoSlashDate(volume.releasedAt) : "",
    reserved_price: row.reservedPrice,
    paid_price: row.paidPrice,
    status,
    status_label: PREORDER_STATUS_LABELS[status],
    message: row.failureMessage,
    cancellable:
      status === "reserved" && volume !== undefined && preorderCancellable(volume.releasedAt, now),
    order_id: row.orderId,
    reserved_on: tokyoSlashDate(row.createdAt),
  };
}

/** The member's reservations, newest first; cancelled ones are left out. */
export async function memberPreorders(db: Db, userId: number, now: Date): Promise<Preorder[]> {
  const rows = await db
    .select()
    .from(preorders)
    .where(and(eq(preorders.userId, userId), sql`${preorders.status} <> 'cancelled'`))
    .orderBy(desc(preorders.createdAt), desc(preorders.preorderId));
  const volumes = await volumesForNotices(
    db,
    rows.map((r) => r.bookId),
  );
  return rows.map((r) => preorderOf(r, volumes.get(r.bookId), now));
}

async function livePreorder(db: Db, userId: number, bookId: number) {
  const [row] = await db
    .select()
    .from(preorders)
    .where(
      and(
        eq(preorders.userId, userId),
        eq(preorders.bookId, bookId),
        sql`${preorders.status} <> 'cancelled'`,
      ),
    );
  return row ?? null;
}

/**
 * Whether and at what price the member may reserve the volume: it is in the store, set on sale
 * ahead of its release date (配信予定), priced above 0 by the pricing rule, not owned, and the
 * member keeps a card to pay it with. null: no such volume in the store.
 */
async function reservation(db: Db, bookId: number, now: Date) {
  const volume = await volumeOfBook(db, bookId, now);
  if (!volume?.inStore) return null;
  const [priced] = await priceItems(db, [volume.itemId], now);
  const price = priced?.salePrice ?? 0;
  const refusal = (): string | null => {
    if (!volume.onsale) return PREORDER_MESSAGES.notAnnounced;
    if (!preorderOpen(volume.releasedAt, now)) return PREORDER_MESSAGES.closed;
    if (!priced || price <= 0) return PREORDER_MESSAGES.free;
    return null;
  };
  return { volume, price, refusal: refusal() };
}

/** The volume page's 予約 box; a visitor (userId null) sees whether the volume takes reservations. */
export async function preorderOffer(
  db: Db,
  userId: number | null,
  bookId: number,
  now: Date,
): Promise<PreorderOffer> {
  const found = await reservation(db, bookId, now);
  if (!found) throw new NotFound("お探しの巻は見つかりませんでした");
  const [held, owned, card] =
    userId === null
      ? [null, [], null]
      : await Promise.all([
          livePreorder(db, userId, bookId),
          ownedItemIds(db, userId, [found.volume.itemId]),
          cardForStandingOrders(db, userId, now),
        ]);
  const reason = owned.length > 0 ? PREORDER_MESSAGES.owned : found.refusal;
  return {
    book_id: bookId,
    reservable: reason === null && held === null,
    reason,
    release_date: tokyoSlashDate(found.volume.releasedAt),
    price: found.price,
    has_card: card !== null,
    reservation: held ? preorderOf(held, found.volume, now) : null,
  };
}

/**
 * 予約する: the member reserves an announced volume at today's price. Reserving again (a double
 * click) answers the reservation already made.
 */
export async function reserve(
  db: Db,
  userId: number,
  bookId: number,
  now: Date,
): Promise<Preorder> {
  return db.transaction(async (tx) => {
    await lockMemberPurchases(tx, userId);
    const held = await livePreorder(tx, userId, bookId);
    const found = await reservation(tx, bookId, now);
    if (!found) throw new NotFound("お探しの巻は見つかりませんでした");
    if (held) return preorderOf(held, found.volume, now);
    if (found.refusal) throw new Conflict(found.refusal);
    if ((await ownedItemIds(tx, userId, [found.volume.itemId])).length > 0) {
      throw new Conflict(PREORDER_MESSAGES.owned);
    }
    if ((await cardForStandingOrders(tx, userId, now)) === null) {
      throw new Conflict(PREORDER_MESSAGES.noCard, { error_url: "/account" });
    }
    const [row] = await tx
      .insert(preorders)
      .values({
        userId,
        bookId,
        itemId: found.volume.itemId,
        seriesId: found.volume.seriesId,
        reservedPrice: found.price,
        status: "reserved",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return preorderOf(row!, found.volume, now);
  });
}

/** 予約をキャンセル: the member's own reservation, until the day before its release. */
export async function cancelPreorder(
  db: Db,
  userId: number,
  preorderId: number,
  now: Date,
): Promise<Preorder> {
  return db.transaction(async (tx) => {
    // The job pays under this lock: a cancel and a payment never cross.
    await lockMemberPurchases(tx, userId);
    const [row] = await tx
      .select()
      .from(preorders)
      .where(and(eq(preorders.preorderId, preorderId), eq(preorders.userId, userId)))
      .for("update");
    if (!row || row.status === "cancelled") throw new NotFound(PREORDER_MESSAGES.notFound);
    const volume = (await volumesForNotices(tx, [row.bookId])).get(row.bookId);
    if (row.status !== "reserved" || !volume || !preorderCancellable(volume.releasedAt, now)) {
      throw new Conflict(PREORDER_MESSAGES.cancelClosed);
    }
    const [done] = await tx
      .update(preorders)
      .set({ status: "cancelled", updatedAt: now })
      .where(eq(preorders.preorderId, preorderId))
      .returning();
    return preorderOf(done!, volume, now);
  });
}

/** The member's 月の上限金額 and points choice; defaults when never set. */
export async function standingSettings(
  db: Db,
  userId: number,
): Promise<{ monthlyCap: number | null; usePoints: boolean }> {
  const [row] = await db
    .select()
    .from(standingOrderSettings)
    .where(eq(standingOrderSettings.userId, userId));
  return { monthlyCap: row?.monthlyCap ?? null, usePoints: row?.usePoints ?? false };
}

export async function saveStandingSettings(
  db: Db,
  userId: number,
  settings: { monthlyCap: number | null; usePoints: boolean },
  now: Date,
): Promise<void> {
  await db
    .insert(standingOrderSettings)
    .values({ userId, ...settings, updatedAt: now })
    .onConflictDoUpdate({
      target: standingOrderSettings.userId,
      set: { ...settings, updatedAt: now },
    });
}

/** The start of the Tokyo month `now` is in: the monthly cap counts from here. */
export function startOfTokyoMonth(now: Date): Date {
  const t = tokyoTime(now);
  return tokyoInstant(t.year, t.month, 1);
}

/** Yen the job spent for the member this Tokyo month on automatic purchases. */
export async function monthSpent(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${autoPurchases.amount}), 0)`.mapWith(Number) })
    .from(autoPurchases)
    .where(
      and(
        eq(autoPurchases.userId, userId),
        eq(autoPurchases.status, "paid"),
        gte(autoPurchases.createdAt, startOfTokyoMonth(now)),
      ),
    );
  return row?.total ?? 0;
}

/** How many automatic purchases the account page lists. */
const RECENT_AUTO_PURCHASES = 20;

export async function autoPurchaseOverview(
  db: Db,
  userId: number,
  now: Date,
): Promise<Omit<AutoPurchaseAnswer, "result">> {
  const [settings, spent, series, recent] = await Promise.all([
    standingSettings(db, userId),
    monthSpent(db, userId, now),
    db
      .select()
      .from(autoPurchaseSeries)
      .where(eq(autoPurchaseSeries.userId, userId))
      .orderBy(desc(autoPurchaseSeries.createdAt)),
    db
      .select()
      .from(autoPurchases)
      .where(eq(autoPurchases.userId, userId))
      .orderBy(desc(autoPurchases.createdAt), desc(autoPurchases.autoPurchaseId))
      .limit(RECENT_AUTO_PURCHASES),
  ]);
  const [names, volumes] = await Promise.all([
    seriesNames(
      db,
      series.map((s) => s.seriesId),
    ),
    volumesForNotices(
      db,
      recent.map((r) => r.bookId),
    ),
  ]);
  return {
    monthly_cap: settings.monthlyCap,
    use_points: settings.usePoints,
    month_spent: spent,
    series: series.map((s) => ({
      series_id: s.seriesId,
      series_name: names.get(s.seriesId) ?? "",
      url: `/series/${s.seriesId}`,
      paused: s.paused,
      since: tokyoSlashDate(s.createdAt),
    })),
    recent: recent.map((r) => {
      const status = r.status as AutoPurchaseStatus;
      return {
        book_id: r.bookId,
        series_id: r.seriesId,
        title: volumes.get(r.bookId)?.title ?? "",
        url: volumeUrl(r.seriesId, r.bookId),
        status,
        status_label: AUTO_PURCHASE_STATUS_LABELS[status],
        amount: r.amount,
        message: r.message,
        date: tokyoSlashDate(r.createdAt),
      };
    }),
  };
}

export async function autoPurchaseOfSeries(
  db: Db,
  userId: number,
  seriesId: number,
): Promise<Omit<AutoPurchaseSeriesAnswer, "result">> {
  const [row] = await db
    .select()
    .from(autoPurchaseSeries)
    .where(and(eq(autoPurchaseSeries.userId, userId), eq(autoPurchaseSeries.seriesId, seriesId)));
  return { enabled: row !== undefined, paused: row?.paused ?? false };
}

/**
 * 新刊自動購入 on (with its pause) or off for one series. Turning it on needs a card; volumes
 * released from then on are bought. Turning it on again keeps the day it was first turned on.
 */
export async function setAutoPurchase(
  db: Db,
  userId: number,
  input: { seriesId: number; enabled: boolean; paused?: boolean },
  now: Date,
): Promise<Omit<AutoPurchaseSeriesAnswer, "result">> {
  if (!input.enabled) {
    await db
      .delete(autoPurchaseSeries)
      .where(
        and(eq(autoPurchaseSeries.userId, userId), eq(autoPurchaseSeries.seriesId, input.seriesId)),
      );
    return { enabled: false, paused: false };
  }
  const names = await seriesNames(db, [input.seriesId]);
  if (!names.has(input.seriesId)) throw new NotFound(PREORDER_MESSAGES.seriesNotFound);
  if ((await cardForStandingOrders(db, userId, now)) === null) {
    throw new Conflict(PREORDER_MESSAGES.autoNoCard, { error_url: "/account" });
  }
  const paused = input.paused ?? false;
  await db
    .insert(autoPurchaseSeries)
    .values({ userId, seriesId: input.seriesId, paused, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [autoPurchaseSeries.userId, autoPurchaseSeries.seriesId],
      set: input.paused === undefined ? { updatedAt: now } : { paused, updatedAt: now },
    });
  return autoPurchaseOfSeries(db, userId, input.seriesId);
}

/** A member who leaves takes their reservations and settings along. */
export async function forgetStandingOrders(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(preorders)
    .set({ status: "cancelled" })
    .where(and(eq(preorders.userId, userId), eq(preorders.status, "reserved")));
  await tx.delete(autoPurchaseSeries).where(eq(autoPurchaseSeries.userId, userId));
  await tx.delete(standingOrderSettings).where(eq(standingOrderSettings.userId, userId));
}

/** Reservations still to pay, of these volumes. */
export async function reservedOf(db: Db, bookIds?: readonly number[]) {
  return db
    .select()
    .from(preorders)
    .where(
      and(
        eq(preorders.status, "reserved"),
        bookIds ? inArray(preorders.bookId, [...bookIds]) : undefined,
      ),
    )
    .orderBy(preorders.preorderId);
}
