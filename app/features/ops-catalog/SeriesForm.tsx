import { useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type {
  CatalogList,
  ReferenceAnswer,
  SeriesAnswer,
  SeriesChoices,
} from "../../../contract/ops-catalog-answers";
import { AUTHOR_ROLES, CATALOG_LIMITS as L } from "../../../contract/ops-catalog-rules";
import { get } from "../../lib/request";
import { StateBadge } from "./CatalogNav";
import { blankToNull, Check, Field, numberOrNull, text, useCatalogSave } from "./catalog-fields";
import { PublicationBar } from "./PublicationBar";

interface Credit {
  author_id: number;
  role: string;
  name: string;
}

/** Authors by name, from the authors list call, to add to the credits. */
function AuthorPicker({ onPick }: { onPick: (author: { id: number; name: string }) => void }) {
  const [word, setWord] = useState("");
  const [found, setFound] = useState<Array<{ id: number; name: string }>>([]);
  async function search() {
    const answer = await get<CatalogList<ReferenceAnswer>>(
      `/api/ops/catalog/authors?q=${encodeURIComponent(word)}`,
    );
    if (!answer.result) return;
    setFound(
      answer.rows
        .filter((r) => !r.withdrawn)
        .map((r) => ({ id: Number(r.author_id), name: String(r.name) })),
    );
  }
  return (
    <div className="catalog-picker">
      <input
        type="search"
        aria-label="著者を名前で探す"
        placeholder="著者名・読み・ID"
        value={word}
        onChange={(e) => setWord(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            void search();
          }
        }}
      />
      <button type="button" className="ops-button" onClick={() => void search()}>
        著者を探す
      </button>
      {found.length > 0 ? (
        <ul className="catalog-picker__found">
          {found.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="ops-button ops-button--quiet"
                onClick={() => onPick(a)}
              >
                ＋ {a.name}（{a.id}）
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Choices(props: {
  name: string;
  legend: string;
  choices: SeriesChoices["genres"];
  chosen: readonly number[];
}) {
  return (
    <fieldset className="catalog-choices">
      <legend>{props.legend}</legend>
      <div className="catalog-choices__list">
        {props.choices.map((c) => (
          <label key={c.id} className="catalog-check">
            <input
              type="checkbox"
              name={props.name}
              value={c.id}
              defaultChecked={props.chosen.includes(c.id)}
            />
            {c.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A series' form: its page's text, links, credits and the 完/新 flags its cards show, and when
 * it enters the store. A new series is a draft; its volumes are added below once it is saved.
 */
export function SeriesForm({
  series,
  choices,
}: {
  series: SeriesAnswer | null;
  choices: SeriesChoices;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<string | null>(null);
  const [publisherId, setPublisherId] = useState<number | null>(series?.publisher_id ?? null);
  const [credits, setCredits] = useState<Credit[]>(series?.authors ?? []);
  const saving = useCatalogSave<{ series: SeriesAnswer }>((answer) => {
    if (!series) {
      navigate(`/ops/catalog/series/${answer.series.series_id}`);
      return;
    }
    setNotice("保存しました。");
    void revalidator.revalidate();
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const ids = (name: string) => form.getAll(name).map(Number);
    setNotice(null);
    void saving.save(
      series ? `/api/ops/catalog/series/${series.series_id}` : "/api/ops/catalog/series",
      {
        name: text(form, "name"),
        name_kana: text(form, "name_kana"),
        description: text(form, "description"),
        publisher_id: numberOrNull(form, "publisher_id"),
        label_id: numberOrNull(form, "label_id"),
        magazine_id: numberOrNull(form, "magazine_id"),
        genre_ids: ids("genre_ids"),
        category_ids: ids("category_ids"),
        tag_ids: ids("tag_ids"),
        authors: credits.map((c) => ({ author_id: c.author_id, role: c.role })),
        complete_flag: form.get("complete_flag") === "on",
        new_flag: form.get("new_flag") === "on",
        publish_at: blankToNull(form, "publish_at"),
      },
    );
  }

  const issues = saving.issues;
  const ofPublisher = <T extends { publisherId?: number }>(list: T[]) =>
    list.filter((c) => publisherId === null || c.publisherId === publisherId);

  return (
    <>
      {series ? (
        <section className="ops-panel catalog-head">
          <PublicationBar
            base={`/api/ops/catalog/series/${series.series_id}`}
            state={series.state}
            what="作品"
            publishAt={series.publish_at}
          />
          <p className="catalog-links">
            <Link className="ops-button" to={`/ops/catalog/series/${series.series_id}/preview`}>
              プレビュー（ゲスト・会員）
            </Link>
            {series.state === "published" ? (
              <a className="ops-button ops-button--quiet" href={`/series/${series.series_id}`}>
                ストアで見る
              </a>
            ) : null}
          </p>
        </section>
      ) : null}
      {notice ? (
        <p className="ops-notice" role="status">
          {notice}
        </p>
      ) : null}
      <form className="ops-panel catalog-form" onSubmit={onSubmit} noValidate>
        <h2>作品の情報</h2>
        <div className="catalog-grid">
          <Field label="作品名" name="name" issues={issues} wide>
            <input
              id="f-name"
              name="name"
              required
              maxLength={L.name}
              defaultValue={series?.name}
            />
          </Field>
          <Field label="作品名の読み（カタカナ）" name="name_kana" issues={issues} wide>
            <input
              id="f-name_kana"
              name="name_kana"
              required
              maxLength={L.kana}
              defaultValue={series?.name_kana}
            />
          </Field>
          <Field label="紹介文" name="description" issues={issues} wide>
            <textarea
              id="f-description"
              name="description"
              rows={4}
              maxLength={L.description}
              defaultValue={series?.description}
            />
          </Field>
          <Field label="出版社" name="publisher_id" issues={issues}>
            <select
              id="f-publisher_id"
              name="publisher_id"
              defaultValue={series?.publisher_id ?? ""}
              onChange={(e) => setPublisherId(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">選んでください</option>
              {choices.publishers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="レーベル" name="label_id" issues={issues}>
            <select id="f-label_id" name="label_id" defaultValue={series?.label_id ?? ""}>
              <option value="">なし</option>
              {ofPublisher(choices.labels).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="掲載誌" name="magazine_id" issues={issues}>
            <select id="f-magazine_id" name="magazine_id" defaultValue={series?.magazine_id ?? ""}>
              <option value="">なし</option>
              {ofPublisher(choices.magazines).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </Field>
        </div>

        <fieldset className="catalog-credits">
          <legend>著者と役割</legend>
          {issues.some((i) => i.field === "authors") ? (
            <small className="catalog-field__issue" role="alert">
              {issues.find((i) => i.field === "authors")!.message}
            </small>
          ) : null}
          <ul>
            {credits.map((c, i) => (
              <li key={`${c.author_id}-${c.role}`}>
                <span>
                  {c.name}（{c.author_id}）
                </span>
                <select
                  aria-label={`${c.name}の役割`}
                  value={c.role}
                  onChange={(e) =>
                    setCredits(
                      credits.map((o, j) => (j === i ? { ...o, role: e.target.value } : o)),
                    )
                  }
                >
                  {AUTHOR_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="ops-button ops-button--quiet"
                  onClick={() => setCredits(credits.filter((_, j) => j !== i))}
                >
                  外す
                </button>
              </li>
            ))}
          </ul>
          <AuthorPicker
            onPick={(a) =>
              setCredits([...credits, { author_id: a.id, name: a.name, role: AUTHOR_ROLES[0] }])
            }
          />
        </fieldset>

        <Choices
          name="genre_ids"
          legend="ジャンル"
          choices={choices.genres}
          chosen={series?.genre_ids ?? []}
        />
        <Choices
          name="category_ids"
          legend="カテゴリ"
          choices={choices.categories}
          chosen={series?.category_ids ?? []}
        />
        <Choices
          name="tag_ids"
          legend="タグ"
          choices={choices.tags}
          chosen={series?.tag_ids ?? []}
        />

        <div className="catalog-grid">
          <div className="catalog-field">
            <span className="catalog-field__label">カードの表示</span>
            <Check
              name="complete_flag"
              label="完結（完）"
              defaultChecked={series?.complete_flag ?? false}
            />
            <Check name="new_flag" label="新作（新）" defaultChecked={series?.new_flag ?? false} />
          </div>
          <Field
            label="公開日時（東京）"
            name="publish_at"
            issues={issues}
            hint="空欄なら「公開する」を押したときに公開されます"
          >
            <input
              id="f-publish_at"
              type="datetime-local"
              name="publish_at"
              defaultValue={series?.publish_at ?? ""}
            />
          </Field>
        </div>

        {saving.problem ? (
          <p className="ops-problem" role="alert">
            {saving.problem}
          </p>
        ) : null}
        <button type="submit" className="ops-button ops-button--primary" disabled={saving.busy}>
          {series ? "保存する" : "下書きとして作成する"}
        </button>
      </form>

      {series ? (
        <section className="ops-panel" aria-labelledby="series-volumes">
          <h2 id="series-volumes">巻（{series.volumes.length}）</h2>
          <p>
            <Link
              className="ops-button ops-button--primary"
              to={`/ops/catalog/volumes/new?series=${series.series_id}`}
            >
              巻を追加する
            </Link>
          </p>
          {series.volumes.length > 0 ? (
            <div className="ops-scroll">
              <table className="ops-table catalog-table">
                <thead>
                  <tr>
                    <th scope="col">巻</th>
                    <th scope="col">タイトル</th>
                    <th scope="col">価格（税込）</th>
                    <th scope="col">配信日</th>
                    <th scope="col">状態</th>
                  </tr>
                </thead>
                <tbody>
                  {series.volumes.map((v) => (
                    <tr key={v.book_id}>
                      <td data-label="巻">{v.volume}</td>
                      <td data-label="タイトル">
                        <Link to={`/ops/catalog/volumes/${v.book_id}`}>{v.title}</Link>
                      </td>
                      <td data-label="価格">
                        {v.price_inc}円
                        {v.sale_price_inc !== null ? `（セール ${v.sale_price_inc}円）` : ""}
                      </td>
                      <td data-label="配信日">{v.item_start_date?.replace("T", " ")}</td>
                      <td data-label="状態">
                        <StateBadge state={v.state} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
