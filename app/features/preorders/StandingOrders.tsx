import { useState } from "react";
import { Link } from "react-router";
import { MONTHLY_CAP_MAX } from "../../../contract/preorder-rules";
import type { AutoPurchaseAnswer, Preorder } from "../../../contract/preorders";
import { post } from "../../lib/request";
import "./preorders.css";

const yen = (n: number) => `${n.toLocaleString("ja-JP")}円`;

type AutoPurchase = Omit<AutoPurchaseAnswer, "result">;

/** The account page's 予約購入: the member's reservations, with 予約をキャンセル while allowed. */
export function PreorderList({ preorders: atLoad }: { preorders: Preorder[] }) {
  const [preorders, setPreorders] = useState(atLoad);
  const [busy, setBusy] = useState<number | null>(null);

  async function cancel(id: number) {
    setBusy(id);
    try {
      const answer = await post<{ preorder: Preorder }>(`/api/preorders/${id}/cancel`);
      if (answer.result) setPreorders((list) => list.filter((p) => p.preorder_id !== id));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="account__section" aria-labelledby="preorders-title">
      <h2 id="preorders-title">予約購入</h2>
      <p className="standing__lead">
        配信予定の作品を予約すると、配信日に登録済みのクレジットカードでお支払いし本棚に追加します。キャンセルは配信日の前日までできます。
      </p>
      {preorders.length === 0 ? (
        <p className="standing__none">予約中の作品はありません</p>
      ) : (
        <ul className="standing__list" aria-label="予約した作品">
          {preorders.map((p) => (
            <li key={p.preorder_id} className="standing__item">
              <Link to={p.url} className="standing__title">
                {p.title}
              </Link>
              <span className="standing__meta">
                配信日 {p.release_date}・
                {p.paid_price !== null
                  ? `お支払い ${yen(p.paid_price)}`
                  : `予約価格 ${yen(p.reserved_price)}`}
              </span>
              <span className="standing__row">
                <span className={`preorder-status preorder-status--${p.status}`}>
                  {p.status_label}
                </span>
                {p.cancellable ? (
                  <button
                    type="button"
                    className="button button--ghost standing__button"
                    disabled={busy === p.preorder_id}
                    onClick={() => cancel(p.preorder_id)}
                    aria-label={`${p.title}の予約をキャンセル`}
                  >
                    予約をキャンセル
                  </button>
                ) : null}
              </span>
              {p.message ? <span className="form-problem">{p.message}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The account page's 新刊自動購入: 月の上限金額, paying with points first, each series with
 * 一時停止 / 再開 and 解除, and the latest automatic purchases.
 */
export function AutoPurchaseSettings({ overview: atLoad }: { overview: AutoPurchase }) {
  const [overview, setOverview] = useState(atLoad);
  const [cap, setCap] = useState(atLoad.monthly_cap === null ? "" : String(atLoad.monthly_cap));
  const [usePoints, setUsePoints] = useState(atLoad.use_points);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNote(null);
    try {
      const answer = await post<AutoPurchaseAnswer>("/api/auto_purchase/settings", {
        monthly_cap: cap.trim() === "" ? null : Number(cap),
        use_points: usePoints,
      });
      if (answer.result) {
        setOverview(answer);
        setNote("新刊自動購入の設定を保存しました。");
      }
    } finally {
      setBusy(false);
    }
  }

  async function change(seriesId: number, enabled: boolean, paused?: boolean) {
    setBusy(true);
    try {
      const answer = await post<{ enabled: boolean; paused: boolean }>(
        "/api/auto_purchase/series",
        { series_id: seriesId, enabled, paused },
      );
      if (!answer.result) return;
      setOverview((o) => ({
        ...o,
        series: answer.enabled
          ? o.series.map((s) => (s.series_id === seriesId ? { ...s, paused: answer.paused } : s))
          : o.series.filter((s) => s.series_id !== seriesId),
      }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account__section" aria-labelledby="auto-purchase-title">
      <h2 id="auto-purchase-title">新刊自動購入</h2>
      <p className="standing__lead">
        作品ページの「新刊自動購入」をオンにした作品の新刊が配信されると、登録済みのクレジットカードで自動的に購入し本棚に追加します。
      </p>
      <form className="standing__form" onSubmit={save} aria-label="新刊自動購入の設定">
        <label className="field">
          <span className="field__label">月の上限金額（税込・空欄で上限なし）</span>
          <span className="standing__cap">
            <input
              type="text"
              inputMode="numeric"
              name="monthly_cap"
              value={cap}
              maxLength={String(MONTHLY_CAP_MAX).length}
              onChange={(e) => setCap(e.currentTarget.value.replace(/[^0-9]/g, ""))}
            />
            <span>円</span>
          </span>
        </label>
        <label className="check">
          <input
            type="checkbox"
            name="use_points"
            checked={usePoints}
            onChange={(e) => setUsePoints(e.currentTarget.checked)}
          />
          <span>保有ポイントを優先して使う（予約購入にも使います）</span>
        </label>
        <p className="standing__meta">今月の自動購入金額：{yen(overview.month_spent)}</p>
        <button type="submit" className="button button--primary" disabled={busy}>
          設定を保存する
        </button>
        {note ? (
          <p className="form-note" role="status">
            {note}
          </p>
        ) : null}
      </form>
      {overview.series.length === 0 ? (
        <p className="standing__none">新刊自動購入を設定した作品はありません</p>
      ) : (
        <ul className="standing__list" aria-label="新刊自動購入の作品">
          {overview.series.map((s) => (
            <li key={s.series_id} className="standing__item">
              <Link to={s.url} className="standing__title">
                {s.series_name}
              </Link>
              <span className="standing__meta">{s.since}から</span>
              <span className="standing__row">
                {s.paused ? (
                  <span className="preorder-status preorder-status--paused">一時停止中</span>
                ) : null}
                <button
                  type="button"
                  className="button button--ghost standing__button"
                  disabled={busy}
                  onClick={() => change(s.series_id, true, !s.paused)}
                  aria-label={`${s.series_name}の新刊自動購入を${s.paused ? "再開" : "一時停止"}`}
                >
                  {s.paused ? "再開する" : "一時停止"}
                </button>
                <button
                  type="button"
                  className="button button--ghost standing__button"
                  disabled={busy}
                  onClick={() => change(s.series_id, false)}
                  aria-label={`${s.series_name}の新刊自動購入を解除`}
                >
                  解除
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {overview.recent.length > 0 ? (
        <>
          <h3 className="standing__subtitle">最近の自動購入</h3>
          <ul className="standing__list" aria-label="最近の自動購入">
            {overview.recent.map((r) => (
              <li key={r.book_id} className="standing__item">
                <Link to={r.url} className="standing__title">
                  {r.title}
                </Link>
                <span className="standing__meta">
                  {r.date}・{yen(r.amount)}
                </span>
                <span className="standing__row">
                  <span className={`preorder-status preorder-status--${r.status}`}>
                    {r.status_label}
                  </span>
                </span>
                {r.message ? <span className="standing__meta">{r.message}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Both sections, as the account page loads them after hydration (one chunk, one export). */
export default function StandingOrders(props: { preorders: Preorder[]; overview: AutoPurchase }) {
  return (
    <>
      <PreorderList preorders={props.preorders} />
      <AutoPurchaseSettings overview={props.overview} />
    </>
  );
}
