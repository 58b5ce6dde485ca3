import { lazy, Suspense, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { EMAIL_MAX } from "../../../contract/account-rules";
import { cardLabel, type SavedCard } from "../../../contract/card-rules";
import type { CartGroup, CartLine } from "../../../contract/cart";
import type { CheckoutAnswer, CheckoutResult } from "../../../contract/checkout";
import {
  CARD_PAYMENT_TYPE,
  PAYMENT_PLACEHOLDER,
  PAYMENT_REQUIRED_MESSAGE,
} from "../../../contract/checkout-rules";
import { GIFT_MESSAGE_MAX } from "../../../contract/gift-rules";
import { productUrl } from "../../../contract/items";
import { addPoint, pointsToSpend, remainingAfterPoints } from "../../../contract/points";
import { post } from "../../lib/request";
import { useShell } from "../../lib/shell";
import { yen } from "../cards/card-rules";
import { CartGroups, CartTotalsList } from "../cart/CartLines";
import "../cart/cart.css";
import "./checkout.css";

// The card form (brand detection, checks) is fetched when a member asks to register a card:
// most purchases never show it, and the checkout's first load stays within its budget.
const CardForm = lazy(() => import("./CardForm").then((m) => ({ default: m.CardForm })));

/** How the member chose to use points (spec 001 §3, §5). */
type PointChoice = "all" | "none" | "some";

/**
 * /order and /order/{itemId} (spec 001 §3 Checkout): what is bought, the coupon, points, the
 * payment type and one 購入する button. The token issued with the page goes with the purchase, so
 * pressing twice or retrying after a lost answer never buys twice; the button is also disabled
 * from the first press until the answer arrives.
 */
export function CheckoutScreen({
  checkout,
  itemId,
  gift = false,
}: {
  checkout: CheckoutAnswer;
  itemId: number | null;
  /** /order/{itemId}?gift=1: bought for someone else's address (decision 0113). */
  gift?: boolean;
}) {
  const navigate = useNavigate();
  const { refreshUser } = useShell();
  const [payment, setPayment] = useState(checkout.select_payment);
  const [pointChoice, setPointChoice] = useState<PointChoice>(
    checkout.used_point > 0 ? "all" : "none",
  );
  const [pointAmount, setPointAmount] = useState(String(checkout.used_point || ""));
  const [card, setCard] = useState("");
  const [giftEmail, setGiftEmail] = useState("");
  const [giftMessage, setGiftMessage] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const [cards, setCards] = useState<SavedCard[]>(checkout.saved_cards);
  const usableCards = cards.filter((c) => !c.expired);
  const [cardId, setCardId] = useState<number | null>(usableCards[0]?.card_id ?? null);
  const chosenCard = usableCards.find((c) => c.card_id === cardId) ?? usableCards[0] ?? null;
  const [declined, setDeclined] = useState<string | null>(null);
  const [addingCard, setAddingCard] = useState(false);

  // The points rules are the server's own (contract/points.ts), so what the page shows is what
  // the purchase charges and earns.
  const usable = pointsToSpend(checkout.subtotal, checkout.point, "all");
  const asked = pointChoice === "all" ? "all" : pointChoice === "none" ? 0 : Number(pointAmount);
  const usedPoint = pointsToSpend(checkout.subtotal, checkout.point, asked);
  const remaining = remainingAfterPoints(checkout.subtotal, usedPoint);
  const needsPayment = remaining > 0;
  const groups = checkout.items_child.length > 0 ? checkout.items_child : checkout.items;
  const lines = groups.flatMap((g) => g.items.map((line) => ({ group: g, line })));
  const nothingToBuy = !lines.some((l) => l.line.buyable);
  const couponHref = (coupon: number) =>
    `${itemId ? `/order/${itemId}` : "/order"}?coupon=${coupon}${gift ? "&gift=1" : ""}`;

  /**
   * The gift's address and message as the purchase sends them, or false (said on the page) when
   * they are not acceptable; undefined for a purchase for oneself.
   */
  function giftPayload(): { email: string; message?: string } | undefined | false {
    if (!gift) return undefined;
    // The address itself is checked by the server (a 400 names what is wrong); an empty one is
    // said here without a round trip.
    if (giftEmail.trim() === "") {
      setMessage("お相手のメールアドレスを入力してください");
      return false;
    }
    return { email: giftEmail.trim(), message: giftMessage || undefined };
  }

  async function purchase() {
    if (inFlight.current) return;
    setMessage(null);
    const giftTo = giftPayload();
    if (giftTo === false) return;
    if (needsPayment && payment === PAYMENT_PLACEHOLDER.payment_type) {
      setMessage(PAYMENT_REQUIRED_MESSAGE);
      return;
    }
    if (needsPayment && payment === CARD_PAYMENT_TYPE && card.replace(/[ -]/g, "") === "") {
      setMessage("カード番号を入力してください");
      return;
    }
    inFlight.current = true;
    setSending(true);
    let leaving = false;
    try {
      const answer = await post<CheckoutResult>("/api/checkout", {
        item: itemId ?? undefined,
        coupon: checkout.select_coupon,
        payment_type: needsPayment ? payment : 0,
        point: usedPoint,
        token: checkout.token,
        card: needsPayment && payment === CARD_PAYMENT_TYPE ? card : undefined,
        gift: giftTo,
      });
      if (!answer.result) return;
      await refreshUser();
      leaving = true;
      navigate(answer.next_url);
    } finally {
      // Once bought, the button stays 処理中… until the next page replaces this one: enabled again
      // while that page loads, a second tap would send the purchase again.
      if (!leaving) {
        inFlight.current = false;
        setSending(false);
      }
    }
  }

  /**
   * 登録済みカードで購入: one tap charges the saved card the amount shown (ご請求額), with the page's
   * token, so a double tap or a retry buys once; the server refuses any other amount. A decline is
   * said here with 再試行 and leaves the cart as it was.
   */
  async function buyWithSavedCard(card: SavedCard) {
    if (inFlight.current) return;
    setMessage(null);
    setDeclined(null);
    const giftTo = giftPayload();
    if (giftTo === false) return;
    inFlight.current = true;
    setSending(true);
    let leaving = false;
    try {
      const answer = await post<CheckoutResult>("/api/checkout", {
        item: itemId ?? undefined,
        coupon: checkout.select_coupon,
        payment_type: CARD_PAYMENT_TYPE,
        point: usedPoint,
        token: checkout.token,
        saved_card: card.card_id,
        amount: remaining,
        gift: giftTo,
      });
      if (!answer.result) return;
      if (answer.status === "declined") {
        setDeclined(answer.reason);
        return;
      }
      await refreshUser();
      leaving = true;
      navigate(answer.next_url);
    } finally {
      if (!leaving) {
        inFlight.current = false;
        setSending(false);
      }
    }
  }

  return (
    <section className="checkout page" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="checkout__title">
        {gift ? "ギフトとして贈る" : "ご購入手続き"}
      </h1>
      {gift && (
        <p className="checkout__gift-lead">
          お相手のメールアドレスに受け取り用のリンクをお送りします。お相手がそのアドレスでログイン（または無料会員登録）すると、プレゼントボックスに届きます。ご自身の本棚には入りません。
        </p>
      )}
      {checkout.pending_order_id !== null && (
        <p className="cart-notice cart-notice--warn" data-testid="pending-order-notice">
          本人認証がお済みでないご注文（注文番号 {checkout.pending_order_id}
          ）があります。このまま購入すると、そのご注文は取り消され、ご利用予定だったポイントはお戻しします。
        </p>
      )}
      <div className="checkout__layout">
        <div>
          <CartGroups groups={groups} />
          {!itemId && (
            <Link to="/cart" className="checkout__back">
              カートに戻る
            </Link>
          )}
        </div>
        {nothingToBuy ? (
          <NothingToBuy itemId={itemId} first={lines[0]} />
        ) : (
          <div className="checkout__side">
            <form
              className="checkout__summary"
              aria-label="お支払い"
              onSubmit={(e) => {
                e.preventDefault();
                void purchase();
              }}
            >
              {gift && (
                <fieldset className="checkout-field checkout-gift" data-testid="gift-fields">
                  <legend>贈り先</legend>
                  <label className="field">
                    <span className="field__label">お相手のメールアドレス</span>
                    <input
                      name="gift_email"
                      type="email"
                      inputMode="email"
                      autoComplete="off"
                      required
                      maxLength={EMAIL_MAX}
                      value={giftEmail}
                      onChange={(e) => setGiftEmail(e.currentTarget.value)}
                    />
                  </label>
                  <label className="field">
                    <span className="field__label">
                      メッセージ（任意・{GIFT_MESSAGE_MAX}文字まで）
                    </span>
                    <textarea
                      name="gift_message"
                      rows={3}
                      maxLength={GIFT_MESSAGE_MAX}
                      value={giftMessage}
                      onChange={(e) => setGiftMessage(e.currentTarget.value)}
                    />
                  </label>
                </fieldset>
              )}
              {checkout.coupons.length > 0 && (
                <fieldset className="checkout-field">
                  <legend>クーポン</legend>
                  {checkout.coupons.map((c) => (
                    <label key={c.coupon_id} className="checkout-option">
                      <input
                        type="radio"
                        name="coupon"
                        checked={checkout.select_coupon === c.coupon_id}
                        onChange={() => navigate(couponHref(c.coupon_id), { replace: true })}
                      />
                      <span className="cart-coupon__name">{c.name}</span>
                      <span className="cart-coupon__saving">−{yen(c.discount)}円</span>
                    </label>
                  ))}
                  <label className="checkout-option">
                    <input
                      type="radio"
                      name="coupon"
                      checked={checkout.select_coupon === 0}
                      onChange={() => navigate(couponHref(0), { replace: true })}
                    />
                    <span className="cart-coupon__name">クーポンを使用しない</span>
                  </label>
                </fieldset>
              )}
              {checkout.point_usable && (
                <fieldset className="checkout-field">
                  <legend>
                    ポイント<span className="checkout__balance">保有 {yen(checkout.point)}pt</span>
                  </legend>
                  <label className="checkout-option">
                    <input
                      type="radio"
                      name="point"
                      checked={pointChoice === "all"}
                      onChange={() => setPointChoice("all")}
                    />
                    すべて使う（{yen(usable)}pt）
                  </label>
                  <label className="checkout-option">
                    <input
                      type="radio"
                      name="point"
                      checked={pointChoice === "some"}
                      onChange={() => setPointChoice("some")}
                    />
                    一部を使う
                    <input
                      className="checkout__point-input"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={usable}
                      value={pointAmount}
                      aria-label="使うポイント"
                      onFocus={() => setPointChoice("some")}
                      onChange={(e) => setPointAmount(e.currentTarget.value)}
                    />
                    pt
                  </label>
                  <label className="checkout-option">
                    <input
                      type="radio"
                      name="point"
                      checked={pointChoice === "none"}
                      onChange={() => setPointChoice("none")}
                    />
                    使わない
                  </label>
                </fieldset>
              )}
              {needsPayment ? (
                <div className="checkout-field">
                  <label className="field">
                    <span className="field__label">お支払い方法</span>
                    <select
                      name="payment_type"
                      value={payment}
                      onChange={(e) => setPayment(Number(e.currentTarget.value))}
                    >
                      {checkout.payment_type.map((p) => (
                        <option key={p.payment_type} value={p.payment_type}>
                          {p.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  {payment === CARD_PAYMENT_TYPE && (
                    <label className="field">
                      <span className="field__label">カード番号</span>
                      <input
                        name="card"
                        inputMode="numeric"
                        autoComplete="cc-number"
                        placeholder="4242 4242 4242 4242"
                        value={card}
                        onChange={(e) => setCard(e.currentTarget.value)}
                      />
                      <small className="checkout__hint">
                        テスト環境です。4242 4242 4242 4242（承認）、4000 0000 0000
                        0002（否認）、4000 0027 6000 3184（本人認証あり）をお使いください。
                      </small>
                    </label>
                  )}
                </div>
              ) : (
                <p className="checkout__points-only">ポイントでお支払いいただけます</p>
              )}
              <CartTotalsList
                totals={{ ...checkout, add_point: addPoint(remaining) }}
                usedPoint={usedPoint}
              />
              {needsPayment && chosenCard ? (
                <div className="one-tap" data-testid="one-tap">
                  {usableCards.length > 1 ? (
                    <fieldset className="checkout-field">
                      <legend>登録済みのカード</legend>
                      {usableCards.map((c) => (
                        <label key={c.card_id} className="checkout-option">
                          <input
                            type="radio"
                            name="saved_card"
                            checked={chosenCard.card_id === c.card_id}
                            onChange={() => setCardId(c.card_id)}
                          />
                          {cardLabel(c)}（{c.exp}）
                        </label>
                      ))}
                    </fieldset>
                  ) : null}
                  <button
                    type="button"
                    className="button button--primary button--block one-tap__buy"
                    disabled={sending}
                    aria-busy={sending}
                    onClick={() => void buyWithSavedCard(chosenCard)}
                  >
                    <span className="one-tap__label">
                      {sending ? "処理中…" : "登録済みカードで購入"}
                    </span>
                    <span className="one-tap__detail">
                      {cardLabel(chosenCard)}・ご請求額 ¥{yen(remaining)}
                    </span>
                  </button>
                  {declined ? (
                    <div className="card-form__declined" role="alert">
                      <p>{declined}</p>
                      <button
                        type="button"
                        className="button button--ghost"
                        disabled={sending}
                        onClick={() => void buyWithSavedCard(chosenCard)}
                      >
                        再試行
                      </button>
                    </div>
                  ) : null}
                  <p className="one-tap__or">または、ほかのお支払い方法で</p>
                </div>
              ) : null}
              {message && (
                <p className="cart-notice cart-notice--error" role="alert">
                  {message}
                </p>
              )}
              <button
                type="submit"
                className="button button--primary button--block checkout__buy"
                disabled={sending}
                aria-busy={sending}
              >
                {sending ? "処理中…" : gift ? "購入して贈る" : "購入する"}
              </button>
              <p className="checkout__legal">
                購入するボタンを押すと、<Link to="/agreement">利用規約</Link>
                に同意のうえ購入したことになります。デジタルコンテンツの性質上、購入後のキャンセルはできません。
              </p>
            </form>
            {needsPayment ? (
              <div className="checkout__summary checkout__new-card">
                {addingCard ? (
                  <>
                    <h2 className="checkout__new-card-title">カードを登録</h2>
                    <Suspense fallback={<p role="status">読み込み中…</p>}>
                      <CardForm
                        submitLabel="登録して次へ"
                        onSaved={(card) => {
                          setCards((c) => [...c, card]);
                          setCardId(card.card_id);
                          setAddingCard(false);
                          setDeclined(null);
                        }}
                        onCancel={() => setAddingCard(false)}
                      />
                    </Suspense>
                  </>
                ) : (
                  <button
                    type="button"
                    className="button button--ghost button--block"
                    onClick={() => setAddingCard(true)}
                  >
                    {usableCards.length > 0
                      ? "別のカードを登録する"
                      : "カードを登録してワンタップで購入"}
                  </button>
                )}
              </div>
            ) : null}
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * What the page says instead of the payment form when nothing on it can be bought: the line says
 * why (free, free to members, not on sale), and the way on is the work's own page (or the cart).
 */
function NothingToBuy({
  itemId,
  first,
}: {
  itemId: number | null;
  first: { group: CartGroup; line: CartLine } | undefined;
}) {
  const owned = itemId !== null && first === undefined;
  return (
    <div className="checkout__summary checkout__nothing" data-testid="checkout-nothing">
      <p className="checkout__nothing-text">
        {owned
          ? "この作品は購入済みです。本棚からお読みいただけます"
          : "ご購入いただける作品はありません"}
      </p>
      {owned ? (
        <Link className="button button--primary button--block" to="/bookshelf">
          本棚へ
        </Link>
      ) : itemId !== null && first ? (
        <Link
          className="button button--primary button--block"
          to={productUrl({
            series_id: first.group.series_id,
            book_id: first.line.book_id,
            cd_id: first.line.cd_id,
          })}
        >
          作品ページへ
        </Link>
      ) : (
        <Link className="button button--primary button--block" to="/cart">
          カートに戻る
        </Link>
      )}
    </div>
  );
}
