import { useState } from "react";
import { Link } from "react-router";
import type {
  CatalogList,
  ReferenceAnswer,
  SeriesAnswer,
  SeriesChoices,
} from "../../../contract/ops-catalog-answers";
import { AUTHOR_ROLES, CATALOG_LIMITS as L } from "../../../contract/ops-catalog-rules";
import { get } from "../../lib/request";
import { StateBadge } from "./CatalogNav";
import { CatalogTable, type Column } from "./CatalogTable";
import {
  blankToNull,
  Check,
  ChoiceField,
  checked,
  DateTimeField,
  EditableFields,
  Field,
  Flags,
  InputField,
  Issue,
  keepLocked,
  Notice,
  numberOrNull,
  SaveBar,
  text,
  useEditorRights,
  useEntitySave,
} from "./catalog-fields";
import { PublicationHead } from "./PublicationBar";

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

const VOLUME_COLUMNS: Column<SeriesAnswer["volumes"][number]>[] = [
  { label: "巻", cell: (v) => v.volume },
  {
    label: "タイトル",
    cell: (v) => <Link to={`/ops/catalog/volumes/${v.book_id}`}>{v.title}</Link>,
  },
  {
    label: "価格（税込）",
    short: "価格",
    cell: (v) => (
      <>
        {v.price_inc}円{v.sale_price_inc !== null ? `（セール ${v.sale_price_inc}円）` : ""}
      </>
    ),
  },
  { label: "配信日", cell: (v) => v.item_start_date?.replace("T", " ") },
  { label: "状態", cell: (v) => <StateBadge state={v.state} /> },
];

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
  const [publisherId, setPublisherId] = useState<number | null>(series?.publisher_id ?? null);
  const [credits, setCredits] = useState<Credit[]>(series?.authors ?? []);
  const rights = useEditorRights();
  const saving = useEntitySave<{ series: SeriesAnswer }>(
    series !== null,
    (answer) => `/ops/catalog/series/${answer.series.series_id}`,
  );

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const ids = (name: string) => form.getAll(name).map(Number);
    void saving.save(
      series ? `/api/ops/catalog/series/${series.series_id}` : "/api/ops/catalog/series",
      keepLocked(
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
          complete_flag: checked(form, "complete_flag"),
          new_flag: checked(form, "new_flag"),
          publish_at: blankToNull(form, "publish_at"),
        },
        series,
        rights,
      ),
    );
  }

  const issues = saving.issues;
  const ofPublisher = <T extends { publisherId?: number }>(list: T[]) =>
    list.filter((c) => publisherId === null || c.publisherId === publisherId);

  return (
    <>
      {series ? (
        <PublicationHead
          base={`/api/ops/catalog/series/${series.series_id}`}
          state={series.state}
          what="作品"
          publishAt={series.publish_at}
        >
          <Link className="ops-button" to={`/ops/catalog/series/${series.series_id}/preview`}>
            プレビュー（ゲスト・会員）
          </Link>
          <a className="ops-button" href={`/ops/series/${series.series_id}/content`}>
            {rights.catalog ? "アピール画像をアップロード" : "アピール画像を見る"}
          </a>
          {series.state === "published" ? (
            <a className="ops-button ops-button--quiet" href={`/series/${series.series_id}`}>
              ストアで見る
            </a>
          ) : null}
        </PublicationHead>
      ) : null}
      <Notice text={saving.notice} />
      <form
        className="ops-panel catalog-form"
        onSubmit={onSubmit}
        onChange={saving.settle}
        noValidate
      >
        <EditableFields>
          <h2>作品の情報</h2>
          <div className="catalog-grid">
            <InputField
              label="作品名"
              name="name"
              issues={issues}
              wide
              required
              maxLength={L.name}
              defaultValue={series?.name}
            />
            <InputField
              label="作品名の読み（カタカナ）"
              name="name_kana"
              issues={issues}
              wide
              required
              maxLength={L.kana}
              defaultValue={series?.name_kana}
            />
            <Field label="紹介文" name="description" issues={issues} wide>
              <textarea
                id="f-description"
                name="description"
                rows={4}
                maxLength={L.description}
                defaultValue={series?.description}
              />
            </Field>
            <ChoiceField
              label="出版社"
              name="publisher_id"
              issues={issues}
              blank="選んでください"
              choices={choices.publishers}
              defaultValue={series?.publisher_id ?? ""}
              onPick={setPublisherId}
            />
            <ChoiceField
              label="レーベル"
              name="label_id"
              issues={issues}
              blank="なし"
              choices={ofPublisher(choices.labels)}
              defaultValue={series?.label_id ?? ""}
            />
            <ChoiceField
              label="掲載誌"
              name="magazine_id"
              issues={issues}
              blank="なし"
              choices={ofPublisher(choices.magazines)}
              defaultValue={series?.magazine_id ?? ""}
            />
          </div>

          <fieldset className="catalog-credits">
            <legend>著者と役割</legend>
            <Issue issues={issues} field="authors" />
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
            <Flags label="カードの表示">
              <Check
                name="complete_flag"
                label="完結（完）"
                defaultChecked={series?.complete_flag ?? false}
              />
              <Check
                name="new_flag"
                label="新作（新）"
                defaultChecked={series?.new_flag ?? false}
              />
            </Flags>
            <DateTimeField
              label="公開日時（東京）"
              name="publish_at"
              issues={issues}
              hint="空欄なら「公開する」を押したときに公開されます"
              defaultValue={series?.publish_at ?? ""}
            />
          </div>
        </EditableFields>
        <SaveBar saving={saving} editing={series !== null} />
      </form>

      {series ? (
        <section className="ops-panel" aria-labelledby="series-volumes">
          <h2 id="series-volumes">巻（{series.volumes.length}）</h2>
          {rights.catalog ? (
            <p>
              <Link
                className="ops-button ops-button--primary"
                to={`/ops/catalog/volumes/new?series=${series.series_id}`}
              >
                巻を追加する
              </Link>
            </p>
          ) : null}
          {series.volumes.length > 0 ? (
            <div className="ops-scroll">
              <CatalogTable
                columns={VOLUME_COLUMNS}
                rows={series.volumes}
                rowKey={(v) => v.book_id}
              />
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
