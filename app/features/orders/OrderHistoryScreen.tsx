import { Form, Link, useNavigate } from "react-router";
import { type GiftView, giftStateText } from "../../../contract/gift-rules";
import type { OrderHistoryAnswer, OrderLine, OrderSummary } from "../../../contract/orders";
import { receiptPageUrl } from "../../../contract/receipt-links";
import { yen } from "../cards/card-rules";
import { Receipt } from "./Receipt";
import "./orders.css";

const STATUS_TEXT: Record<OrderSummary["status"], string | null> = {
  pending: "お支払い手続き中",
  paid: null,
  cancelled: "キャンセル済み",
  refunded: "返金済み",
};

/** /order_history: one month of orders, each with its items (読む / 聴く) and its receipt. */
export function OrderHistoryScreen({ history }: { history: OrderHistoryAnswer }) {
  const navigate = useNavigate();
  return (
    <section className="orders page" aria-labelledby="orders-title">
      <h1 id="orders-title" className="orders__title">
        購入履歴
      </h1>
      {history.month.length === 0 ? (
        <div className="orders__empty">
          <p>購入履歴はありません</p>
          <Link className="button button--primary" to="/home">
            作品を探す
          </Link>
        </div>
      ) : (
        <>
          <Form method="get" className="orders__month" preventScrollReset>
            <label>
              <span className="orders__month-label">表示する月</span>
              <select
                name="month"
                defaultValue={history.target}
                key={history.target}
                onChange={(e) => navigate(`/order_history?month=${e.currentTarget.value}`)}
              >
                {history.month.map((m) => (
                  <option key={m.month} value={m.month}>
                    {m.text}
                  </option>
                ))}
              </select>
            </label>
            <noscript>
              <button type="submit" className="button">
                表示
              </button>
            </noscript>
          </Form>
          <p className="orders__total">
            {history.target_text}のお支払い合計 <strong>{yen(history.total)}円</strong>
            <span>（{history.order.length}件）</span>
          </p>
          {history.order.length === 0 ? (
            <p className="orders__none">{history.target_text}のご購入はありません</p>
          ) : (
            <ol className="orders__list">
              {history.order.map((order) => (
                <li key={order.order_id}>
                  <OrderCard order={order} />
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

function OrderCard({ order }: { order: OrderSummary }) {
  const partlyRefunded = order.status === "paid" && order.items.some((item) => item.refunded);
  const status = partlyRefunded ? "一部返金済み" : STATUS_TEXT[order.status];
  return (
    <article className="order-card" aria-labelledby={`order-${order.order_id}`}>
      <header className="order-card__head">
        <h2 id={`order-${order.order_id}`}>
          <time dateTime={order.order_date.replace(" ", "T")}>{order.order_date.slice(0, 16)}</time>
        </h2>
        <span className="order-card__number">注文番号 {order.order_id}</span>
        {status && <span className="order-card__status">{status}</span>}
      </header>
      {order.gift && <GiftLine gift={order.gift} />}
      <ul className="order-card__items">
        {order.items.map((item) => (
          <li key={item.item_id}>
            <OrderItemRow item={item} canRead={order.status === "paid" && !order.gift} />
          </li>
        ))}
      </ul>
      <details className="order-card__receipt">
        <summary>
          領収内容 <span>お支払い {yen(order.amount - order.refunded_amount)}円</span>
        </summary>
        <Receipt order={order} />
      </details>
      {(order.status === "paid" || order.status === "refunded") && (
        // The 適格請求書 of a paid order (decision 0108); a refunded one shows it is refunded.
        <Link className="order-card__receipt-link" to={receiptPageUrl(order.order_id)}>
          領収書（適格請求書）を表示
        </Link>
      )}
    </article>
  );
}

/** A gift's line on its order (decision 0113): to whom, and 送信済み / 受け取り済み with the date. */
export function GiftLine({ gift }: { gift: GiftView }) {
  return (
    <p className="order-gift" data-testid="order-gift" data-state={gift.state}>
      <span className="order-gift__label">ギフト</span>
      <span className="order-gift__to">{gift.email} 様へ</span>
      <span className={`order-gift__state order-gift__state--${gift.state}`}>
        {giftStateText(gift)}
      </span>
    </p>
  );
}

export function OrderItemRow({ item, canRead }: { item: OrderLine; canRead: boolean }) {
  return (
    <div className="order-item">
      {/* The title beside it is the link a screen reader hears; the cover repeats it for the eye. */}
      <Link to={item.url} className="order-item__cover" tabIndex={-1} aria-hidden="true">
        <img src={item.img} alt="" width={60} height={84} loading="lazy" />
      </Link>
      <div className="order-item__body">
        <Link to={item.url} className="order-item__name">
          {item.name}
        </Link>
        <p className="order-item__price">
          {item.discount > 0 && <s>{yen(item.price_inc + item.discount)}円</s>}
          {yen(item.price_inc)}円<small>（税込）</small>
          {item.refunded && <span className="order-item__refunded">返金済み</span>}
        </p>
      </div>
      {canRead && !item.refunded && (
        <a className="button button--primary order-item__read" href={item.read_url}>
          {item.book_id !== null ? "読む" : "聴く"}
        </a>
      )}
    </div>
  );
}
