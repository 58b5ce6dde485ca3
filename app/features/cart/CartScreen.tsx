import { useState } from "react";
import { Link } from "react-router";
import type { CartAnswer, CartLine } from "../../../contract/cart";
import { NEED_UPDATE_MESSAGE } from "../../../contract/cart";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { post } from "../../lib/request";
import { useShell } from "../../lib/shell";
import { yen } from "../cards/card-rules";
import { CartGroups, CartTotalsList } from "./CartLines";
import "./cart.css";

/**
 * /cart (spec 001 §3 Cart): the items by series, the coupon (the best one chosen), the totals,
 * and the way to checkout. Every change asks the server for the cart again, so the totals shown
 * are always the server's and the header badge follows.
 */
export function CartScreen({ initial }: { initial: CartAnswer }) {
  const [cart, setCart] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const { setCartCount } = useShell();

  async function run(change: () => Promise<boolean>, coupon = cart.select_coupon) {
    setBusy(true);
    try {
      if (!(await change())) return;
      const answer = await post<CartAnswer>("/api/cart", { coupon });
      if (answer.result) {
        setCart(answer);
        setCartCount(answer.cart_count);
      }
    } finally {
      setBusy(false);
    }
  }

  const remove = (line: CartLine) =>
    run(async () => (await post("/api/cart_remove", { items: [line.item_id] })).result);
  const clear = () => {
    setConfirmClear(false);
    return run(async () => (await post("/api/cart_clear")).result);
  };
  const accept = () => run(async () => (await post("/api/cart_update")).result);
  const chooseCoupon = (coupon: number) => run(async () => true, coupon);

  const count = cart.items.reduce((n, g) => n + g.items.length, 0);
  const buyable = cart.items.some((g) => g.items.some((l) => l.buyable));

  return (
    <section className="cart page" aria-labelledby="cart-title">
      <h1 id="cart-title" className="cart__title">
        カート{count > 0 && <span>（{count}点）</span>}
      </h1>
      {cart.duplicate && (
        <p className="cart-notice" role="status">
          {cart.duplicate.message}
        </p>
      )}
      {cart.need_update && (
        <div className="cart-notice cart-notice--warn" role="alert">
          <p>{NEED_UPDATE_MESSAGE}</p>
          <button type="button" className="button" disabled={busy} onClick={accept}>
            最新の内容で確認する
          </button>
        </div>
      )}
      {count === 0 ? (
        <div className="cart-empty">
          <p className="cart-empty__text">対象の作品はありません</p>
          <p>カートは空です。気になる作品をカートに入れてください。</p>
          <div className="cart-empty__links">
            <Link className="button button--primary" to="/home">
              作品を探す
            </Link>
            <Link className="button" to="/otoku">
              キャンペーン・セール
            </Link>
            <Link className="button" to="/free">
              無料で読める作品
            </Link>
          </div>
        </div>
      ) : (
        <div className="cart__layout">
          <div className="cart__items">
            <CartGroups groups={cart.items} onRemove={remove} busy={busy} />
            <button
              type="button"
              className="cart__clear"
              disabled={busy}
              onClick={() => setConfirmClear(true)}
            >
              すべて削除
            </button>
          </div>
          <aside className="cart__summary" aria-label="お支払い金額">
            {cart.coupons.length > 0 && (
              <fieldset className="cart-coupons" disabled={busy}>
                <legend>クーポン</legend>
                {cart.coupons.map((c) => (
                  <label key={c.coupon_id} className="cart-coupon">
                    <input
                      type="radio"
                      name="coupon"
                      value={c.coupon_id}
                      checked={cart.select_coupon === c.coupon_id}
                      onChange={() => chooseCoupon(c.coupon_id)}
                    />
                    <span className="cart-coupon__name">{c.name}</span>
                    <span className="cart-coupon__saving">−{yen(c.discount)}円</span>
                  </label>
                ))}
                <label className="cart-coupon">
                  <input
                    type="radio"
                    name="coupon"
                    value={0}
                    checked={cart.select_coupon === 0}
                    onChange={() => chooseCoupon(0)}
                  />
                  <span className="cart-coupon__name">クーポンを使用しない</span>
                </label>
              </fieldset>
            )}
            {cart.is_new_apply_coupon && (
              <p className="cart-coupon-offer">
                このカートに使えるクーポンがあります。
                <Link to="/coupon">クーポンを受け取る</Link>
              </p>
            )}
            <CartTotalsList totals={cart} />
            {buyable ? (
              <Link
                className={`button button--primary button--block cart__checkout${busy ? " is-busy" : ""}`}
                to={`/order?coupon=${cart.select_coupon}`}
                aria-disabled={busy || cart.need_update}
                onClick={(e) => {
                  if (busy || cart.need_update) e.preventDefault();
                }}
              >
                購入手続きへ
              </Link>
            ) : (
              <p className="cart-line__note">購入できる作品がありません</p>
            )}
            <Link className="cart__continue" to="/home">
              買い物を続ける
            </Link>
          </aside>
        </div>
      )}
      <ConfirmDialog
        open={confirmClear}
        message="カート内の作品をすべて削除しますか？"
        yesLabel="削除する"
        noLabel="キャンセル"
        onYes={clear}
        onNo={() => setConfirmClear(false)}
      />
    </section>
  );
}
