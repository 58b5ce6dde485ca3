import { Link } from "react-router";
import type { OrderDetailAnswer } from "../../../contract/orders";
import { GiftLine, OrderItemRow } from "../orders/OrderHistoryScreen";
import { Receipt } from "../orders/Receipt";
import "../cart/cart.css";
import "../orders/orders.css";
import "./checkout.css";

/** /order_complete: what was bought, each with 読む (or 聴く), and the receipt. */
export function OrderComplete({ detail }: { detail: OrderDetailAnswer }) {
  const gift = detail.order.gift;
  return (
    <section className="order-result page" aria-labelledby="order-result-title">
      <h1 id="order-result-title" className="order-result__title order-result__title--done">
        {gift ? "ギフトを贈りました" : "ご購入ありがとうございました"}
      </h1>
      <p className="order-result__lead">
        注文番号 {detail.order.order_id}
        {gift
          ? `・${gift.email} 様へ受け取り用のリンクをメールでお送りしました。受け取られると注文履歴に表示されます。`
          : "・購入した作品は本棚からいつでも読めます。"}
      </p>
      {gift && <GiftLine gift={gift} />}
      <ul className="order-result__items">
        {detail.items.map((item) => (
          <li key={item.item_id}>
            <OrderItemRow item={item} canRead={detail.order.status === "paid" && !gift} />
          </li>
        ))}
      </ul>
      <details className="order-result__receipt" open>
        <summary>領収内容</summary>
        <Receipt order={detail.order} />
      </details>
      <div className="order-result__links">
        <Link className="button button--primary" to="/bookshelf">
          本棚へ
        </Link>
        <Link className="button" to="/order_history">
          購入履歴
        </Link>
        <Link className="button" to="/home">
          買い物を続ける
        </Link>
      </div>
    </section>
  );
}

/** /order_error: why the payment failed; nothing was bought and the cart is as it was. */
export function OrderError({ reason }: { reason: string }) {
  return (
    <section className="order-result page" aria-labelledby="order-result-title">
      <h1 id="order-result-title" className="order-result__title">
        ご購入できませんでした
      </h1>
      <p className="cart-notice cart-notice--error" role="alert">
        {reason}
      </p>
      <p className="order-result__lead">
        ご購入は完了していません。代金の請求やポイント・クーポンの利用はなく、カートの内容もそのままです。
      </p>
      <div className="order-result__links">
        <Link className="button button--primary" to="/cart">
          カートに戻る
        </Link>
        <Link className="button" to="/home">
          ホームへ戻る
        </Link>
      </div>
    </section>
  );
}

/** /order_cancel: the member left the payment's confirmation step. */
export function OrderCancelled() {
  return (
    <section className="order-result page" aria-labelledby="order-result-title">
      <h1 id="order-result-title" className="order-result__title">
        ご購入をキャンセルしました
      </h1>
      <p className="order-result__lead">
        お支払いは行われていません。ご利用予定だったポイントとクーポンはお戻ししました。カートの内容はそのままです。
      </p>
      <div className="order-result__links">
        <Link className="button button--primary" to="/cart">
          カートに戻る
        </Link>
        <Link className="button" to="/home">
          ホームへ戻る
        </Link>
      </div>
    </section>
  );
}
