import { useEffect, useRef, useState } from "react";
import type { TopicPreviewAnswer } from "../../../contract/ops-topics";
import { post } from "../../lib/request";
import { TopicBlocks } from "../topic/TopicBlocks";

const AUDIENCES = [
  { key: "visitor", label: "訪問者", note: "ログインしていない方", isLogin: false },
  { key: "member", label: "会員", note: "登録30日・購入なし", isLogin: true },
  { key: "paid", label: "購入した会員", note: "購入1回以上", isLogin: true },
] as const;

const WIDTH = { sp: 375, pc: 1280 } as const;
type Mode = keyof typeof WIDTH;

/** How long typing pauses before the preview is drawn again. */
const SETTLE_MS = 400;

/** A page drawn at a fixed width, scaled down to the pane it has. */
function Pane({ mode, children }: { mode: Mode; children: React.ReactNode }) {
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
  const width = WIDTH[mode];
  const scale = available ? Math.min(1, available / width) : 1;
  return (
    // A long page scrolls inside its pane; the keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys.
    <div className="topics-pane__frame" ref={frame} tabIndex={0}>
      <div className="topics-pane__canvas" style={{ width, zoom: scale }}>
        {children}
      </div>
    </div>
  );
}

/**
 * The content being edited as a visitor, a member who never bought and a member who did would
 * get it, side by side: the server decides each audience's blocks with the store's own rules and
 * placeholders (/api/ops/topic-pages/preview), and the store's own renderer draws them.
 */
export function AudiencePreview({
  content,
  pageType,
  pageName,
}: {
  content: string;
  pageType: "topic" | "page";
  pageName: string;
}) {
  const [answer, setAnswer] = useState<TopicPreviewAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<Mode>("sp");
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      void post<{ preview: TopicPreviewAnswer }>(
        "/api/ops/topic-pages/preview",
        { content, page_type: pageType, page_name: pageName },
        { signal: abort.signal, ownsFailure: () => true },
      ).then((result) => {
        if (abort.signal.aborted) return;
        setFailed(!result.result);
        if (result.result) setAnswer(result.preview);
      });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [content, pageType, pageName]);

  return (
    <section className="ops-panel topics-preview" aria-label="プレビュー">
      <div className="topics-preview__bar">
        <h2>プレビュー（見る人ごと）</h2>
        <fieldset className="topics-switch">
          <legend className="visually-hidden">プレビューの幅</legend>
          {(["sp", "pc"] as const).map((m) => (
            <button
              key={m}
              type="button"
              className="ops-button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
            >
              {m === "sp" ? "スマホ幅" : "PC幅"}
            </button>
          ))}
        </fieldset>
      </div>
      {failed ? (
        <p className="ops-problem" role="alert">
          プレビューを表示できませんでした。少し待ってからもう一度編集してください。
        </p>
      ) : null}
      {/* On a phone the three panes are swiped across; the keyboard can scroll them too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys. */}
      <section className="topics-panes" tabIndex={0} aria-label="見る人ごとのプレビュー">
        {AUDIENCES.map((audience) => (
          <figure
            key={audience.key}
            className="topics-pane"
            data-testid={`preview-${audience.key}`}
          >
            <figcaption>
              <strong>{audience.label}</strong>
              <small>{audience.note}</small>
            </figcaption>
            {answer ? (
              <Pane mode={mode}>
                <TopicBlocks
                  rows={answer[audience.key]}
                  plainText={content}
                  fields={answer.fields}
                  isLogin={audience.isLogin}
                  mode={mode}
                  inert
                />
              </Pane>
            ) : (
              <p className="topics-muted">読み込み中…</p>
            )}
          </figure>
        ))}
      </section>
    </section>
  );
}
