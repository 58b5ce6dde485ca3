import type { OrderSummary } from "../../../contract/orders";
import { yen } from "../cards/card-rules";

/**
 * The receipt of one order: what the list prices came to, each reduction, the subtotal with the
 * consumption tax it contains (総額表示: prices include tax), the points spent and what was
 * charged, and how.
 */
export function Receipt({ order }: { order: OrderSummary }) {
  return (
    <dl className="receipt">
      <dt>商品合計</dt>
      <dd>{yen(order.price)}円</dd>
      {order.discount > 0 && (
        <>
          <dt>セール割引</dt>
          <dd className="receipt__minus">−{yen(order.discount)}円</dd>
        </>
      )}
      {order.coupon_discount > 0 && (
        <>
          <dt>クーポン割引{order.coupon_name ? `（${order.coupon_name}）` : ""}</dt>
          <dd className="receipt__minus">−{yen(order.coupon_discount)}円</dd>
        </>
      )}
      <dt>小計</dt>
      <dd>
        {yen(order.subtotal)}円<small>（内消費税 {yen(order.tax)}円）</small>
      </dd>
      {order.used_point > 0 && (
        <>
          <dt>ポイント利用</dt>
          <dd className="receipt__minus">−{yen(order.used_point)}pt</dd>
        </>
      )}
      <dt className="receipt__total">お支払い金額</dt>
      <dd className="receipt__total">{yen(order.amount)}円</dd>
      {(order.refunded_amount > 0 || order.refunded_point > 0) && (
        <>
          <dt>返金</dt>
          <dd className="receipt__minus">
            −{yen(order.refunded_amount)}円
            {order.refunded_point > 0 && (
              <small>（ポイント {yen(order.refunded_point)}pt 返還）</small>
            )}
          </dd>
        </>
      )}
      <dt>お支払い方法</dt>
      <dd>{order.payment_name}</dd>
      {order.add_point > 0 && (
        <>
          <dt>獲得ポイント</dt>
          <dd>{yen(order.add_point)}pt</dd>
        </>
      )}
    </dl>
  );
}
