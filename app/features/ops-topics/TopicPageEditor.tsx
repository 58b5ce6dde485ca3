import { useEffect, useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import {
  TOPIC_PAGE_STATES,
  TOPIC_PAGE_TYPES,
  type TopicPageEditorAnswer,
} from "../../../contract/ops-topics";
import { tokyoDateTime } from "../../../contract/tokyo-time";
import {
  blockLists,
  type EditorRow,
  findBlock,
  fromEditorRows,
  insertBlock,
  type ListId,
  listOfBox,
  listOfColumn,
  moveBlockTo,
  newColumn,
  newRow,
  patchData,
  removeBlock,
  toEditorRows,
  updateBlock,
} from "../../../contract/topic-editor-model";
import { checkTopicJson, TOPIC_JSON_WARNING } from "../../../contract/topic-json";
import { BLOCK_KINDS, blockLabel } from "../../../contract/topic-vocabulary";
import { post } from "../../lib/request";
import { useHydrated } from "../info/useHydrated";
import { Notice, Problem } from "../ops-catalog/catalog-fields";
import { AudiencePreview } from "./AudiencePreview";
import { BlockFields } from "./BlockFields";
import { BlockList, type Selection } from "./BlockList";
import { VisibilityFields } from "./VisibilityFields";

type Tab = "visual" | "json";

const PALETTE_GROUPS = [...new Set(BLOCK_KINDS.map((k) => k.group))];

/** Stored content as the editor compares it: JSON compact, anything else as it is. */
function normalised(content: string): string {
  try {
    return JSON.stringify(JSON.parse(content));
  } catch {
    return content;
  }
}

const whenLabel = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : tokyoDateTime(d);
};

/** Where a palette block goes: after the chosen block, into a chosen box or column, else last. */
function placeFor(
  rows: EditorRow[],
  selection: Selection,
): { list: ListId; index?: number } | null {
  if (selection?.kind === "block") {
    const found = findBlock(rows, selection.key);
    if (found) {
      if (found.block.children) return { list: listOfBox(found.block.key) };
      return { list: found.list, index: found.index + 1 };
    }
  }
  if (selection?.kind === "column") return { list: listOfColumn(selection.key) };
  if (selection?.kind === "row") {
    const row = rows.find((r) => r.key === selection.key);
    const column = row?.columns.at(-1);
    if (column) return { list: listOfColumn(column.key) };
  }
  const last = rows.at(-1)?.columns.at(-1);
  return last ? { list: listOfColumn(last.key) } : null;
}

const WIDTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/**
 * The visual topic page editor (issue 24): a palette of every block type of spec 000, the page's
 * rows, columns and blocks to arrange, the chosen one's fields and who sees it as a form, the
 * JSON for experts (the same content, exactly), and the preview as each audience gets it.
 */
