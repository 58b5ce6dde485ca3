import { and, eq, inArray, sql } from "drizzle-orm";
import { CARD_PAYMENT_TYPE } from "../../../contract/checkout-rules";
import { PREORDER_MESSAGES } from "../../../contract/preorder-rules";
import { startOfTokyoDay } from "../../../contract/tokyo-time";
import { volumeUrl } from "../../../contract/volume-notices";
import type { Db, Tx } from "../../db/client";
import { ApiError } from "../../lib/errors";
import type { Logger } from "../../logger";
import { getMember } from "../account/service";
import {
  type ReleasedVolume,
  volumesForNotices,
  volumesReleasedSince,
} from "../catalog/new-releases";
import { Declined, lockMemberPurchases, purchaseForMember } from "../commerce/checkout";
import { memberOrder } from "../commerce/orders";
import { cardForStandingOrders } from "../commerce/payment-cards";
import type { PaymentProvider } from "../commerce/payments/provider";
import { ownedItemIds } from "../library/service";
import {
  autoPurchaseMail,
  type MailDraft,
  preorderPaidMail,
  standingOrderFailedMail,
} from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { priceItems } from "../pricing/quote";
import { autoPurchaseSeries, autoPurchases, preorders } from "./schema";
import { monthSpent, reservedOf, standingSettings } from "./service";

/**
 * How far back the automatic purchase looks for new volumes, in Tokyo days: a run missed over a
 * long weekend still buys, and a first run on an old store buys no back catalog.
 */
export const AUTO_PURCHASE_LOOKBACK_DAYS = 7;

export interface StandingOrderDeps {
  db: Db;
  provider: PaymentProvider;
  logger: Logger;
  /** The store's origin, for the mails' links. */
  siteUrl: string;
  /** Told of each member whose shelf changed: their kept status is stale. */
  changed: (userId: number) => Promise<void>;
}

export interface StandingOrderResult {
  preordersPaid: number;
  preordersFailed: number;
  autoPaid: number;
  autoSkipped: number;
  autoFailed: number;
  /** Purchases cut short by something other than a refusal: left for the next run. */
  errors: number;
}

/** The order's token, and the provider's idempotency key, of each kind of purchase. */
export const preorderToken = (preorderId: number) => `preorder-${preorderId}`;
export const autoPurchaseToken = (userId: number, bookId: number) => `auto-${userId}-${bookId}`;

/**
 * One run of 予約購入 and 新刊自動購入 (decision 0116): reservations whose volume came out are
 * paid, then new volumes of the series members set to automatic purchase are bought. Each
 * purchase is its own transaction under the member's purchase lock, so runs in several
 * processes, or a run retried, buy each volume once.
 */
export async function runStandingOrders(
  deps: StandingOrderDeps,
  now = new Date(),
): Promise<StandingOrderResult> {
  const result: StandingOrderResult = {
    preordersPaid: 0,
    preordersFailed: 0,
    autoPaid: 0,
    autoSkipped: 0,
    autoFailed: 0,
    errors: 0,
  };
  await payReleasedPreorders(deps, now, result);
  await buyNewVolumes(deps, now, result);
  return result;
}

/**
 * Why a purchase was refused, in the store's words; null for anything else (a crash, a lost
 * connection), which is left for the next run to try again.
 */
function refusalOf(error: unknown): string | null {
  if (error instanceof Declined) return error.message;
  if (error instanceof ApiError) {
    return error.extra.field === "payment_type"
      ? PREORDER_MESSAGES.paymentCardMissing
      : error.message;
  }
  return null;
}

async function mailMember(
  tx: Tx,
  userId: number,
  draft: (to: string, nickname: string | null) => MailDraft,
  now: Date,
) {
  const member = await getMember(tx, userId);
  if (member?.email) await enqueueMail(tx, draft(member.email, member.nickname ?? null), now);
}

/** What the member pays with: points first when they chose so, the rest by their card. */
async function paymentOf(tx: Tx, userId: number, now: Date) {
  const [settings, cardId] = await Promise.all([
    standingSettings(tx, userId),
    cardForStandingOrders(tx, userId, now),
  ]);
  return {
    // No card: only points can pay, and an amount left over is refused as no payment chosen.
    paymentType: cardId === null ? 0 : CARD_PAYMENT_TYPE,
    savedCardId: cardId ?? undefined,
    point: settings.usePoints ? ("all" as const) : 0,
  };
}

async function paidPrice(tx: Tx, userId: number, orderId: number): Promise<number> {
  const order = await memberOrder(tx, userId, orderId);
  return order?.items[0]?.priceInc ?? 0;
}

