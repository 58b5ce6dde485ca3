import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import {
  blankSection,
  DISPLAY_FLAGS,
  HOME_PREVIEW_AS_PARAM,
  HOME_PREVIEW_PARAM,
  type HomeEditorAnswer,
  type HomeSectionDraft,
  isRuleFilled,
  LAYOUT_TYPES,
  layoutTypeName,
  type PreviewAs,
  RANKING_TYPES,
} from "../../../contract/ops-home";
import { post } from "../../lib/request";
import { ReadOnlyNotice } from "../ops/ReadOnlyNotice";
import { SectionForm } from "./SectionForm";
import "./ops-home.css";

/** A section in the editor's list: a key of its own, since new sections have no id yet. */
interface Row {
  key: string;
  section: HomeSectionDraft;
}

let keys = 0;
const rowsOf = (sections: readonly HomeSectionDraft[]): Row[] =>
  sections.map((section) => ({ key: `s${++keys}`, section }));

const when = (s: HomeSectionDraft) =>
  s.start_at || s.end_at
    ? `${s.start_at?.replace("T", " ") ?? "公開中"} 〜 ${s.end_at?.replace("T", " ") ?? ""}`
    : "常時";

/** What fills the section, in a line: its rule, or how many items it lists. */
function fillLine(s: HomeSectionDraft): string {
  if (s.content_type === 1) return `キャンペーン ${s.campaign_id ?? "未指定"} の対象作品`;
  if (s.content_type === 5) return "閲覧履歴";
  if (s.layout_type === 4) {
    const period = RANKING_TYPES.find(([t]) => t === (s.ranking_type ?? 2))?.[1];
    return `${period}ランキング`;
  }
  if (isRuleFilled(s)) return "自動";
  return `${s.items.length}件`;
}

