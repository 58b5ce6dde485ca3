import { Component, createContext, type ReactNode, useContext, useState } from "react";
import { genreName } from "../../../contract/genres";
import type { TopicBlock, TopicRow, TopicVisibility } from "../../../contract/topic-content";
import { SafeHtml } from "./safe-html";

export type PreviewMode = "pc" | "sp";

/** The page's own fields, used by blocks that name no id and by the plain-text fallback. */
export interface PreviewPageFields {
  releaseDate: string | null;
  publisherId: number | null;
  labelId: number | null;
  magazineId: number | null;
  genreId: number | null;
  categoryId: number | null;
  tags: string[];
}

/** A block's genre as the editor shows it; 0 is すべて. */
const genreLabel = (id: number) => (id === 0 ? "すべて" : genreName(id));

/** Shell pages the text placeholders stand for (spec 000 §5 "Text placeholders"). */
const URL_PLACEHOLDERS: Record<string, string> = {
  "{signup_url}": "/signup",
  "{login_url}": "/login",
  "{leave_url}": "/leave",
};

function withUrls(text: string): string {
  return text.replace(/\{(signup|login|leave)_url\}/g, (p) => URL_PLACEHOLDERS[p] ?? p);
}

const str = (v: unknown, fallback = ""): string => (typeof v === "string" ? v : fallback);
const num = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function releaseLabel(date: string | null | undefined): string {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(date ?? "");
  return m ? `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日` : "未設定";
}

interface PreviewState {
  page: PreviewPageFields;
  openToggle: string | null;
  setOpenToggle: (key: string | null) => void;
}
const Preview = createContext<PreviewState | null>(null);
const usePreview = () => useContext(Preview)!;

/** Visibility markers are not applied in the preview; they are shown so staff can see them. */
function Conditions({ on }: { on: TopicVisibility & { type?: string } }) {
  const parts = [
    on.class && `class: ${on.class}`,
    on.url && `url: ${on.url}`,
    on.utmSource && `utmSource: ${on.utmSource}`,
    on.utmMedium && `utmMedium: ${on.utmMedium}`,
    on.utmCampaign && `utmCampaign: ${on.utmCampaign}`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="tp-conditions">表示条件 {parts.join(" / ")}</span>;
}

function LabelledBox({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div className="tp-labelled">
      <span className="tp-labelled__label">{label}</span>
      {children}
    </div>
  );
}

/** One broken block shows as a labelled box instead of taking the whole preview down. */
class BlockBoundary extends Component<{ type: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (this.state.failed) {
      return <LabelledBox label={`表示できないブロック: ${this.props.type}`} />;
    }
    return this.props.children;
  }
}

function SearchButton({ kind, id }: { kind: string; id: number | null | undefined }) {
  const keys: Record<string, [string, string]> = {
    publisher: ["pb", "出版社"],
    label: ["lb", "レーベル"],
    magazine: ["mz", "掲載誌"],
    genre: ["gn", "ジャンル"],
    category: ["cg", "カテゴリ"],
  };
  const [key, label] = keys[kind]!;
  if (id === null || id === undefined) {
    return <LabelledBox label={`${label}ボタン（このページに${label}が設定されていません）`} />;
  }
  const name = kind === "genre" && genreLabel(id) ? genreLabel(id) : `${label} ID ${id}`;
  return (
    <a className="tp-button tp-button--chip" href={`/search?${key}=${id}`}>
      {name}の作品を見る
    </a>
  );
}

function scrollToHeader(id: string) {
  document.getElementById(`preview-${id}`)?.scrollIntoView({ behavior: "smooth", block: "start" });
}