async function payReleasedPreorders(deps: StandingOrderDeps, now: Date, out: StandingOrderResult) {
  const reserved = await reservedOf(deps.db);
  if (reserved.length === 0) return;
  const volumes = await volumesForNotices(deps.db, [...new Set(reserved.map((r) => r.bookId))]);
  const due = reserved.filter((r) => {
    const v = volumes.get(r.bookId);
    return v !== undefined && v.releasedAt <= now;
  });
  if (due.length === 0) return;
  const lines = new Map(
    (await priceItems(deps.db, [...new Set(due.map((r) => r.itemId))], now)).map((p) => [
      p.itemId,
      p,
    ]),
  );
  for (const r of due) {
    const line = lines.get(r.itemId);
    // Not on sale yet (held back, withdrawn): the reservation waits for it.
    if (!line || line.notBuyable === "not_on_sale" || line.notBuyable === "not_released") continue;
    await payPreorder(deps, r.preorderId, r.userId, volumes.get(r.bookId)!, now, out);
  }
}

async function payPreorder(
  deps: StandingOrderDeps,
  preorderId: number,
  userId: number,
  volume: ReleasedVolume,
  now: Date,
  out: StandingOrderResult,
) {
  const { db, provider, siteUrl } = deps;
  const link = { title: volume.title, seriesName: volume.seriesName };
  const url = `${siteUrl}${volumeUrl(volume.seriesId, volume.bookId)}`;
  try {
    const paid = await db.transaction(async (tx) => {
      await lockMemberPurchases(tx, userId);
      const [row] = await tx
        .select()
        .from(preorders)
        .where(eq(preorders.preorderId, preorderId))
        .for("update");
      if (row?.status !== "reserved") return false;
      // Bought meanwhile by the member's own hand: nothing is left to pay.
      if ((await ownedItemIds(tx, userId, [row.itemId])).length > 0) {
        await tx
          .update(preorders)
          .set({ status: "cancelled", updatedAt: now })
          .where(eq(preorders.preorderId, preorderId));
        return false;
      }
      const orderId = await purchaseForMember(
        tx,
        provider,
        {
          userId,
          itemId: row.itemId,
          ...(await paymentOf(tx, userId, now)),
          token: preorderToken(preorderId),
          priceCap: row.reservedPrice,
          origin: siteUrl,
        },
        now,
      );
      const price = await paidPrice(tx, userId, orderId);
      await tx
        .update(preorders)
        .set({ status: "paid", orderId, paidPrice: price, updatedAt: now })
        .where(eq(preorders.preorderId, preorderId));
      await mailMember(
        tx,
        userId,
        (to, nickname) =>
          preorderPaidMail(to, nickname, {
            ...link,
            url,
            price,
            reservedPrice: row.reservedPrice,
            shelfUrl: `${siteUrl}/bookshelf`,
          }),
        now,
      );
      return true;
    });
    if (paid) {
      out.preordersPaid += 1;
      await deps.changed(userId);
    }
  } catch (error) {
    const reason = refusalOf(error);
    if (reason === null) {
      out.errors += 1;
      deps.logger.error("pre-order payment failed", { error, preorderId });
      return;
    }
    // The purchase rolled back whole; the reservation stays, marked failed with the reason.
    const failed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(preorders)
        .set({ status: "failed", failureMessage: reason, updatedAt: now })
        .where(and(eq(preorders.preorderId, preorderId), eq(preorders.status, "reserved")))
        .returning({ id: preorders.preorderId });
      if (!row) return false;
      await mailFailure(tx, userId, { ...link, url, kind: "preorder", reason }, siteUrl, now);
      return true;
    });
    if (failed) out.preordersFailed += 1;
  }
}

async function buyNewVolumes(deps: StandingOrderDeps, now: Date, out: StandingOrderResult) {
  const { db } = deps;
  const released = await volumesReleasedSince(
    db,
    startOfTokyoDay(now, -AUTO_PURCHASE_LOOKBACK_DAYS),
    now,
  );
  if (released.length === 0) return;
  const seriesIds = [...new Set(released.map((v) => v.seriesId))];
  const bookIds = released.map((v) => v.bookId);
  const [subscribers, claimed, reserved] = await Promise.all([
    db.select().from(autoPurchaseSeries).where(inArray(autoPurchaseSeries.seriesId, seriesIds)),
    db
      .select({ userId: autoPurchases.userId, bookId: autoPurchases.bookId })
      .from(autoPurchases)
      .where(inArray(autoPurchases.bookId, bookIds)),
    db
      .select({ userId: preorders.userId, bookId: preorders.bookId })
      .from(preorders)
      .where(and(inArray(preorders.bookId, bookIds), sql`${preorders.status} <> 'cancelled'`)),
  ]);
  const done = new Set([...claimed, ...reserved].map((c) => `${c.userId}:${c.bookId}`));
  for (const volume of released) {
    for (const s of subscribers) {
      // New to the member: on sale only after they turned it on (a volume published late counts).
      if (s.seriesId !== volume.seriesId || volume.onSaleSince < s.createdAt) continue;
      if (done.has(`${s.userId}:${volume.bookId}`)) continue;
      await buyOne(deps, s.userId, volume, now, out);
    }
  }
}

