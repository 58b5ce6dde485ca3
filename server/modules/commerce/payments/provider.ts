import { randomBytes } from "node:crypto";
import {
  CARD_PAYMENT_TYPE,
  CARRIER_BILLING_LIMIT,
  type OrderErrorCode,
} from "../../../../contract/checkout";

/**
 * How the store takes money (docs/decisions/0016-checkout-and-payment-provider.md). The checkout
 * workflow calls charge() inside its transaction, holding the member's purchase, points and
 * coupon locks, once the order's amount is fixed and before writing any of the order (decision
 * 0077; only the cancelling of a superseded confirmation step comes first, as the points it gives
 * back count towards this order). So a provider answers at once, with one of three outcomes. A real provider maps onto it directly: Stripe's
 * PaymentIntent created and confirmed with the checkout token as idempotency key answers
 * succeeded, declined (card_error) or requires_action (next_action.redirect_to_url); the member
 * comes back to the return URL, and confirm() (or the payment_intent.succeeded webhook calling
 * the same finalize step) settles the pending order; cancel() voids it.
 */

/** What the member pays with, as the provider sees it. */
export type PaymentMethodKind = "card" | "wallet" | "carrier" | "points";

export interface ChargeRequest {
  /** The pending order the money is for. */
  orderReference: string;
  /** Yen, tax included; 0 only for points-only orders. */
  amount: number;
  method: PaymentMethodKind;
  /** What the provider's card form produced; in the sandbox, the test card number. */
  card?: string;
  /** Same key, same outcome: the checkout token. */
  idempotencyKey: string;
}

export type ChargeOutcome =
  | { status: "succeeded"; reference: string }
  /** code: why, in the store's words (a real provider's decline codes map onto these). */
  | { status: "declined"; code: OrderErrorCode }
  | { status: "requires_action"; reference: string; redirectUrl: string };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The member finished the confirmation step: settle it (succeeded) or not (declined). */
  confirm(reference: string): Promise<ChargeOutcome>;
  /** The member left the confirmation step: void the payment. */
  cancel(reference: string): Promise<void>;
  /**
   * Gives back part or all of a settled payment (decision 0096). The same idempotency key gives
   * the same outcome, so a retried refund never pays twice.
   */
  refund(request: RefundRequest): Promise<RefundOutcome>;
}

export interface RefundRequest {
  /** The settled payment's reference (payments.provider_ref). */
  reference: string;
  /** Yen, more than 0. */
  amount: number;
  idempotencyKey: string;
}

export type RefundOutcome =
  | { status: "succeeded"; reference: string }
  | { status: "failed"; message: string };

/** Payment types of payment_methods (spec 001: the list the checkout offers) by what they are. */
export function methodOfPaymentType(paymentType: number): PaymentMethodKind | null {
  if (paymentType === POINTS_ONLY_PAYMENT_TYPE) return "points";
  if (paymentType === CARD_PAYMENT_TYPE) return "card";
  if (paymentType === 2 || paymentType === 6) return "wallet";
  if (paymentType >= 3 && paymentType <= 5) return "carrier";
  return null;
}

/** An order points paid in full is recorded with this type; it is never offered in the list. */
export const POINTS_ONLY_PAYMENT_TYPE = 90;

/** The sandbox's test card numbers, as Stripe's test mode uses them. */
export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  requiresAction: "4000002760003184",
} as const;

export const CONFIRMATION_PATH = "/payment/confirm";

const ACTION_PREFIX = "sbx_act_";

/**
 * The in-process sandbox: no network and no state, so a pending payment survives a restart
 * (its reference says it awaits confirmation). Cards answer by test number; wallets succeed;
 * carrier billing declines above its limit; points-only charges nothing.
 */
export function sandboxProvider(): PaymentProvider {
  const reference = (prefix: string) => `${prefix}${randomBytes(12).toString("base64url")}`;
  return {
    name: "sandbox",
    async charge(request) {
      if (request.method === "points") {
        return request.amount === 0
          ? { status: "succeeded", reference: reference("sbx_pt_") }
          : { status: "declined", code: "points_only" };
      }
      if (request.amount <= 0) return { status: "declined", code: "amount" };
      if (request.method === "carrier") {
        return request.amount > CARRIER_BILLING_LIMIT
          ? { status: "declined", code: "carrier_limit" }
          : { status: "succeeded", reference: reference("sbx_cr_") };
      }
      if (request.method === "wallet")
        return { status: "succeeded", reference: reference("sbx_wl_") };
      const card = (request.card ?? "").replace(/[ -]/g, "");
      if (card === TEST_CARDS.succeeds)
        return { status: "succeeded", reference: reference("sbx_cd_") };
      if (card === TEST_CARDS.requiresAction) {
        const ref = reference(ACTION_PREFIX);
        return {
          status: "requires_action",
          reference: ref,
          redirectUrl: `${CONFIRMATION_PATH}?reference=${ref}`,
        };
      }
      if (card === TEST_CARDS.declined) return { status: "declined", code: "card_declined" };
      return { status: "declined", code: "card_number" };
    },
    async confirm(ref) {
      return ref.startsWith(ACTION_PREFIX)
        ? { status: "succeeded", reference: ref }
        : { status: "declined", code: "not_confirmed" };
    },
    async cancel() {},
    async refund(request) {
      if (request.amount <= 0) return { status: "failed", message: "amount" };
      return { status: "succeeded", reference: `sbx_rf_${request.idempotencyKey}` };
    },
  };
}