function Block({ block, at }: { block: TopicBlock; at: string }) {
  const { page } = usePreview();
  const b = block as Record<string, unknown> & { type: string };
  switch (b.type) {
    case "header": {
      const level = num(b.level) === 1 ? 2 : num(b.level) === 3 ? 4 : 3;
      const Tag = `h${level}` as "h2" | "h3" | "h4";
      const id = str(b.id);
      return (
        <Tag className={`tp-header tp-header--${level - 1}`} id={id ? `preview-${id}` : undefined}>
          {str(b.text)}
        </Tag>
      );
    }
    case "box":
      return (
        <div className={`tp-box tp-box--${str(b.style, "plain")}`}>
          <Blocks blocks={list(b.blocks) as TopicBlock[]} at={`${at}-box`} />
        </div>
      );
    case "image": {
      const img = (
        <img
          className="tp-image"
          src={str(b.src)}
          alt={str(b.alt)}
          width={num(b.width)}
          height={num(b.height)}
          loading="lazy"
        />
      );
      return b.href ? <a href={withUrls(str(b.href))}>{img}</a> : img;
    }
    case "youtube":
      return (
        <LabelledBox label="YouTube動画">
          <div className="tp-youtube">
            <span aria-hidden="true">▶</span> {str(b.title, "（タイトルなし）")}（{str(b.videoId)}）
          </div>
        </LabelledBox>
      );
    case "leadlinkImg":
      return (
        <div className="tp-leadlink">
          <span className="tp-pr">PR</span>
          <a href={str(b.href)} rel="noopener noreferrer sponsored" target="_blank">
            <img className="tp-image" src={str(b.src)} alt={str(b.alt)} loading="lazy" />
          </a>
          <small>外部サイトへ移動します</small>
        </div>
      );
    case "imgList": {
      const columns = Math.min(Math.max(num(b.columns) ?? 2, 1), 6);
      return (
        <ul className="tp-imglist" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
          {list(b.items).map((raw, i) => {
            const item = (raw ?? {}) as Record<string, unknown>;
            const img = (
              <img className="tp-image" src={str(item.src)} alt={str(item.alt)} loading="lazy" />
            );
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: items have no id and never reorder while shown.
              <li key={i}>{item.href ? <a href={withUrls(str(item.href))}>{img}</a> : img}</li>
            );
          })}
        </ul>
      );
    }
    case "text":
      return (
        <div className="tp-text">
          <SafeHtml html={withUrls(str(b.html))} />
        </div>
      );
    case "space":
      return <div style={{ height: Math.min(Math.max(num(b.height) ?? 16, 0), 400) }} />;
    case "hr":
      return <hr className="tp-hr" />;
    case "release":
      return <p className="tp-release">配信日：{releaseLabel(str(b.date) || page.releaseDate)}</p>;
    case "publisher":
    case "label":
    case "magazine":
    case "genre":
    case "category": {
      const own = {
        publisher: page.publisherId,
        label: page.labelId,
        magazine: page.magazineId,
        genre: page.genreId,
        category: page.categoryId,
      }[b.type];
      return <SearchButton kind={b.type} id={num(b.id) ?? own} />;
    }
    case "button":
      return b.href ? (
        <a className="tp-button" href={withUrls(str(b.href))}>
          {str(b.text, "詳しく見る")}
        </a>
      ) : (
        <a className="tp-button" href="/">
          {str(b.text, "HOMEへ戻る")}
        </a>
      );
    case "shortBtn": {
      const pageLink = str(b.pageLink);
      if (pageLink) {
        return (
          <button
            type="button"
            className="tp-button tp-button--short"
            onClick={() => scrollToHeader(pageLink)}
          >
            {str(b.text)}
          </button>
        );
      }
      return (
        <a className="tp-button tp-button--short" href={withUrls(str(b.href, "/"))}>
          {str(b.text)}
        </a>
      );
    }
    case "entryBtn":
      return (
        <LabelledBox label={`エントリーボタン（entry_id: ${num(b.entryId) ?? "未設定"}）`}>
          {b.newsletterText ? (
            <label className="tp-entry-check">
              <input type="checkbox" defaultChecked /> {str(b.newsletterText)}
            </label>
          ) : null}
          <button type="button" className="tp-button" disabled>
            {str(b.text, "エントリーする")}
          </button>
          <small>エントリー後の表示：{str(b.enteredText, "エントリー済み")}</small>
        </LabelledBox>
      );
    case "homeContent":
      return (
        <LabelledBox
          label={`ホームセクション（layout_id: ${num(b.layoutId) ?? "未設定"}${num(b.num) ? `、${num(b.num)}件` : ""}）`}
        >
          <small>公開ページではこの位置にホームの作品枠が表示されます。</small>
        </LabelledBox>
      );
    case "ranking": {
      const pagetype = num(b.pagetype) === 2 ? 2 : 1;
      const tp = num(b.tp) ?? 2;
      const period = tp === 1 ? "デイリー" : tp === 3 ? "月間" : "週間";
      return (
        <LabelledBox label="ランキング">
          <strong>{str(b.title, "毎日更新！人気ランキング")}</strong>
          <small>
            {period}・{num(b.ln) ?? 30}位まで・{genreLabel(num(b.genre) ?? 1) ?? "総合"}
          </small>
          <a href={pagetype === 2 ? "/free_ranking" : "/ranking"}>もっと見る</a>
        </LabelledBox>
      );
    }
    case "toggleTitle":
    case "toggle":
      // Pairs are drawn by Blocks; a toggle without its title (or the reverse) lands here.
      return (
        <LabelledBox
          label={`対になる${b.type === "toggle" ? "toggleTitle" : "toggle"}がありません`}
        />
      );
    default:
      return <LabelledBox label={`未対応のブロック: ${b.type}`} />;
  }
}

