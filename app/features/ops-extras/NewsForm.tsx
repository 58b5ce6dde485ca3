import { useRef, useState } from "react";
import { IMPORTANT_MARK } from "../../../contract/news";
import { EXTRAS_LIMITS as L, type NewsEditorAnswer } from "../../../contract/ops-extras-rules";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import { StateBadge } from "../ops-catalog/CatalogNav";
import {
  checked,
  DateTimeField,
  Field,
  Flags,
  InputField,
  Notice,
  SaveBar,
  text,
  useEntitySave,
  useTypedBeforeHydration,
} from "../ops-catalog/catalog-fields";
import { usePublicationMove, WithdrawButton } from "../ops-catalog/PublicationBar";

/**
 * Where a saved notice stands and the buttons that move it: publish a draft (at its time: a time
 * ahead schedules it, and it appears by itself then), withdraw it from the store, restore it.
 */
function NewsPublication({ news, mayWrite }: { news: NewsEditorAnswer; mayWrite: boolean }) {
  const { busy, notice, move } = usePublicationMove(`/api/ops/news/${news.m_news_id}`);
  const ahead = news.published_at > tokyoDateTimeInput(new Date());

  return (
    <section className="ops-panel catalog-head">
      <div className="catalog-publication">
        <p>
          状態：
          <StateBadge state={news.state} />
          {news.state === "scheduled"
            ? ` ${news.published_at.replace("T", " ")} に公開されます`
            : ""}
        </p>
        {mayWrite ? (
          <div className="catalog-publication__buttons">
            {news.state === "draft" ? (
              <button
                type="button"
                className="ops-button ops-button--primary"
                disabled={busy}
                onClick={() =>
                  move(
                    "publish",
                    ahead ? "お知らせの公開を予約しました。" : "お知らせを公開しました。",
                  )
                }
              >
                {ahead ? "公開を予約する" : "公開する"}
              </button>
            ) : null}
            <WithdrawButton
              withdrawn={news.state === "withdrawn"}
              what="お知らせ"
              leaves="お知らせ一覧とトップページから外れます。"
              busy={busy}
              move={move}
            />
          </div>
        ) : null}
        <Notice text={notice} />
      </div>
      {news.state === "published" ? (
        <p className="catalog-links">
          <a href={`/news_detail?id=${news.m_news_id}`} target="_blank" rel="noreferrer">
            ストアで見る
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** A notice's form: title, body, the Tokyo time it goes out at and the 重要 mark. */
export function NewsForm({ news, mayWrite }: { news: NewsEditorAnswer | null; mayWrite: boolean }) {
  const saving = useEntitySave<{ news: NewsEditorAnswer }>(
    news !== null,
    (answer) => `/ops/news/${answer.news.m_news_id}`,
  );
  const [important, setImportant] = useState(news?.important ?? false);
  const [title, setTitle] = useState(news?.title ?? "");
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (field) => setTitle((t) => field("title") ?? t));

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void saving.save(news ? `/api/ops/news/${news.m_news_id}` : "/api/ops/news", {
      title: text(form, "title"),
      body: text(form, "body"),
      published_at: text(form, "published_at"),
      important: checked(form, "important"),
    });
  }
  const issues = saving.issues;

  return (
    <>
      {news ? <NewsPublication news={news} mayWrite={mayWrite} /> : null}
      <Notice text={saving.notice} />
      <form
        ref={formRef}
        className="ops-panel catalog-form"
        onSubmit={onSubmit}
        onChange={saving.settle}
        noValidate
      >
        <h2>お知らせの内容</h2>
        <div className="catalog-grid">
          <InputField
            label="タイトル"
            name="title"
            issues={issues}
            wide
            maxLength={L.title}
            defaultValue={news?.title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <DateTimeField
            label="公開日時（東京）"
            name="published_at"
            issues={issues}
            hint="先の日時を指定して公開すると、その時刻に自動で表示されます"
            defaultValue={news?.published_at ?? tokyoDateTimeInput(new Date())}
          />
          <Flags label="表示">
            <label className="catalog-check">
              <input
                type="checkbox"
                name="important"
                id="f-important"
                checked={important}
                onChange={(e) => setImportant(e.target.checked)}
              />
              重要（一覧で「{IMPORTANT_MARK}」マークを付ける）
            </label>
          </Flags>
          <Field
            label="本文"
            name="body"
            issues={issues}
            wide
            hint="<p>・<a>・<br> などの簡単なタグが使えます（それ以外はストアで取り除かれます）"
          >
            <textarea
              id="f-body"
              name="body"
              rows={10}
              maxLength={L.body}
              defaultValue={news?.body ?? "<p></p>"}
            />
          </Field>
        </div>
        <div className="extras-news-sample">
          <span className="extras-news-sample__label">一覧での見え方</span>
          {important ? <span className="extras-important">{IMPORTANT_MARK}</span> : null}
          <span>{title || "（タイトル）"}</span>
        </div>
        {mayWrite ? <SaveBar saving={saving} editing={news !== null} /> : null}
      </form>
    </>
  );
}
