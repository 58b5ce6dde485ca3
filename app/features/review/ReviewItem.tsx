import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { volumeName } from "../../../contract/episodes";
import type { ReviewView } from "../../../contract/review";
import {
  REPORT_COMMENT_MAX,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
} from "../../../contract/review-rules";
import { tokyoSlashDate } from "../../../contract/tokyo-time";
import { FormProblem } from "../../components/FormProblem";
import { post } from "../../lib/request";
import { useApiForm } from "../../lib/use-api-form";

export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span className="review-stars" role="img" aria-label={`評価 ${rating}点`}>
      {"★".repeat(rating)}
      <span className="review-stars__rest">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

/**
 * One review. Its text is plain: React escapes it, and line breaks show as written. A spoiler's
 * body stays folded until the reader opens it.
 */
export function ReviewItem(props: {
  review: ReviewView;
  isLogin: boolean;
  /** Show which series (and volume) it is about: lists across series. */
  withSubject?: boolean;
}) {
  const r = props.review;
  const revalidator = useRevalidator();
  const [like, setLike] = useState({ liked: r.liked_flag, count: r.like_count });
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const report = useApiForm(
    "/api/review/report",
    (form) => ({
      review_id: r.review_id,
      report_type: Number(form.get("report_type")),
      comment: String(form.get("comment") ?? ""),
    }),
    () => setReported(true),
    "通報できませんでした",
  );

  if (reported) {
    return (
      <li className="review review--reported">
        <p>通報を受け付けました。このレビューは表示されなくなります。</p>
      </li>
    );
  }
  const body = <p className="review__comment">{r.comment}</p>;
  return (
    <li className={r.hidden_reason !== null ? "review review--hidden" : "review"}>
      {r.hidden_reason !== null && (
        <p className="review__hidden" role="note">
          このレビューは運営により非表示になっています（ほかの方には表示されません）。
          {r.hidden_reason && <>理由：{r.hidden_reason}</>}
        </p>
      )}
      {props.withSubject && (
        <p className="review__subject">
          <Link to={`/review/series/${r.series_id}`}>{r.series_name}</Link>
          {r.volume !== null && ` ${volumeName(r.volume, r.episodes_flag)}`}
        </p>
      )}
      <p className="review__head">
        <ReviewStars rating={r.rating} />
        {r.purchased_flag && <span className="review__buyer">購入者レビュー</span>}
        <strong className="review__title">{r.title}</strong>
      </p>
      <p className="review__meta">
        <Link to={`/review/user/${r.profile_id}`}>{r.nickname}</Link>
        {!props.withSubject && r.volume !== null && (
          <span>{volumeName(r.volume, r.episodes_flag)}のレビュー</span>
        )}
        <time dateTime={r.created_at}>{tokyoSlashDate(Date.parse(r.created_at))}</time>
      </p>
      {r.spoil ? (
        <details className="review__spoiler">
          <summary>ネタバレを含むレビューです（タップで表示）</summary>
          {body}
        </details>
      ) : (
        body
      )}
      {r.tags.length > 0 && (
        <ul className="review__tags">
          {r.tags.map((t) => (
            <li key={t}>#{t}</li>
          ))}
        </ul>
      )}
      <div className="review__actions">
        {r.own_flag ? (
          <>
            <span className="review__likes">いいね {like.count}</span>
            <button
              type="button"
              className="review__action"
              onClick={async () => {
                if (!window.confirm("このレビューを削除しますか？")) return;
                const answer = await post("/api/review/remove", { review_id: r.review_id });
                if (answer.result) await revalidator.revalidate();
              }}
            >
              削除
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className={like.liked ? "review__like review__like--on" : "review__like"}
              aria-pressed={like.liked}
              disabled={!props.isLogin}
              onClick={async () => {
                const answer = await post<{ liked_flag: boolean; like_count: number }>(
                  "/api/review/like",
                  { review_id: r.review_id },
                );
                if (answer.result) setLike({ liked: answer.liked_flag, count: answer.like_count });
              }}
            >
              {/* A text glyph: an emoji shows as a box where no emoji font is installed. */}
              <span aria-hidden="true">{like.liked ? "♥" : "♡"}</span>いいね {like.count}
            </button>
            {props.isLogin && (
              <button
                type="button"
                className="review__action"
                aria-expanded={reporting}
                onClick={() => setReporting(!reporting)}
              >
                通報
              </button>
            )}
          </>
        )}
      </div>
      {reporting && (
        <form className="review-report" onSubmit={report.onSubmit}>
          <label>
            通報の理由
            <select name="report_type" defaultValue={REPORT_TYPES[0]}>
              {REPORT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {REPORT_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          <label>
            コメント（任意・{REPORT_COMMENT_MAX}文字以内）
            <textarea name="comment" rows={2} maxLength={REPORT_COMMENT_MAX} />
          </label>
          <FormProblem problem={report.problem} />
          <button type="submit" className="button" disabled={report.busy}>
            通報する
          </button>
        </form>
      )}
    </li>
  );
}
