import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  CARD_BRAND_NAMES,
  CARD_MESSAGES,
  cardExpired,
  expiryText,
  MAX_SAVED_CARDS,
  parseExpiry,
  type SavedCard,
} from "../../../contract/card-rules";
import { ORDER_ERROR_MESSAGES, type OrderErrorCode } from "../../../contract/checkout";
import type { AddCardRequest } from "../../../contract/payment-cards";
import type { Db, Tx } from "../../db/client";
import { BadInput, Conflict, NotFound } from "../../lib/errors";
import type { PaymentProvider } from "./payments/provider";
import { paymentCards } from "./schema";

/**
 * A member's cards kept with the payment provider (decision 0111). The provider keeps the number;
 * the store keeps its reference, brand, last four digits and expiry, and nothing else of the card.
 */

type CardRow = typeof paymentCards.$inferSelect;

function savedCardOf(row: CardRow, now: Date): SavedCard {
  return {
    card_id: row.cardId,
    brand: row.brand,
    brand_name: CARD_BRAND_NAMES[row.brand],
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    exp: expiryText(row.expMonth, row.expYear),
    expired: cardExpired({ month: row.expMonth, year: row.expYear }, now),
  };
}

export async function memberCards(db: Db, userId: number, now: Date): Promise<SavedCard[]> {
  const rows = await db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.userId, userId))
    .orderBy(asc(paymentCards.cardId));
  return rows.map((r) => savedCardOf(r, now));
}

/** One member's card changes run one at a time, so the count of cards cannot be outrun. */
async function lockMemberCards(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('komaya.payment_cards'), ${userId})`);
}

export type AddCardResult =
  | { result: true; status: "saved"; card: SavedCard }
  | { result: true; status: "declined"; reason: string };

/**
 * The card form's card goes to the provider's vault; when the provider keeps it, its reference
 * and the card's brand, last four digits and expiry are recorded. A declined card leaves nothing
 * behind. The request key makes a repeated send (a double click) answer the first card.
 */
export async function addCard(
  db: Db,
  provider: PaymentProvider,
  input: { userId: number; requestKey: string; card: AddCardRequest },
  now = new Date(),
): Promise<AddCardResult> {
  const expiry = parseExpiry(input.card.exp)!;
  if (cardExpired(expiry, now)) throw new BadInput("exp", CARD_MESSAGES.expired);
  type Stored = { row: CardRow } | { declined: OrderErrorCode };
  const stored = await db.transaction(async (tx): Promise<Stored> => {
    await lockMemberCards(tx, input.userId);
    const [again] = await tx
      .select()
      .from(paymentCards)
      .where(
        and(eq(paymentCards.userId, input.userId), eq(paymentCards.requestKey, input.requestKey)),
      );
    if (again) return { row: again };
    const [held] = await tx
      .select({ n: count() })
      .from(paymentCards)
      .where(eq(paymentCards.userId, input.userId));
    if ((held?.n ?? 0) >= MAX_SAVED_CARDS) throw new Conflict(CARD_MESSAGES.tooMany);
    const outcome = await provider.storeCard({
      number: input.card.number,
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: input.card.cvc,
      name: input.card.name.trim(),
      idempotencyKey: `card:${input.userId}:${input.requestKey}`,
    });
    if (outcome.status === "declined") return { declined: outcome.code };
    const [row] = await tx
      .insert(paymentCards)
      .values({
        userId: input.userId,
        providerRef: outcome.reference,
        brand: outcome.brand,
        last4: outcome.last4,
        expMonth: outcome.expMonth,
        expYear: outcome.expYear,
        requestKey: input.requestKey,
        createdAt: now,
      })
      .returning();
    return { row: row! };
  });
  if ("declined" in stored) {
    return { result: true, status: "declined", reason: declineReason(stored.declined) };
  }
  return { result: true, status: "saved", card: savedCardOf(stored.row, now) };
}

/** What the form says of a card the provider would not keep. */
function declineReason(code: OrderErrorCode): string {
  if (code === "card_declined") return CARD_MESSAGES.declined;
  return ORDER_ERROR_MESSAGES[code];
}

/** The member removes a card: the store forgets it, then the provider does. Only its owner may. */
export async function removeCard(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  cardId: number,
): Promise<void> {
  const [removed] = await db
    .delete(paymentCards)
    .where(and(eq(paymentCards.cardId, cardId), eq(paymentCards.userId, userId)))
    .returning({ providerRef: paymentCards.providerRef });
  if (!removed) throw new NotFound(CARD_NOT_FOUND);
  await provider.deleteCard(removed.providerRef);
}

export const CARD_NOT_FOUND = "登録済みのカードが見つかりませんでした";

/**
 * The member's own card to charge at checkout, inside its transaction: its provider reference,
 * or a refusal when it is not theirs or its expiry month has passed.
 */
export async function cardToCharge(
  tx: Tx,
  userId: number,
  cardId: number,
  now: Date,
): Promise<{ providerRef: string }> {
  const [row] = await tx
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.cardId, cardId), eq(paymentCards.userId, userId)));
  if (!row) throw new NotFound(CARD_NOT_FOUND, { field: "saved_card" });
  if (cardExpired({ month: row.expMonth, year: row.expYear }, now)) {
    throw new Conflict(ORDER_ERROR_MESSAGES.card_expired, { field: "saved_card" });
  }
  return { providerRef: row.providerRef };
}

/**
 * The card a purchase made for the member by a job is charged to (a pre-order on its release,
 * 新刊自動購入: decision 0116): the first card they saved that has not run out. null: none.
 */
export async function cardForStandingOrders(
  tx: Db,
  userId: number,
  now: Date,
): Promise<number | null> {
  const rows = await tx
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.userId, userId))
    .orderBy(asc(paymentCards.cardId));
  const usable = rows.find((r) => !cardExpired({ month: r.expMonth, year: r.expYear }, now));
  return usable?.cardId ?? null;
}
