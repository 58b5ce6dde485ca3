import { useState } from "react";
import { Link } from "react-router";
import { MODERATION_REASON_MAX, type ReviewQueueAnswer } from "../../../contract/ops-inbox";
import { tokyoSlashDateTime } from "../../../contract/tokyo-time";
import { formText } from "../../lib/use-api-form";
import { ActionForm } from "./MemberActions";

const at = (iso: string) => tokyoSlashDateTime(new Date(iso));

function pageHref(state: "open" | "hidden", page: number): string {
  const params = new URLSearchParams();
  if (state !== "open") params.set("state", state);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/ops/reviews?${query}` : "/ops/reviews";
}

/**
 * /ops/reviews: reported reviews, most recently reported first, each with its reports' reasons
 * and counts; hidden ones on their own tab. Hiding asks for the reason the author will read.
 */
export function ReviewQueue({ answer }: { answer: ReviewQueueAnswer & { mayAct: boolean } }) {
  const { state, rows, total, page, page_size, mayAct } = answer;
  const [notice, setNotice] = useState<string | null>(null);
  const pages = Math.max(1, Math.ceil(total / page_size));
  return (
    <>
      <nav className="ops-panel ops-inbox-tabs" aria-label="通報の対応状況">
        <Link to={pageHref("open", 1)} aria-current={state === "open" ? "page" : undefined}>
          対応待ち（公開中）
        </Link>
        <Link to={pageHref("hidden", 1)} aria-current={state === "hidden" ? "page" : undefined}>
          非表示にしたレビュー
        </Link>
      </nav>
      {notice ? (
        <p className="ops-notice" role="status">
          {notice}
        </p>
      ) : null}
      <section className="ops-panel" aria-labelledby="review-queue">
        <h2 id="review-queue">
          {total}件{total > page_size ? `（${page} / ${pages}ページ）` : ""}
        </h2>
        {rows.length === 0 ? (
          <p>
            {state === "open" ? "対応待ちの通報はありません。" : "非表示のレビューはありません。"}
          </p>
        ) : (
          <ul className="ops-review-queue">
            {rows.map((r) => (
              <li key={r.review_id} className="ops-review" data-review-id={r.review_id}>
                <div className="ops-mail__head">
                  <strong>
                    <span role="img" aria-label={`評価 ${r.rating}点`}>
                      {"★".repeat(r.rating)}
                      {"☆".repeat(5 - r.rating)}
                    </span>{" "}
                    {r.title}
                  </strong>
                  <span className="ops-mail__facts">
                    <Link to={`/review/series/${r.series_id}`}>{r.subject}</Link>・
                    <Link to={`/ops/members/${r.author_id}`}>{r.nickname}</Link>
                    {`（会員 #${r.author_id}）`}
                  </span>
                </div>
                <p className="ops-quote">{r.comment}</p>
                <p className="ops-review__reports">
                  <strong>通報 {r.reports}件</strong>（最終 {at(r.last_reported_at)}）
                  {r.reasons.map((c) => (
                    <span key={c.report_type} className="ops-tag">
                      {c.label} {c.count}
                    </span>
                  ))}
                </p>
                {r.comments.length > 0 ? (
                  <ul className="ops-review__comments">
                    {r.comments.map((c) => (
                      <li key={c.created_at + c.comment}>「{c.comment}」</li>
                    ))}
                  </ul>
                ) : null}
                {r.hidden_at ? (
                  <p className="ops-review__hidden">
                    {at(r.hidden_at)} に非表示・理由：{r.hidden_reason}
                  </p>
                ) : null}
                {mayAct ? (
                  <ActionForm
                    label={r.hidden_at ? "再表示" : "非表示"}
                    url={`/api/ops/reviews/${r.review_id}/${r.hidden_at ? "restore" : "hide"}`}
                    toBody={(form) => ({ reason: formText(form, "reason") })}
                    submitLabel={r.hidden_at ? "再表示する" : "非表示にする"}
                    done={r.hidden_at ? "レビューを再表示しました" : "レビューを非表示にしました"}
                    onDone={setNotice}
                    danger={!r.hidden_at}
                  >
                    <label className="ops-field">
                      <span>
                        {r.hidden_at
                          ? "理由（操作履歴に残ります）"
                          : "理由（投稿者本人にレビューとともに表示されます）"}
                      </span>
                      <input name="reason" type="text" required maxLength={MODERATION_REASON_MAX} />
                    </label>
                  </ActionForm>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav className="ops-pager" aria-label="ページ送り">
            {page > 1 ? (
              <Link to={pageHref(state, page - 1)} rel="prev">
                ← 前へ
              </Link>
            ) : (
              <span />
            )}
            {page < pages ? (
              <Link to={pageHref(state, page + 1)} rel="next">
                次へ →
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}