type AutoOutcome = "paid" | "skipped" | null;

async function buyOne(
  deps: StandingOrderDeps,
  userId: number,
  volume: ReleasedVolume,
  now: Date,
  out: StandingOrderResult,
) {
  const { db, provider, siteUrl } = deps;
  const link = { title: volume.title, seriesName: volume.seriesName };
  const url = `${siteUrl}${volumeUrl(volume.seriesId, volume.bookId)}`;
  try {
    const outcome = await db.transaction(async (tx): Promise<AutoOutcome> => {
      await lockMemberPurchases(tx, userId);
      const [setting] = await tx
        .select()
        .from(autoPurchaseSeries)
        .where(
          and(
            eq(autoPurchaseSeries.userId, userId),
            eq(autoPurchaseSeries.seriesId, volume.seriesId),
          ),
        );
      if (!setting) return null;
      // A reservation of the volume pays it itself.
      const [held] = await tx
        .select({ id: preorders.preorderId })
        .from(preorders)
        .where(
          and(
            eq(preorders.userId, userId),
            eq(preorders.bookId, volume.bookId),
            sql`${preorders.status} <> 'cancelled'`,
          ),
        );
      if (held) return null;
      // The claim: only the run that inserts it goes on; it commits or rolls back with the order.
      const [claim] = await tx
        .insert(autoPurchases)
        .values({
          userId,
          bookId: volume.bookId,
          seriesId: volume.seriesId,
          status: "paid",
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: autoPurchases.autoPurchaseId });
      if (!claim) return null;
      const skip = async (message: string, amount = 0): Promise<AutoOutcome> => {
        await tx
          .update(autoPurchases)
          .set({ status: "skipped", message, amount })
          .where(eq(autoPurchases.autoPurchaseId, claim.id));
        return "skipped";
      };
      if (setting.paused) return skip(PREORDER_MESSAGES.paused);
      if ((await ownedItemIds(tx, userId, [volume.itemId])).length > 0) {
        return skip(PREORDER_MESSAGES.alreadyOwned);
      }
      const [line] = await priceItems(tx, [volume.itemId], now);
      if (!line?.buyable) return skip(PREORDER_MESSAGES.notBuyable);
      const { monthlyCap } = await standingSettings(tx, userId);
      if (monthlyCap !== null) {
        const spent = await monthSpent(tx, userId, now);
        if (spent + line.salePrice > monthlyCap) {
          return skip(
            `${PREORDER_MESSAGES.capReached}（上限${monthlyCap.toLocaleString("ja-JP")}円・今月${spent.toLocaleString("ja-JP")}円）`,
            line.salePrice,
          );
        }
      }
      const orderId = await purchaseForMember(
        tx,
        provider,
        {
          userId,
          itemId: volume.itemId,
          ...(await paymentOf(tx, userId, now)),
          token: autoPurchaseToken(userId, volume.bookId),
          origin: siteUrl,
        },
        now,
      );
      const price = await paidPrice(tx, userId, orderId);
      await tx
        .update(autoPurchases)
        .set({ status: "paid", orderId, amount: price })
        .where(eq(autoPurchases.autoPurchaseId, claim.id));
      await mailMember(
        tx,
        userId,
        (to, nickname) =>
          autoPurchaseMail(to, nickname, {
            ...link,
            url,
            price,
            settingsUrl: `${siteUrl}/account`,
          }),
        now,
      );
      return "paid";
    });
    if (outcome === "paid") {
      out.autoPaid += 1;
      await deps.changed(userId);
    } else if (outcome === "skipped") out.autoSkipped += 1;
  } catch (error) {
    const reason = refusalOf(error);
    if (reason === null) {
      out.errors += 1;
      deps.logger.error("automatic purchase failed", { error, userId, bookId: volume.bookId });
      return;
    }
    const failed = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(autoPurchases)
        .values({
          userId,
          bookId: volume.bookId,
          seriesId: volume.seriesId,
          status: "failed",
          message: reason,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: autoPurchases.autoPurchaseId });
      if (!row) return false;
      await mailFailure(tx, userId, { ...link, url, kind: "auto", reason }, siteUrl, now);
      return true;
    });
    if (failed) out.autoFailed += 1;
  }
}

/** The mail that a reservation or an automatic purchase could not be paid, with the way to fix it. */
function mailFailure(
  tx: Parameters<typeof mailMember>[0],
  userId: number,
  failure: Omit<Parameters<typeof standingOrderFailedMail>[2], "accountUrl">,
  siteUrl: string,
  now: Date,
) {
  return mailMember(
    tx,
    userId,
    (to, nickname) =>
      standingOrderFailedMail(to, nickname, { ...failure, accountUrl: `${siteUrl}/account` }),
    now,
  );
}
