import { useRevalidator } from "react-router";
import type { CatalogList, Choice, ReferenceAnswer } from "../../../contract/ops-catalog-answers";
import { CATALOG_LIMITS as L, REFERENCE_ID_FIELD } from "../../../contract/ops-catalog-rules";
import { post } from "../../lib/request";
import { REFERENCE_LABELS } from "./CatalogNav";
import {
  ChoiceOptions,
  EditableFields,
  Notice,
  numberOrNull,
  Problem,
  text,
  useCatalogSave,
  useEditorRights,
  useRowSave,
} from "./catalog-fields";

type Kind = keyof typeof REFERENCE_LABELS;

/** Which fields each list edits, in the payloads' names. */
const FIELDS: Record<
  Kind,
  Array<{ name: string; label: string; kind: "text" | "number" | "publisher" }>
> = {
  authors: [
    { name: "name", label: "著者名", kind: "text" },
    { name: "name_kana", label: "読み", kind: "text" },
    { name: "profile", label: "プロフィール", kind: "text" },
  ],
  publishers: [
    { name: "name", label: "出版社名", kind: "text" },
    { name: "name_kana", label: "読み", kind: "text" },
    { name: "description", label: "説明", kind: "text" },
    { name: "sort_order", label: "並び順", kind: "number" },
  ],
  labels: [
    { name: "name", label: "レーベル名", kind: "text" },
    { name: "publisher_id", label: "出版社", kind: "publisher" },
    { name: "sort_order", label: "並び順", kind: "number" },
  ],
  magazines: [
    { name: "name", label: "掲載誌名", kind: "text" },
    { name: "publisher_id", label: "出版社", kind: "publisher" },
    { name: "sort_order", label: "並び順", kind: "number" },
  ],
  genres: [
    { name: "name", label: "ジャンル名", kind: "text" },
    { name: "sort_order", label: "並び順", kind: "number" },
  ],
  categories: [
    { name: "name", label: "カテゴリ名", kind: "text" },
    { name: "sort_order", label: "並び順", kind: "number" },
  ],
  tags: [
    { name: "name", label: "タグ名", kind: "text" },
    { name: "sort_order", label: "並び順", kind: "number" },
  ],
};

function bodyOf(kind: Kind, form: FormData) {
  return Object.fromEntries(
    FIELDS[kind].map((f) => [
      f.name,
      f.kind === "text" ? text(form, f.name) : (numberOrNull(form, f.name) ?? 0),
    ]),
  );
}

function Inputs({
  kind,
  row,
  publishers,
}: {
  kind: Kind;
  row: ReferenceAnswer | null;
  publishers: Choice[];
}) {
  return (
    <>
      {FIELDS[kind].map((f) =>
        f.kind === "publisher" ? (
          <label key={f.name} className="catalog-ref__field">
            <span>{f.label}</span>
            <select name={f.name} defaultValue={String(row?.[f.name] ?? "")}>
              <ChoiceOptions blank="選んでください" choices={publishers} />
            </select>
          </label>
        ) : (
          <label key={f.name} className={`catalog-ref__field catalog-ref__field--${f.kind}`}>
            <span>{f.label}</span>
            <input
              name={f.name}
              type={f.kind === "number" ? "number" : "text"}
              maxLength={f.kind === "text" ? L.name : undefined}
              defaultValue={row ? String(row[f.name] ?? "") : f.kind === "number" ? "0" : ""}
            />
          </label>
        ),
      )}
    </>
  );
}

function Row({
  kind,
  row,
  publishers,
}: {
  kind: Kind;
  row: ReferenceAnswer;
  publishers: Choice[];
}) {
  const revalidator = useRevalidator();
  const id = Number(row[REFERENCE_ID_FIELD[kind]]);
  const saving = useRowSave();
  const rights = useEditorRights();
  return (
    <li className={row.withdrawn ? "catalog-ref is-withdrawn" : "catalog-ref"} data-id={id}>
      <form
        className="catalog-ref__form"
        onSubmit={(e) => {
          e.preventDefault();
          void saving.save(
            `/api/ops/catalog/${kind}/${id}`,
            bodyOf(kind, new FormData(e.currentTarget)),
          );
        }}
      >
        <span className="catalog-ref__id">{id}</span>
        <EditableFields>
          <Inputs kind={kind} row={row} publishers={publishers} />
        </EditableFields>
        {rights.catalog ? (
          <>
            <button type="submit" className="ops-button" disabled={saving.busy}>
              保存
            </button>
            <button
              type="button"
              className="ops-button ops-button--quiet"
              onClick={async () => {
                const answer = await post(
                  `/api/ops/catalog/${kind}/${id}/${row.withdrawn ? "restore" : "withdraw"}`,
                  {},
                );
                if (answer.result) await revalidator.revalidate();
              }}
            >
              {row.withdrawn ? "取り下げを取り消す" : "取り下げる"}
            </button>
          </>
        ) : row.withdrawn ? (
          <span className="catalog-track__state">取り下げ中</span>
        ) : null}
      </form>
      <Problem text={saving.problem} />
    </li>
  );
}

/**
 * A reference list (authors, publishers …): each row edited in place, withdrawn rather than
 * deleted (what names it keeps it), and a new one added at the end.
 */
export function ReferenceList(props: {
  kind: Kind;
  list: CatalogList<ReferenceAnswer>;
  publishers: Choice[];
}) {
  const revalidator = useRevalidator();
  const rights = useEditorRights();
  const adding = useCatalogSave(() => {
    void revalidator.revalidate();
    return `${REFERENCE_LABELS[props.kind]}を追加しました。`;
  });
  return (
    <>
      {rights.catalog ? (
        <section className="ops-panel" aria-labelledby="reference-add">
          <h2 id="reference-add">{REFERENCE_LABELS[props.kind]}を追加</h2>
          <form
            className="catalog-ref__form"
            onSubmit={(e) => {
              e.preventDefault();
              void adding.save(
                `/api/ops/catalog/${props.kind}`,
                bodyOf(props.kind, new FormData(e.currentTarget)),
              );
            }}
          >
            <Inputs kind={props.kind} row={null} publishers={props.publishers} />
            <button type="submit" className="ops-button ops-button--primary" disabled={adding.busy}>
              追加する
            </button>
          </form>
          <Problem text={adding.problem} />
          <Notice text={adding.notice} />
        </section>
      ) : null}
      <section className="ops-panel">
        <h2>
          {REFERENCE_LABELS[props.kind]}一覧（{props.list.total}件）
        </h2>
        <ul className="catalog-refs">
          {props.list.rows.map((row) => (
            <Row
              key={String(row[REFERENCE_ID_FIELD[props.kind]])}
              kind={props.kind}
              row={row}
              publishers={props.publishers}
            />
          ))}
        </ul>
      </section>
    </>
  );
}