function TogglePair({ id, title, html }: { id: string; title: string; html: string }) {
  const { openToggle, setOpenToggle } = usePreview();
  const open = openToggle === id;
  return (
    <div className="tp-toggle" data-open={open}>
      <button
        type="button"
        className="tp-toggle__title"
        aria-expanded={open}
        onClick={() => setOpenToggle(open ? null : id)}
      >
        {title}
      </button>
      {open ? (
        <div className="tp-toggle__body">
          <SafeHtml html={withUrls(html)} />
        </div>
      ) : null}
    </div>
  );
}

function Blocks({ blocks, at }: { blocks: TopicBlock[]; at: string }) {
  const out: ReactNode[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const next = blocks[i + 1];
    const key = `${at}-${i}`;
    if (block?.type === "toggleTitle" && next?.type === "toggle") {
      out.push(
        <div key={key} className="tp-block">
          <Conditions on={block} />
          <TogglePair id={key} title={str(block.text)} html={str(next.html)} />
        </div>,
      );
      i++;
      continue;
    }
    out.push(
      <div key={key} className="tp-block">
        <Conditions on={block ?? {}} />
        <BlockBoundary type={String(block?.type)}>
          <Block block={block} at={key} />
        </BlockBoundary>
      </div>,
    );
  }
  return <>{out}</>;
}

/** The spec's fallback for content that is not JSON: the text, then the page's own fields. */
function PlainTextPage({ text, page }: { text: string; page: PreviewPageFields }) {
  return (
    <div className="tp-plain">
      <p className="tp-plain__text">{text}</p>
      <p className="tp-release">配信日：{releaseLabel(page.releaseDate)}</p>
      <div className="tp-chips">
        <SearchButton kind="publisher" id={page.publisherId} />
        <SearchButton kind="label" id={page.labelId} />
        <SearchButton kind="magazine" id={page.magazineId} />
        <SearchButton kind="genre" id={page.genreId} />
        <SearchButton kind="category" id={page.categoryId} />
      </div>
      {page.tags.length > 0 ? (
        <ul className="tp-tags">
          {page.tags.map((tag) => (
            <li key={tag}>#{tag}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A simple drawing of topic content for the editor: every block type of spec 000 in a plain
 * form, unknown or broken blocks as labelled boxes, column widths from lRange (PC) or sRange
 * (mobile). Links inside are not followed, so a click cannot lose the text being edited.
 */
export function TopicPreview({
  rows,
  plainText,
  mode,
  page,
}: {
  rows: TopicRow[] | null;
  plainText: string;
  mode: PreviewMode;
  page: PreviewPageFields;
}) {
  const [openToggle, setOpenToggle] = useState<string | null>(null);
  return (
    <Preview.Provider value={{ page, openToggle, setOpenToggle }}>
      <div
        className={`tp tp--${mode}`}
        onClickCapture={(event) => {
          if ((event.target as HTMLElement).closest("a")) event.preventDefault();
        }}
      >
        {rows === null ? (
          <PlainTextPage text={plainText} page={page} />
        ) : rows.length === 0 ? (
          <p className="tp-empty">ブロックがありません。</p>
        ) : (
          rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the edited JSON.
            <div key={r} className="tp-row">
              <Conditions on={row} />
              <div className="tp-row__columns">
                {list(row.columns).map((raw, c) => {
                  const column = (raw ?? {}) as TopicRow["columns"][number];
                  const span = (mode === "pc" ? column.lRange : column.sRange) ?? 12;
                  return (
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions too.
                      key={c}
                      className="tp-column"
                      style={{ flexBasis: `${(Math.min(Math.max(span, 1), 12) / 12) * 100}%` }}
                    >
                      <Conditions on={column} />
                      <Blocks blocks={list(column.blocks) as TopicBlock[]} at={`${r}-${c}`} />
                    </div>
                  );
                })}
              </div>
            </div>
          ))
        )}
      </div>
    </Preview.Provider>
  );
}
