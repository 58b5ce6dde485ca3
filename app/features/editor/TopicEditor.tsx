import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { tokyoDateTime } from "../../../contract/tokyo-time";
import type { TopicRow } from "../../../contract/topic-content";
import { checkTopicJson, formatForEditing, TOPIC_JSON_WARNING } from "../../../contract/topic-json";
import { post } from "../../lib/request";
import { useHydrated } from "../info/useHydrated";
import { type PreviewMode, type PreviewPageFields, TopicPreview } from "./TopicPreview";
import "./editor.css";

export interface EditorPageOption {
  pageName: string;
  pageType: "topic" | "page";
  title: string;
}

export interface EditorPage extends EditorPageOption, PreviewPageFields {
  content: string;
  /** ISO time of the last update. */
  updatedAt: string;
}

/** Spec 001 §2.2: the preview switch shows the page as a PC (1280 px) or a phone (375 px) sees it. */
export const PREVIEW_WIDTH: Record<PreviewMode, number> = { pc: 1280, sp: 375 };

export function editorUrl(page: Pick<EditorPageOption, "pageName" | "pageType">): string {
  return `/debug/topic_test?page=${encodeURIComponent(page.pageName)}&type=${page.pageType}`;
}

function timeLabel(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : tokyoDateTime(d);
}

/** The preview box scales a 1280 px page down to the width it has, so it never scrolls sideways. */
function usePreviewScale(mode: PreviewMode) {
  const frame = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState<number | null>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAvailable(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const width = PREVIEW_WIDTH[mode];
  const scale = available ? Math.min(1, available / width) : 1;
  return { frame, width, scale };
}

/**
 * The edit layout's editor (spec 001 §2.2, §4): a JSON edit area, a PC or mobile preview switch
 * and an update button. Invalid JSON shows 内容を見直してください and sends nothing.
 */
export function TopicEditor({
  pages,
  page,
}: {
  pages: EditorPageOption[];
  page: EditorPage | null;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [saved, setSaved] = useState(() => (page ? formatForEditing(page.content) : ""));
  const [text, setText] = useState(saved);
  const [mode, setMode] = useState<PreviewMode>("pc");
  const [showConditions, setShowConditions] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [updatedAt, setUpdatedAt] = useState(page?.updatedAt ?? "");
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lastGood = useRef<TopicRow[] | null>(null);
  const { frame, width, scale } = usePreviewScale(mode);
  const dirty = text !== saved;

  const checked = useMemo(() => checkTopicJson(text), [text]);
  if (checked.ok) lastGood.current = checked.rows;
  // While the JSON is half-typed the preview keeps the last good drawing; content that was
  // never JSON is drawn the way the public page draws it (as plain text).
  const rows = checked.ok ? checked.rows : lastGood.current;

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  async function update() {
    if (!page || busy) return;
    setNotice(null);
    const result = checkTopicJson(text);
    if (!result.ok) {
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    setBusy(true);
    const answer = await post<{ page: { content: string; updated_at: string } }>(
      `/api/topic_page/${encodeURIComponent(page.pageName)}`,
      { content: text, page_type: page.pageType },
    );
    setBusy(false);
    if (!answer.result) return;
    setSaved(text);
    setUpdatedAt(answer.page.updated_at);
    setNotice(`更新しました（${timeLabel(answer.page.updated_at)}）`);
  }

  function choosePage(value: string) {
    const [pageType, pageName] = value.split(":") as ["topic" | "page", string];
    if (
      dirty &&
      !window.confirm("保存していない変更があります。破棄して別のページを開きますか？")
    ) {
      return;
    }
    navigate(editorUrl({ pageName, pageType }));
  }

  return (
    <div className="editor">
      <div className="editor__bar">
        <label className="editor__picker">
          <span>編集するページ</span>
          <select
            value={page ? `${page.pageType}:${page.pageName}` : ""}
            onChange={(e) => choosePage(e.target.value)}
          >
            {page ? null : <option value="">選択してください</option>}
            {pages.map((p) => (
              <option key={`${p.pageType}:${p.pageName}`} value={`${p.pageType}:${p.pageName}`}>
                /{p.pageType}/{p.pageName} — {p.title}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="editor__switch">
          <legend className="visually-hidden">プレビューの表示</legend>
          {(["pc", "sp"] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              className="editor__switch-button"
              disabled={!hydrated}
              onClick={() => setMode(m)}
            >
              {m === "pc" ? "PC" : "スマホ"}
            </button>
          ))}
        </fieldset>
        <label className="editor__conditions">
          <input
            type="checkbox"
            checked={showConditions}
            onChange={(event) => setShowConditions(event.target.checked)}
          />
          表示条件を表示
        </label>
        <button
          type="button"
          className="button button--primary editor__update"
          onClick={update}
          disabled={!page || busy || !hydrated}
        >
          {busy ? "更新中…" : "更新する"}
        </button>
      </div>

      {problem ? (
        <div className="editor__warning" role="alert">
          <strong>{TOPIC_JSON_WARNING}</strong>
          <span>{problem}</span>
        </div>
      ) : null}
      {notice ? (
        <p className="editor__notice" role="status">
          {notice}
        </p>
      ) : null}

      {page ? (
        <div className="editor__panes">
          <div className="editor__source">
            <label htmlFor="topic-json" className="editor__label">
              内容（JSON）
              {dirty ? <span className="editor__dirty">未保存の変更あり</span> : null}
            </label>
            <textarea
              id="topic-json"
              className="editor__textarea"
              spellCheck={false}
              // Typing before the page is live would be overwritten when React takes over.
              readOnly={!hydrated}
              value={text}
              aria-invalid={!checked.ok}
              aria-describedby="topic-json-state"
              onChange={(e) => {
                setText(e.target.value);
                setNotice(null);
                if (problem && checkTopicJson(e.target.value).ok) setProblem(null);
              }}
              onKeyDown={(e) => {
                if ((e.ctrlKey || e.metaKey) && e.key === "s") {
                  e.preventDefault();
                  void update();
                }
              }}
            />
            <p id="topic-json-state" className="editor__state" data-ok={checked.ok}>
              {checked.ok
                ? `JSONは正しい形式です（${checked.rows.length}行）`
                : `JSONに誤りがあります：${checked.problem}`}
            </p>
            <p className="editor__meta">
              最終更新：{timeLabel(updatedAt)}
              <a href={`/${page.pageType}/${page.pageName}`} target="_blank" rel="noreferrer">
                公開ページを開く
              </a>
            </p>
          </div>
          <section className="editor__preview" aria-label="プレビュー">
            <p className="editor__label">
              プレビュー：{mode === "pc" ? "PC" : "スマホ"}（幅{width}px・
              {Math.round(scale * 100)}%表示）
              {!checked.ok && rows ? (
                <span className="editor__dirty">最後に正しかった内容を表示中</span>
              ) : null}
            </p>
            <div className="editor__frame" ref={frame}>
              <div
                className={`editor__canvas editor__canvas--${mode}`}
                style={{ width, zoom: scale }}
                data-testid="preview-canvas"
              >
                <TopicPreview
                  rows={rows}
                  plainText={text}
                  mode={mode}
                  page={page}
                  showConditions={showConditions}
                />
              </div>
            </div>
          </section>
        </div>
      ) : (
        <p className="empty">編集できるトピックページがありません。</p>
      )}
    </div>
  );
}
