import { Link } from "react-router";
import type { CartGroup, CartLine, CartTotals } from "../../../contract/cart";
import { remainingAfterPoints } from "../../../contract/points";
import { yen } from "../cards/card-rules";

/** Where a cart line's title leads: its volume or drama-CD page. */
function lineUrl(group: CartGroup, line: CartLine): string {
  if (line.book_id !== null && group.series_id !== null)
    return `/series/${group.series_id}/book/${line.book_id}`;
  return `/doramacd/${line.cd_id}`;
}

/** The cart's (or one checkout's) items by series, each with cover, price and sale price. */
export function CartGroups(props: {
  groups: CartGroup[];
  onRemove?: (line: CartLine) => void;
  busy?: boolean;
}) {
  return (
    <div className="cart-groups">
      {props.groups.map((group) => (
        <section
          key={`${group.series_id ?? "cd"}-${group.items[0]?.item_id}`}
          className="cart-group"
        >
          <h2 className="cart-group__title">
            {group.series_id !== null ? (
              <Link to={`/series/${group.series_id}`}>{group.series_name}</Link>
            ) : (
              group.series_name
            )}
          </h2>
          <ul className="cart-group__items">
            {group.items.map((line) => (
              <li
                key={line.item_id}
                className={line.buyable ? "cart-line" : "cart-line cart-line--unavailable"}
              >
                <Link
                  to={lineUrl(group, line)}
                  className="cart-line__cover"
                  tabIndex={-1}
                  aria-hidden="true"
                >
                  <img src={line.img} alt="" width={64} height={90} loading="lazy" />
                </Link>
                <div className="cart-line__body">
                  <Link to={lineUrl(group, line)} className="cart-line__name">
                    {line.name}
                  </Link>
                  <p className="cart-line__price">
                    {line.before_price !== null && line.before_price > line.price && (
                      <s>
                        <span className="visually-hidden">通常価格</span>
                        {yen(line.before_price)}円
                      </s>
                    )}
                    <strong>{yen(line.price)}円</strong>
                    <small>（税込）</small>
                  </p>
                  {!line.buyable && (
                    <p className="cart-line__note">
                      {line.not_buyable_message ?? "現在購入できません"}
                    </p>
                  )}
                  {line.buyable && line.changed && (
                    <p className="cart-line__note">価格または販売状況が変更されました</p>
                  )}
                </div>
                {props.onRemove && (
                  <button
                    type="button"
                    className="cart-line__remove"
                    disabled={props.busy}
                    onClick={() => props.onRemove?.(line)}
                    aria-label={`${line.name}をカートから削除`}
                  >
                    削除
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The totals block of the cart and checkout (tax included, 総額表示). */
export function CartTotalsList({
  totals,
  usedPoint = 0,
}: {
  totals: CartTotals;
  usedPoint?: number;
}) {
  const payable = remainingAfterPoints(totals.subtotal, usedPoint);
  return (
    <dl className="cart-totals">
      <dt>商品合計</dt>
      <dd>{yen(totals.price)}円</dd>
      {totals.discount > 0 && (
        <>
          <dt>セール割引</dt>
          <dd className="cart-totals__minus">−{yen(totals.discount)}円</dd>
        </>
      )}
      {totals.coupon_discount > 0 && (
        <>
          <dt>クーポン割引</dt>
          <dd className="cart-totals__minus">−{yen(totals.coupon_discount)}円</dd>
        </>
      )}
      <dt>小計</dt>
      <dd>
        {yen(totals.subtotal)}円<small>（内消費税 {yen(totals.tax)}円）</small>
      </dd>
      {usedPoint > 0 && (
        <>
          <dt>ポイント利用</dt>
          <dd className="cart-totals__minus">−{yen(usedPoint)}pt</dd>
        </>
      )}
      <dt className="cart-totals__amount">お支払い金額</dt>
      <dd className="cart-totals__amount">{yen(payable)}円</dd>
      {totals.add_point > 0 && (
        <>
          <dt>獲得予定ポイント</dt>
          <dd className="cart-totals__point">{yen(totals.add_point)}pt</dd>
        </>
      )}
    </dl>
  );
}
