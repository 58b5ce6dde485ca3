import { useState } from "react";
import { Link } from "react-router";
import type { Preorder, PreorderOffer } from "../../../contract/preorders";
import { post } from "../../lib/request";
import { loginUrl } from "../../lib/return-to";
import "./preorders.css";

const yen = (n: number) => `${n.toLocaleString("ja-JP")}円`;

/**
 * 予約購入 on the page of an announced volume (配信予定, decision 0116): 配信日 and 予約価格, and
 * 予約する, or 予約中 with 予約をキャンセル until the day before 配信日. The offer comes with the
 * page (GET /api/preorders/offer answers the same); a visitor is asked to log in.
 */
export function PreorderBox(props: {
  bookId: number;
  offer: PreorderOffer;
  /** This page, where a visitor comes back to after logging in. */
  pageUrl: string;
  isLogin: boolean;
}) {
  const [offer, setOffer] = useState<PreorderOffer>(props.offer);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  if (!props.isLogin) {
    if (!offer.reservable) return null;
    return (
      <div className="preorder-box">
        <dl className="preorder-box__facts">
          <dt>配信日</dt>
          <dd>{offer.release_date}</dd>
          <dt>予約価格</dt>
          <dd>{yen(offer.price)}（税込）</dd>
        </dl>
        <Link className="button button--primary" to={loginUrl(props.pageUrl)}>
          ログインして予約する
        </Link>
      </div>
    );
  }
  const held = offer.reservation;
  // A volume held back from sale, free or owned takes no reservation: nothing to offer.
  if (!held && !offer.reservable) return null;

  async function reserve() {
    setBusy(true);
    setNote(null);
    try {
      const answer = await post<{ preorder: Preorder }>("/api/preorders", {
        book_id: props.bookId,
      });
      if (answer.result) {
        setOffer((o) => ({ ...o, reservable: false, reservation: answer.preorder }));
        setNote("予約を受け付けました。配信日に登録済みのカードでお支払いします。");
      }
    } finally {
      setBusy(false);
    }
  }

  async function cancel(preorderId: number) {
    setBusy(true);
    setNote(null);
    try {
      const answer = await post<{ preorder: Preorder }>(`/api/preorders/${preorderId}/cancel`);
      if (answer.result) {
        setOffer((o) => ({ ...o, reservable: true, reservation: null }));
        setNote("予約をキャンセルしました。");
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="preorder-box" data-testid="preorder-box">
      <dl className="preorder-box__facts">
        <dt>配信日</dt>
        <dd>{held ? held.release_date : offer.release_date}</dd>
        <dt>予約価格</dt>
        <dd>{yen(held ? held.reserved_price : offer.price)}（税込）</dd>
      </dl>
      {held ? (
        <>
          <p className="preorder-box__status">
            <span className={`preorder-status preorder-status--${held.status}`}>
              {held.status_label}
            </span>
          </p>
          {held.message ? <p className="form-problem">{held.message}</p> : null}
          {held.cancellable ? (
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => cancel(held.preorder_id)}
            >
              予約をキャンセル
            </button>
          ) : null}
        </>
      ) : offer.has_card ? (
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy}
          onClick={reserve}
        >
          予約する
        </button>
      ) : (
        <p className="preorder-box__lead">
          予約購入にはクレジットカードの登録が必要です。
          <Link to="/account#payment-cards-title">カードを登録する</Link>
        </p>
      )}
      <p className="preorder-box__hint">
        配信日に登録済みのクレジットカードで自動的にお支払いします。配信日までに値下がりした場合は安い価格でご購入いただけます。キャンセルは配信日の前日までできます。
      </p>
      {note ? (
        <p className="form-note" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
