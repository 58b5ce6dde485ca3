import { Link } from "react-router";
import type { PointHistoryAnswer } from "../../../contract/ledgers";
import { POINT_EXPIRE_SOON_DAYS } from "../../../contract/ledgers";
import "./ledgers.css";

const count = (n: number) => n.toLocaleString("ja-JP");
/** "2026-06-01" → "2026/06/01", as dates read on the shop's pages. */
const slashDate = (d: string) => d.replaceAll("-", "/");

/** /point_detail: the balance, points running out soon and the history, each with its dates. */
export function PointDetailScreen({ answer }: { answer: PointHistoryAnswer }) {
  const { pattern } = answer;
  return (
    <section className="ledger page" aria-labelledby="point-title">
      <h1 id="point-title" className="ledger__title">
        ポイント履歴
      </h1>
      <div className="point-balance" data-testid="point-balance">
        <span className="point-balance__label">保有ポイント</span>
        <strong className="point-balance__value">
          {count(answer.point)}
          <small>pt</small>
        </strong>
        <span className="point-balance__note">1ポイント＝1円としてご購入時に使えます</span>
      </div>

      <section className="ledger__section" aria-labelledby="expire-title">
        <h2 id="expire-title">失効予定のポイント</h2>
        {answer.expire.length === 0 ? (
          <p className="ledger__none">
            {POINT_EXPIRE_SOON_DAYS}日以内に失効するポイントはありません
          </p>
        ) : (
          <ul className="point-expire" data-testid="point-expire">
            {answer.expire.map((e) => (
              <li key={e.expire_date}>
                <span>{slashDate(e.expire_date)}</span>
                <strong>{count(e.point)}pt</strong>
                <span>が失効します</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="ledger__section" aria-labelledby="history-title">
        <h2 id="history-title">履歴</h2>
        {answer.history.length === 0 ? (
          <p className="ledger__none">ポイントの履歴はありません</p>
        ) : (
          <ol className="point-history" data-testid="point-history">
            {answer.history.map((h) => (
              <li
                key={`${h.date}-${h.type}-${h.order_id}-${h.point}-${h.expire_date}-${h.description}`}
                className="point-history__row"
              >
                <span className="point-history__date">{slashDate(h.date)}</span>
                <span className="point-history__what">
                  <span className={`point-history__type point-history__type--${h.type}`}>
                    {h.type_text}
                  </span>
                  {h.description ? (
                    <span className="point-history__desc">{h.description}</span>
                  ) : null}
                  {h.expire_date ? (
                    <span className="point-history__expiry">
                      有効期限 {slashDate(h.expire_date)}
                    </span>
                  ) : null}
                </span>
                <strong className={`point-history__point ${h.point < 0 ? "is-minus" : "is-plus"}`}>
                  {h.point > 0 ? "+" : "−"}
                  {count(Math.abs(h.point))}pt
                </strong>
              </li>
            ))}
          </ol>
        )}
        {pattern.total_page > 1 ? (
          <nav className="ledger__pager" aria-label="履歴のページ">
            {pattern.page > 1 ? (
              <Link to={`/point_detail?pn=${pattern.page - 1}`}>前へ</Link>
            ) : (
              <span />
            )}
            <span>
              {pattern.page} / {pattern.total_page}
            </span>
            {pattern.page < pattern.total_page ? (
              <Link to={`/point_detail?pn=${pattern.page + 1}`}>次へ</Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </section>
  );
}