function SectionRow(props: {
  row: Row;
  index: number;
  count: number;
  selected: boolean;
  mayWrite: boolean;
  onSelect: () => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const { section } = props.row;
  const sortable = useSortable({ id: props.row.key, disabled: !props.mayWrite });
  const t = sortable.transform;
  const flags = DISPLAY_FLAGS.filter(([f]) => section[f]).map(([, label]) => label);
  const name = section.title || layoutTypeName(section.layout_type);
  return (
    <li
      ref={sortable.setNodeRef}
      style={{
        transform: t ? `translate3d(${Math.round(t.x)}px, ${Math.round(t.y)}px, 0)` : undefined,
        transition: sortable.transition,
      }}
      className={[
        "home-row",
        props.selected ? "home-row--selected" : "",
        sortable.isDragging ? "home-row--dragging" : "",
      ].join(" ")}
      data-testid="home-section-row"
    >
      {props.mayWrite ? (
        <button
          type="button"
          className="home-row__handle"
          aria-label={`${name}をドラッグして並べ替え（スペースで持ち上げ、矢印キーで移動）`}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          ⠿
        </button>
      ) : null}
      <span className="home-row__no">{props.index + 1}</span>
      <button type="button" className="home-row__main" onClick={props.onSelect}>
        <span className="home-row__title">{section.title || "（タイトルなし）"}</span>
        <span className="home-row__meta">
          <span className="home-row__type">
            {layoutTypeName(section.layout_type)}（{section.layout_type}）
          </span>
          <span>{fillLine(section)}</span>
          <span>表示 {section.display_number}件</span>
          <span>{when(section)}</span>
          {section.more_url ? <span>もっと見る: {section.more_url}</span> : null}
          {flags.length > 0 ? <span>{flags.join("・")}</span> : null}
          {section.layout_id === null ? <span className="home-row__new">新規</span> : null}
        </span>
      </button>
      {props.mayWrite ? (
        <span className="home-row__moves">
          <button
            type="button"
            className="ops-button ops-button--quiet"
            disabled={props.index === 0}
            onClick={() => props.onMove(-1)}
            aria-label={`${name}を上へ`}
          >
            ↑
          </button>
          <button
            type="button"
            className="ops-button ops-button--quiet"
            disabled={props.index === props.count - 1}
            onClick={() => props.onMove(1)}
            aria-label={`${name}を下へ`}
          >
            ↓
          </button>
          <button
            type="button"
            className="ops-button ops-button--quiet"
            onClick={props.onRemove}
            aria-label={`${name}を削除`}
          >
            削除
          </button>
        </span>
      ) : null}
    </li>
  );
}

const FRAMES = [
  { width: 375, height: 720, scale: 0.6, label: "スマホ（375px）" },
  { width: 1280, height: 900, scale: 0.45, label: "PC（1280px）" },
] as const;

/** The width the frames may take: at phone width each frame shrinks to fit the panel. */
function usePanelWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** The store's own /home drawn from the draft, in a phone and a PC frame. */
function Preview(props: { genre: number; token: string; as: PreviewAs }) {
  const panel = usePanelWidth();
  const query = new URLSearchParams({
    ...(props.genre === 1 ? {} : { genre: String(props.genre) }),
    [HOME_PREVIEW_PARAM]: props.token,
    [HOME_PREVIEW_AS_PARAM]: props.as,
  });
  return (
    <div className="home-preview__frames" ref={panel.ref}>
      {FRAMES.map((f) => {
        const scale = panel.width ? Math.min(f.scale, panel.width / f.width) : f.scale;
        return (
          <figure key={f.width} className="home-preview__frame">
            <figcaption>{f.label}</figcaption>
            <div
              className="home-preview__viewport"
              style={{ width: f.width * scale, height: f.height * scale }}
            >
              <iframe
                title={`プレビュー ${f.label} ${props.as === "member" ? "会員" : "非会員"}`}
                src={`/home?${query}`}
                width={f.width}
                height={f.height}
                style={{ transform: `scale(${scale})` }}
                data-testid={`home-preview-${f.width}`}
              />
            </div>
          </figure>
        );
      })}
    </div>
  );
}

/**
 * The home-layout editor of one genre (issue 24): the section list, reordered by dragging, by
 * keyboard (the handle: space, arrows, space) or with ↑↓; a section added of any type, edited or
 * removed. Changes stay in the browser until 下書きを保存 (or preview / publish, which save first);
 * the draft is the staff's until 公開する writes it over the live home.
 */
export function HomeEditor(props: { editor: HomeEditorAnswer; mayWrite: boolean }) {
  const { editor, mayWrite } = props;
  const revalidator = useRevalidator();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(editor.sections));
  const [selected, setSelected] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [addType, setAddType] = useState(4);
  const [preview, setPreview] = useState<{ token: string; as: PreviewAs } | null>(null);
  const [announce, setAnnounce] = useState("");
  const formRef = useRef<HTMLDivElement>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const change = (next: Row[]) => {
    setRows(next);
    setDirty(true);
    setNotice(null);
    setPreview(null);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length) return;
    change(arrayMove(rows, from, to));
    const title = rows[from]!.section.title || layoutTypeName(rows[from]!.section.layout_type);
    setAnnounce(`${title}を${to + 1}番目に移動しました`);
  };
  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((r) => r.key === active.id);
    const to = rows.findIndex((r) => r.key === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };

  const base = `/api/ops/home/${editor.genre}`;
  async function call<T>(url: string, body?: unknown) {
    setBusy(true);
    setProblem(null);
    const answer = await post<T>(url, body, { ownsFailure: () => true });
    setBusy(false);
    if (!answer.result) setProblem(answer.error_message ?? "保存できませんでした");
    return answer.result ? answer : null;
  }
  async function saveDraft(): Promise<boolean> {
    if (!dirty) return true;
    const saved = await call<{ editor: HomeEditorAnswer }>(`${base}/draft`, {
      sections: rows.map((r) => r.section),
    });
    if (!saved) return false;
    setDirty(false);
    // The status line and the tabs' 下書きあり follow the saved draft.
    void revalidator.revalidate();
    return true;
  }
  async function onSave() {
    if (await saveDraft()) setNotice("下書きを保存しました。公開するまでストアには出ません。");
  }
  async function onPreview(as: PreviewAs) {
    if (!(await saveDraft())) return;
    const answer = await call<{ token: string }>(`${base}/preview`);
    if (answer) setPreview({ token: answer.token, as });
  }
  async function onPublish() {
    if (!(await saveDraft())) return;
    const answer = await call<{ published: boolean; editor: HomeEditorAnswer }>(`${base}/publish`);
    if (!answer) return;
    setRows(rowsOf(answer.editor.sections));
    setSelected(null);
    setPreview(null);
    setNotice(
      answer.published
        ? "公開しました。数秒でストアのトップページに反映されます。"
        : "公開する下書きはありません（すでに公開済みです）。",
    );
    void revalidator.revalidate();
  }
  async function onDiscard() {
    const answer = await call<{ editor: HomeEditorAnswer }>(`${base}/draft/discard`);
    if (!answer) return;
    setRows(rowsOf(answer.editor.sections));
    setDirty(false);
    setSelected(null);
    setPreview(null);
    setNotice("下書きを破棄し、公開中のレイアウトに戻しました。");
    void revalidator.revalidate();
  }
  /** A new section goes under the one selected (the end when none is), and opens its form. */
  function onAdd() {
    const row = { key: `s${++keys}`, section: blankSection(addType) };
    const at = selected === null ? rows.length : rows.findIndex((r) => r.key === selected) + 1;
    change([...rows.slice(0, at), row, ...rows.slice(at)]);
    setSelected(row.key);
    setAnnounce(`${layoutTypeName(addType)}を${at + 1}番目に追加しました`);
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ block: "start" }));
  }

  const index = rows.findIndex((r) => r.key === selected);
  const current = index >= 0 ? rows[index]! : null;

  return (
    <>
      {mayWrite ? null : <ReadOnlyNotice />}
      <section className="ops-panel home-editor">
        <div className="home-editor__status">
          {editor.draft ? (
            <p>
              下書き：{new Date(editor.draft.updated_at).toLocaleString("ja-JP")}（
              {editor.draft.updated_by}）に保存。公開中のレイアウトとは別です。
            </p>
          ) : (
            <p>公開中のレイアウトを表示しています。</p>
          )}
          {dirty ? <p className="home-editor__dirty">保存していない変更があります</p> : null}
        </div>
        <p className="visually-hidden" aria-live="polite">
          {announce}
        </p>
        <h2>セクション（{rows.length}）</h2>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy}>
            <ol className="home-rows" aria-label="セクションの並び">
              {rows.map((row, i) => (
                <SectionRow
                  key={row.key}
                  row={row}
                  index={i}
                  count={rows.length}
                  selected={row.key === selected}
                  mayWrite={mayWrite}
                  onSelect={() => setSelected(row.key === selected ? null : row.key)}
                  onMove={(by) => move(i, i + by)}
                  onRemove={() => {
                    change(rows.filter((r) => r.key !== row.key));
                    if (selected === row.key) setSelected(null);
                  }}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
        {mayWrite ? (
          <div className="home-editor__add">
            <label className="ops-field">
              <span>追加するセクションの種類（選択中のセクションの下に追加）</span>
              <select value={addType} onChange={(e) => setAddType(Number(e.target.value))}>
                {LAYOUT_TYPES.map((t) => (
                  <option key={t.type} value={t.type}>
                    {t.name}（{t.type}）
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="ops-button" onClick={onAdd}>
              セクションを追加
            </button>
          </div>
        ) : null}
      </section>

      {current ? (
        <section className="ops-panel" ref={formRef}>
          <SectionForm
            section={current.section}
            index={index}
            mayWrite={mayWrite}
            onChange={(section) =>
              change(rows.map((r) => (r.key === current.key ? { ...r, section } : r)))
            }
          />
        </section>
      ) : null}

      {mayWrite ? (
        <section className="ops-panel home-editor__actions">
          {problem ? (
            <p className="ops-problem" role="alert">
              {problem}
            </p>
          ) : null}
          {notice ? (
            <p className="ops-notice" role="status">
              {notice}
            </p>
          ) : null}
          <div className="home-editor__buttons">
            <button type="button" className="ops-button" disabled={busy} onClick={onSave}>
              下書きを保存
            </button>
            <button
              type="button"
              className="ops-button"
              disabled={busy}
              onClick={() => onPreview("visitor")}
            >
              プレビュー（非会員）
            </button>
            <button
              type="button"
              className="ops-button"
              disabled={busy}
              onClick={() => onPreview("member")}
            >
              プレビュー（会員）
            </button>
            <button
              type="button"
              className="ops-button ops-button--primary"
              disabled={busy}
              onClick={onPublish}
            >
              公開する
            </button>
            {editor.draft || dirty ? (
              <button
                type="button"
                className="ops-button ops-button--quiet"
                disabled={busy}
                onClick={onDiscard}
              >
                下書きを破棄
              </button>
            ) : null}
          </div>
        </section>
      ) : null}

      {preview ? (
        <section className="ops-panel home-preview" aria-label="プレビュー">
          <h2>
            プレビュー：{preview.as === "member" ? "会員" : "非会員"}の見え方（
            {editor.genre_name}）
          </h2>
          <p className="ops-note">
            ストアのトップページを下書きから表示しています。公開するまで、お客様には見えません。
          </p>
          <Preview genre={editor.genre} token={preview.token} as={preview.as} />
        </section>
      ) : null}
    </>
  );
}