export function TopicPageEditor({
  page,
  mayWrite,
}: {
  page: TopicPageEditorAnswer;
  mayWrite: boolean;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const initial = useMemo(() => checkTopicJson(page.content), [page.content]);
  const [rows, setRows] = useState<EditorRow[]>(() =>
    initial.ok ? toEditorRows(initial.rows) : [],
  );
  const [tab, setTab] = useState<Tab>(initial.ok ? "visual" : "json");
  const [jsonText, setJsonText] = useState(() =>
    initial.ok ? JSON.stringify(initial.rows, null, 2) : page.content,
  );
  const [jsonProblem, setJsonProblem] = useState<string | null>(null);
  const [selection, setSelection] = useState<Selection>(null);
  const [fields, setFields] = useState({
    title: page.title,
    description: page.description ?? "",
    start_at: page.start_at ?? "",
    end_at: page.end_at ?? "",
  });
  const [saved, setSaved] = useState(() => ({
    content: normalised(page.content),
    fields: JSON.stringify(fields),
  }));
  const [updatedAt, setUpdatedAt] = useState(page.updated_at);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const locked = !mayWrite || !hydrated;

  const content = tab === "json" ? jsonText : JSON.stringify(fromEditorRows(rows));
  const dirty = normalised(content) !== saved.content || JSON.stringify(fields) !== saved.fields;

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const edit = (next: EditorRow[]) => {
    setRows(next);
    setNotice(null);
  };

  function switchTab(next: Tab) {
    if (next === tab) return;
    if (next === "json") {
      setJsonText(JSON.stringify(fromEditorRows(rows), null, 2));
      setJsonProblem(null);
      setTab("json");
      return;
    }
    const checked = checkTopicJson(jsonText);
    if (!checked.ok) {
      setJsonProblem(`${TOPIC_JSON_WARNING}：${checked.problem}`);
      return;
    }
    // Untouched JSON keeps the blocks as they were, and the one chosen stays chosen.
    if (normalised(jsonText) === JSON.stringify(fromEditorRows(rows))) {
      setTab("visual");
      return;
    }
    setRows(toEditorRows(checked.rows));
    setSelection(null);
    setTab("visual");
  }

  function addBlock(fresh: Record<string, unknown>) {
    let base = rows;
    let place = placeFor(base, selection);
    if (!place) {
      base = [...rows, newRow()];
      place = placeFor(base, null)!;
    }
    const added = insertBlock(base, place.list, fresh, place.index);
    edit(added.rows);
    setSelection({ kind: "block", key: added.key });
  }

  function remove() {
    if (!selection) return;
    if (selection.kind === "block") edit(removeBlock(rows, selection.key));
    if (selection.kind === "row") edit(rows.filter((r) => r.key !== selection.key));
    if (selection.kind === "column") {
      edit(rows.map((r) => ({ ...r, columns: r.columns.filter((c) => c.key !== selection.key) })));
    }
    setSelection(null);
  }

  const patchRow = (key: string, patch: Record<string, unknown>) =>
    edit(rows.map((r) => (r.key === key ? { ...r, data: patchData(r.data, patch) } : r)));
  const patchColumn = (key: string, patch: Record<string, unknown>) =>
    edit(
      rows.map((r) => ({
        ...r,
        columns: r.columns.map((c) =>
          c.key === key ? { ...c, data: patchData(c.data, patch) } : c,
        ),
      })),
    );

  async function save() {
    if (busy) return;
    setNotice(null);
    setProblem(null);
    if (tab === "json") {
      const checked = checkTopicJson(jsonText);
      if (!checked.ok) {
        setProblem(`${TOPIC_JSON_WARNING}（${checked.problem}）`);
        return;
      }
    }
    setBusy(true);
    const answer = await post<{ page: TopicPageEditorAnswer }>(
      `/api/ops/topic-pages/${encodeURIComponent(page.page_name)}?type=${page.page_type}`,
      { ...fields, content, seen_updated_at: updatedAt },
      { ownsFailure: () => true },
    );
    setBusy(false);
    if (!answer.result) {
      setProblem(answer.error_message ?? "保存できませんでした");
      return;
    }
    setUpdatedAt(answer.page.updated_at);
    setSaved({ content: normalised(answer.page.content), fields: JSON.stringify(fields) });
    setNotice(
      page.state === "draft"
        ? "保存しました。下書きのため、ストアにはまだ表示されません。"
        : "保存しました。ストアのページに反映されました。",
    );
    void revalidator.revalidate();
  }

  async function move(action: "publish" | "withdraw") {
    if (busy) return;
    if (dirty) {
      setProblem("保存していない変更があります。先に保存してください。");
      return;
    }
    if (
      action === "withdraw" &&
      !window.confirm(
        "このページを下書きに戻します。ストアでは表示されなくなります。よろしいですか？",
      )
    ) {
      return;
    }
    setBusy(true);
    setProblem(null);
    const answer = await post<{ page: TopicPageEditorAnswer }>(
      `/api/ops/topic-pages/${encodeURIComponent(page.page_name)}/${action}?type=${page.page_type}`,
      {},
      { ownsFailure: () => true },
    );
    setBusy(false);
    if (!answer.result) {
      setProblem(answer.error_message ?? "変更できませんでした");
      return;
    }
    setUpdatedAt(answer.page.updated_at);
    setNotice(
      action === "publish"
        ? answer.page.state === "scheduled"
          ? "公開を予約しました。公開開始の日時に表示されます。"
          : "公開しました。"
        : "下書きに戻しました。",
    );
    void revalidator.revalidate();
  }

  const chosenBlock = selection?.kind === "block" ? findBlock(rows, selection.key) : null;
  const chosenRow = selection?.kind === "row" ? rows.find((r) => r.key === selection.key) : null;
  const chosenColumn =
    selection?.kind === "column"
      ? rows.flatMap((r) => r.columns).find((c) => c.key === selection.key)
      : null;
  const address = `/${page.page_type}/${page.page_name}`;

  return (
    <div className="topics-editor">
      <section className="ops-panel topics-head">
        <div className="topics-head__state">
          <p>
            状態：
            <span className={`catalog-state topics-state--${page.state}`}>
              {TOPIC_PAGE_STATES[page.state]}
            </span>
            <span className="topics-muted">
              {TOPIC_PAGE_TYPES[page.page_type]}・
              <a href={address} target="_blank" rel="noreferrer">
                {address}
              </a>
            </span>
          </p>
          <p className="topics-muted">最終更新：{whenLabel(updatedAt)}</p>
        </div>
        {mayWrite ? (
          <div className="topics-head__buttons">
            {dirty ? <span className="topics-dirty">未保存の変更あり</span> : null}
            <button
              type="button"
              className="ops-button ops-button--primary"
              disabled={busy || !hydrated}
              onClick={() => void save()}
            >
              {busy ? "処理中…" : "保存する"}
            </button>
            {page.state === "draft" ? (
              <button
                type="button"
                className="ops-button"
                disabled={busy || !hydrated}
                onClick={() => void move("publish")}
              >
                公開する
              </button>
            ) : (
              <button
                type="button"
                className="ops-button ops-button--quiet"
                disabled={busy || !hydrated}
                onClick={() => void move("withdraw")}
              >
                下書きに戻す
              </button>
            )}
          </div>
        ) : null}
        <div className="topics-head__messages">
          <Notice text={notice} />
          <Problem text={problem} />
        </div>
      </section>

      <details className="ops-panel topics-settings">
        <summary>ページの設定（タイトル・説明・公開期間）</summary>
        <fieldset disabled={locked} className="topics-settings__grid">
          <label className="ops-field">
            <span>タイトル</span>
            <input
              value={fields.title}
              maxLength={120}
              onChange={(e) => setFields({ ...fields, title: e.target.value })}
            />
          </label>
          <label className="ops-field">
            <span>説明（検索結果・SNSでの表示）</span>
            <input
              value={fields.description}
              maxLength={300}
              onChange={(e) => setFields({ ...fields, description: e.target.value })}
            />
          </label>
          <label className="ops-field">
            <span>公開開始（東京・空欄なら公開と同時）</span>
            <input
              type="datetime-local"
              value={fields.start_at}
              onChange={(e) => setFields({ ...fields, start_at: e.target.value })}
            />
          </label>
          <label className="ops-field">
            <span>公開終了（東京・空欄なら終了なし）</span>
            <input
              type="datetime-local"
              value={fields.end_at}
              onChange={(e) => setFields({ ...fields, end_at: e.target.value })}
            />
          </label>
        </fieldset>
      </details>

      <div className="topics-tabs" role="tablist" aria-label="編集の方法">
        <button
          type="button"
          role="tab"
          aria-selected={tab === "visual"}
          className="topics-tab"
          onClick={() => switchTab("visual")}
        >
          ビジュアル編集
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === "json"}
          className="topics-tab"
          onClick={() => switchTab("json")}
        >
          JSON（上級者向け）
        </button>
      </div>

      {tab === "visual" ? (
        <div className="topics-workspace" role="tabpanel" aria-label="ビジュアル編集">
          <aside className="ops-panel topics-palette" aria-label="ブロックの追加">
            <h2>ブロックを追加</h2>
            <p className="topics-muted">
              選んだブロックの後ろ（列・囲みを選んでいればその中）に入ります。
            </p>
            {PALETTE_GROUPS.map((group) => (
              <div key={group} className="topics-palette__group">
                <h3>{group}</h3>
                <ul>
                  {BLOCK_KINDS.filter((k) => k.group === group).map((kind) => (
                    <li key={kind.type}>
                      <button
                        type="button"
                        className="topics-palette__item"
                        title={kind.description}
                        disabled={locked}
                        onClick={() => addBlock(kind.fresh())}
                      >
                        ＋ {kind.label}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </aside>

          <section className="ops-panel topics-structure" aria-label="ページの構成">
            <div className="topics-structure__bar">
              <h2>ページの構成</h2>
              <button
                type="button"
                className="ops-button"
                disabled={locked}
                onClick={() => {
                  const row = newRow();
                  edit([...rows, row]);
                  setSelection({ kind: "row", key: row.key });
                }}
              >
                行を追加
              </button>
            </div>
            <BlockList
              rows={rows}
              selection={selection}
              onSelect={setSelection}
              onRows={edit}
              disabled={locked}
            />
          </section>

          <section className="ops-panel topics-inspector" aria-label="選んだ項目の設定">
            {chosenBlock ? (
              <>
                <h2>{blockLabel(chosenBlock.block.data.type)}</h2>
                <BlockFields
                  key={chosenBlock.block.key}
                  data={chosenBlock.block.data}
                  disabled={locked}
                  onChange={(patch) => edit(updateBlock(rows, chosenBlock.block.key, patch))}
                />
                {locked ? null : (
                  <label className="ops-field topics-move-to">
                    <span>置き場所</span>
                    <select
                      value={chosenBlock.list}
                      onChange={(e) =>
                        edit(moveBlockTo(rows, chosenBlock.block.key, e.target.value))
                      }
                    >
                      {blockLists(rows).map((l) => (
                        <option key={l.list} value={l.list}>
                          {l.list === chosenBlock.list
                            ? `${l.label}（今の場所）`
                            : `${l.label}の末尾へ移動`}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                <h3>表示する相手</h3>
                <VisibilityFields
                  key={`v-${chosenBlock.block.key}`}
                  data={chosenBlock.block.data}
                  disabled={locked}
                  onChange={(patch) => edit(updateBlock(rows, chosenBlock.block.key, patch))}
                />
              </>
            ) : chosenColumn ? (
              <>
                <h2>列</h2>
                <fieldset disabled={locked} className="topics-fields">
                  {(["sRange", "lRange"] as const).map((range) => (
                    <label key={range} className="ops-field">
                      <span>
                        {range === "sRange" ? "スマホでの幅（12分割）" : "PCでの幅（12分割）"}
                      </span>
                      <select
                        value={
                          typeof chosenColumn.data[range] === "number"
                            ? String(chosenColumn.data[range])
                            : ""
                        }
                        onChange={(e) =>
                          patchColumn(chosenColumn.key, {
                            [range]: e.target.value === "" ? undefined : Number(e.target.value),
                          })
                        }
                      >
                        <option value="">12（全幅・既定）</option>
                        {WIDTHS.map((w) => (
                          <option key={w} value={w}>
                            {w}
                          </option>
                        ))}
                      </select>
                    </label>
                  ))}
                </fieldset>
                <h3>表示する相手</h3>
                <VisibilityFields
                  key={`v-${chosenColumn.key}`}
                  data={chosenColumn.data}
                  disabled={locked}
                  onChange={(patch) => patchColumn(chosenColumn.key, patch)}
                />
              </>
            ) : chosenRow ? (
              <>
                <h2>行</h2>
                <button
                  type="button"
                  className="ops-button"
                  disabled={locked}
                  onClick={() => {
                    const column = newColumn();
                    edit(
                      rows.map((r) =>
                        r.key === chosenRow.key ? { ...r, columns: [...r.columns, column] } : r,
                      ),
                    );
                    setSelection({ kind: "column", key: column.key });
                  }}
                >
                  列を追加
                </button>
                <h3>表示する相手</h3>
                <VisibilityFields
                  key={`v-${chosenRow.key}`}
                  data={chosenRow.data}
                  disabled={locked}
                  onChange={(patch) => patchRow(chosenRow.key, patch)}
                />
              </>
            ) : (
              <p className="topics-muted">
                構成からブロック・列・行を選ぶと、ここで内容と表示する相手を設定できます。
              </p>
            )}
            {selection && !locked ? (
              <button type="button" className="ops-button topics-remove" onClick={remove}>
                {selection.kind === "block"
                  ? "このブロックを削除"
                  : selection.kind === "column"
                    ? "この列を削除"
                    : "この行を削除"}
              </button>
            ) : null}
          </section>
        </div>
      ) : (
        <section className="ops-panel topics-json" role="tabpanel" aria-label="JSON（上級者向け）">
          <label htmlFor="topics-json" className="topics-json__label">
            内容（JSON）
          </label>
          <p className="topics-muted">
            ビジュアル編集と同じ内容です。知らない項目もそのまま保存されます。
          </p>
          <textarea
            id="topics-json"
            spellCheck={false}
            readOnly={locked}
            value={jsonText}
            onChange={(e) => {
              setJsonText(e.target.value);
              setJsonProblem(null);
              setNotice(null);
            }}
          />
          <Problem text={jsonProblem} />
        </section>
      )}

      <AudiencePreview content={content} pageType={page.page_type} pageName={page.page_name} />
    </div>
  );
}
