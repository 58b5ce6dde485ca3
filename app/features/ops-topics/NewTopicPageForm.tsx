import { useState } from "react";
import { useNavigate } from "react-router";
import { TOPIC_PAGE_TYPES, type TopicPageEditorAnswer } from "../../../contract/ops-topics";
import { post } from "../../lib/request";
import { useHydrated } from "../info/useHydrated";
import { Problem } from "../ops-catalog/catalog-fields";

/**
 * A new page: its address and title (the rest is set in the editor). It is made as a draft
 * with no blocks and opens in the editor, where it is built, previewed and published.
 */
export function NewTopicPageForm() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "");
    setBusy(true);
    setProblem(null);
    const answer = await post<{ page: TopicPageEditorAnswer }>(
      "/api/ops/topic-pages",
      {
        page_name: text("page_name"),
        page_type: text("page_type"),
        title: text("title"),
        description: text("description"),
        start_at: text("start_at"),
        end_at: text("end_at"),
      },
      { ownsFailure: () => true },
    );
    setBusy(false);
    if (!answer.result) {
      setProblem(answer.error_message ?? "作成できませんでした");
      return;
    }
    const { page } = answer;
    navigate(`/ops/topics/${page.page_name}${page.page_type === "page" ? "?type=page" : ""}`);
  }

  return (
    <form
      className="ops-panel topics-new"
      aria-label="新しい特集ページ"
      onSubmit={onSubmit}
      noValidate
    >
      <h2>新しい特集ページ</h2>
      <p className="topics-muted">
        下書きとして作られます。中身を作ってプレビューしてから公開してください。
      </p>
      <fieldset disabled={!hydrated || busy} className="topics-settings__grid">
        <label className="ops-field">
          <span>ページ名（URLになります）</span>
          <input
            name="page_name"
            required
            pattern="[A-Za-z0-9_-]{1,64}"
            placeholder="winter-sale"
          />
          <small className="topics-hint">
            半角英数字・ハイフン・下線。例：winter-sale → /topic/winter-sale
          </small>
        </label>
        <label className="ops-field">
          <span>種類</span>
          <select name="page_type" defaultValue="topic">
            {Object.entries(TOPIC_PAGE_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="ops-field">
          <span>タイトル</span>
          <input name="title" required maxLength={120} />
        </label>
        <label className="ops-field">
          <span>説明（検索結果・SNSでの表示）</span>
          <input name="description" maxLength={300} />
        </label>
        <label className="ops-field">
          <span>公開開始（東京・空欄なら公開と同時）</span>
          <input name="start_at" type="datetime-local" />
        </label>
        <label className="ops-field">
          <span>公開終了（東京・空欄なら終了なし）</span>
          <input name="end_at" type="datetime-local" />
        </label>
      </fieldset>
      <Problem text={problem} />
      <button type="submit" className="ops-button ops-button--primary" disabled={!hydrated || busy}>
        下書きとして作成する
      </button>
    </form>
  );
}
