import { randomBytes } from "node:crypto";
import { type CardBrand, cardBrand, cardDigits, luhnValid } from "../../../../contract/card-rules";
import type { OrderErrorCode } from "../../../../contract/checkout";
import { CARD_PAYMENT_TYPE, CARRIER_BILLING_LIMIT } from "../../../../contract/checkout-rules";

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
  /** A card kept in the provider's vault (storeCard's reference), charged instead of `card`. */
  cardReference?: string;
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
  /**
   * The provider's card vault (decision 0111): it keeps the number and checks the card (Stripe:
   * a SetupIntent confirmed with the card, answering a PaymentMethod id); the store keeps only
   * the reference, brand, last four digits and expiry. The same idempotency key gives the same
   * outcome.
   */
  storeCard(request: StoreCardRequest): Promise<StoreCardOutcome>;
  /** Forgets a stored card (Stripe: detach the PaymentMethod); an unknown reference is no error. */
  deleteCard(reference: string): Promise<void>;
}

/** What the card form produced. A real provider's form tokenizes it in the browser. */
export interface StoreCardRequest {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
  idempotencyKey: string;
}

export type StoreCardOutcome =
  | {
      status: "stored";
      reference: string;
      brand: CardBrand;
      last4: string;
      expMonth: number;
      expYear: number;
    }
  | { status: "declined"; code: OrderErrorCode };

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

/**
 * The sandbox's test card numbers, as Stripe's test mode uses them (decision 0111). Charged by
 * number: succeeds, declined and requiresAction answer so. Kept in the vault: declined is refused
 * at once; declinedWhenCharged is kept and every charge of it is declined; requiresAction is kept
 * and each charge asks for the confirmation step; any other number of a taken brand that passes
 * the Luhn check (Stripe's brand cards: 5555 5555 5555 4444, 3566 0020 2036 0505,
 * 3782 822463 10005, 3622 720627 1667) is kept and charges succeed.
 */
export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  declinedWhenCharged: "4000000000000341",
  requiresAction: "4000002760003184",
} as const;

/** How a card in the sandbox's vault answers a charge: all it keeps besides what the store sees. */
type VaultBehaviour = "succeeds" | "declines" | "requires_action";

/**
 * A kept card's reference names how it answers (as the sandbox's pending references say what
 * they are), so a restart or another worker process needs no shared state to charge it.
 */
const VAULT_PREFIX: Record<VaultBehaviour, string> = {
  succeeds: "sbx_pm_ok_",
  declines: "sbx_pm_dc_",
  requires_action: "sbx_pm_3d_",
};

function behaviourOfReference(reference: string): VaultBehaviour | null {
  for (const [behaviour, prefix] of Object.entries(VAULT_PREFIX)) {
    if (reference.startsWith(prefix)) return behaviour as VaultBehaviour;
  }
  return null;
}

/** The sandbox's answer to a card offered to its vault: its behaviour, or the decline. */
function vaultBehaviourOf(
  request: StoreCardRequest,
  now: Date,
): VaultBehaviour | { declined: OrderErrorCode } {
  const digits = cardDigits(request.number);
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits) || !cardBrand(digits)) {
    return { declined: "card_number" };
  }
  // The month the card runs out, as the issuer counts it (the store checks in Tokyo time first).
  const ends = Date.UTC(request.expYear, request.expMonth, 1);
  if (ends <= now.getTime() - 86_400_000) return { declined: "card_expired" };
  if (digits === TEST_CARDS.declined) return { declined: "card_declined" };
  if (digits === TEST_CARDS.declinedWhenCharged) return "declines";
  if (digits === TEST_CARDS.requiresAction) return "requires_action";
  return "succeeds";
}

export const CONFIRMATION_PATH = "/payment/confirm";

const ACTION_PREFIX = "sbx_act_";

/**
 * The in-process sandbox: no network, and no state but its card vault, so a pending payment
 * survives a restart (its reference says it awaits confirmation). Cards answer by test number;
 * wallets succeed; carrier billing declines above its limit; points-only charges nothing.
 */
export function sandboxProvider(options: { now?: () => Date } = {}): PaymentProvider {
  const clock = options.now ?? (() => new Date());
  // The vault's memory: cards deleted in this process are refused from then on.
  const deleted = new Set<string>();
  const reference = (prefix: string) => `${prefix}${randomBytes(12).toString("base64url")}`;
  // Stored cards by idempotency key, so a repeated request answers the first card.
  const storedByKey = new Map<string, StoreCardOutcome>();
  // Charges made by idempotency key, as a real provider answers a repeated key with its first
  // charge: a purchase retried after a crash between the charge and its commit pays once.
  const chargedByKey = new Map<string, ChargeOutcome>();
  const charge = async (request: ChargeRequest): Promise<ChargeOutcome> => {
    const known = chargedByKey.get(request.idempotencyKey);
    if (known) return known;
    const outcome = await chargeOnce(request);
    // A declined key may be tried again with another card, as the checkout page allows.
    if (outcome.status === "succeeded") chargedByKey.set(request.idempotencyKey, outcome);
    return outcome;
  };
  async function chargeOnce(request: ChargeRequest): Promise<ChargeOutcome> {
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
    if (request.cardReference !== undefined) {
      const behaviour = deleted.has(request.cardReference)
        ? null
        : behaviourOfReference(request.cardReference);
      if (!behaviour) return { status: "declined", code: "card_missing" };
      if (behaviour === "declines") return { status: "declined", code: "card_declined" };
      if (behaviour === "requires_action") {
        const ref = reference(ACTION_PREFIX);
        return {
          status: "requires_action",
          reference: ref,
          redirectUrl: `${CONFIRMATION_PATH}?reference=${ref}`,
        };
      }
      return { status: "succeeded", reference: reference("sbx_cd_") };
    }
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
  }
  return {
    name: "sandbox",
    charge,
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
    async storeCard(request) {
      const known = storedByKey.get(request.idempotencyKey);
      if (known) return known;
      const behaviour = vaultBehaviourOf(request, clock());
      if (typeof behaviour === "object") return { status: "declined", code: behaviour.declined };
      const digits = cardDigits(request.number);
      const stored: StoreCardOutcome = {
        status: "stored",
        reference: reference(VAULT_PREFIX[behaviour]),
        brand: cardBrand(digits)!,
        last4: digits.slice(-4),
        expMonth: request.expMonth,
        expYear: request.expYear,
      };
      storedByKey.set(request.idempotencyKey, stored);
      return stored;
    },
    async deleteCard(ref) {
      deleted.add(ref);
    },
  };
}
