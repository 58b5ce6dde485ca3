import { useState } from "react";
import { useRevalidator } from "react-router";
import type { ReviewView } from "../../../contract/review";
import { REVIEW_LIMITS } from "../../../contract/review-rules";
import { FormProblem } from "../../components/FormProblem";
import { post } from "../../lib/request";
import { formText } from "../../lib/use-api-form";

/**
 * レビューを書く: a member's one review of a series or volume; with one already written the form
 * starts from it and saving edits it. Limits are the server's; the browser's maxLength only helps.
 */
export function ReviewForm(props: {
  seriesId: number;
  bookId: number | null;
  mine: ReviewView | null;
}) {
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState<string | null>(null);
  const mine = props.mine;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Not useApiForm: the member stays on the page and may save again, so busy ends each time.
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setProblem(null);
    setSaved(null);
    const answer = await post<{ edited: boolean }>("/api/review/add", {
      series: props.seriesId,
      book: props.bookId ?? undefined,
      nickname: formText(data, "nickname"),
      title: formText(data, "title"),
      comment: formText(data, "comment"),
      rating: Number(data.get("rating") ?? 0),
      spoil: data.get("spoil") === "on",
      tag: formText(data, "tag")
        .split(/[,、\s]+/)
        .filter(Boolean),
    });
    setBusy(false);
    if (!answer.result) {
      setProblem(answer.error_message ?? "レビューを投稿できませんでした");
      return;
    }
    setSaved(answer.edited ? "レビューを更新しました" : "レビューを投稿しました");
    await revalidator.revalidate();
  }
  return (
    <form className="review-form" onSubmit={onSubmit} id="write">
      <h2 className="section-title">{mine ? "あなたのレビューを編集" : "レビューを書く"}</h2>
      <fieldset className="review-form__rating">
        <legend>評価</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input
              type="radio"
              name="rating"
              value={n}
              defaultChecked={(mine?.rating ?? 0) === n}
              required
            />
            {"★".repeat(n)}
          </label>
        ))}
      </fieldset>
      <label>
        ニックネーム（{REVIEW_LIMITS.nickname}文字以内）
        <input name="nickname" defaultValue={mine?.nickname ?? ""} required />
      </label>
      <label>
        タイトル（{REVIEW_LIMITS.title}文字以内）
        <input name="title" defaultValue={mine?.title ?? ""} required />
      </label>
      <label>
        レビュー本文（{REVIEW_LIMITS.comment}文字以内）
        <textarea name="comment" rows={6} defaultValue={mine?.comment ?? ""} required />
      </label>
      <label>
        タグ（{REVIEW_LIMITS.tags}個まで・空白区切り）
        <input name="tag" defaultValue={mine?.tags.join(" ") ?? ""} />
      </label>
      <label className="review-form__spoil">
        <input type="checkbox" name="spoil" defaultChecked={mine?.spoil ?? false} />
        ネタバレを含む
      </label>
      <FormProblem problem={problem} />
      {saved && (
        <p className="review-form__saved" role="status">
          {saved}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {mine ? "更新する" : "投稿する"}
      </button>
    </form>
  );
}
