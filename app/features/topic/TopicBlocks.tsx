import {
  Component,
  type CSSProperties,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useState,
} from "react";
import { Link } from "react-router";
import type { LayoutConfig, SeriesItem } from "../../../contract/items";
import { safeLinkUrl } from "../../../contract/safe-url";
import type {
  EntryButtonState,
  SearchKind,
  ShownBlock,
  ShownRow,
  TopicPageFields,
} from "../../../contract/topic";
import type { TopicVisibility } from "../../../contract/topic-content";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { post } from "../../lib/request";
import { track } from "../analytics/track";
import { LazySection } from "../home/LazySection";
import { RankingList } from "../home/SeriesSections";
import { TopicHomeFrames } from "../home/section-frame";
// Home sections and the ranking list drawn inside topic content bring their own styles.
import "../home/home.css";
import "./topic.css";

/**
 * The one drawing of topic content (spec 000 §2 "Topic page renderer") for /topic and /page, the
 * drawer, popups and the editor's preview. It draws what it is given: deciding which blocks a
 * visitor may see, filling placeholders and sanitising HTML happen on the server
 * (server/modules/topic/visibility.ts), so `html` fields arrive clean. Column widths are the one
 * thing decided here, by CSS, because only the browser knows the screen width.
 */
export interface TopicBlocksProps {
  /** null: the content was not JSON; plainText is shown with the page's fields. */
  rows: ShownRow[] | null;
  plainText?: string;
  fields?: TopicPageFields;
  isLogin: boolean;
  /** Fixed layouts for the editor's preview; by default the screen width decides. */
  mode?: "auto" | "pc" | "sp";
  /** The editor's overlay: each row, column and block shows its visibility rules. */
  showConditions?: boolean;
  /** Links do not navigate (the editor, so a click cannot lose the text being edited). */
  inert?: boolean;
  /** Called when a link inside is followed (the drawer closes). */
  onNavigate?: () => void;
  /** Home sections here are tracked with this frame prefix (spec 000 "Tracking link rule"). */
  genre?: number;
}

const NO_FIELDS: TopicPageFields = {
  releaseDate: null,
  publisherId: null,
  labelId: null,
  magazineId: null,
  genreId: null,
  categoryId: null,
  tags: [],
  names: {},
};

interface RenderState {
  fields: TopicPageFields;
  isLogin: boolean;
  showConditions: boolean;
  onNavigate?: () => void;
  genre: number;
  openToggle: string | null;
  setOpenToggle: (key: string | null) => void;
}
const Render = createContext<RenderState | null>(null);
const useRender = () => useContext(Render)!;

const str = (v: unknown, fallback = ""): string => (typeof v === "string" ? v : fallback);
const num = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi);

export function releaseLabel(date: string | null | undefined): string {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(date ?? "");
  return m ? `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日` : "未設定";
}

/** Scroll-to animation of spec 000 §9: 300 ms, eased. */
export const PAGE_LINK_MS = 300;

export function scrollToHeader(id: string) {
  const target = document.getElementById(`topic-${id}`);
  if (!target) return;
  const from = window.scrollY;
  const to = from + target.getBoundingClientRect().top - 56;
  const start = performance.now();
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  const step = (t: number) => {
    const p = reduce ? 1 : Math.min(1, (t - start) / PAGE_LINK_MS);
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    window.scrollTo(0, from + (to - from) * eased);
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** The editor's overlay of a row's, column's or block's visibility rules. */
function Conditions({ on }: { on: TopicVisibility }) {
  const { showConditions } = useRender();
  if (!showConditions) return null;
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

/** One broken block shows as a labelled box instead of taking the whole page down. */
class BlockBoundary extends Component<{ type: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (this.state.failed)
      return <LabelledBox label={`表示できないブロック: ${this.props.type}`} />;
    return this.props.children;
  }
}

/** A link written by staff: site paths stay in the app, http(s) opens a tab, others are text. */
function TopicLink(props: {
  href: unknown;
  className?: string;
  children: ReactNode;
  rel?: string;
}) {
  const { onNavigate } = useRender();
  const href = safeLinkUrl(props.href);
  if (!href) return <span className={props.className}>{props.children}</span>;
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={props.className} onClick={onNavigate}>
        {props.children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      className={props.className}
      target="_blank"
      rel={props.rel ?? "noopener noreferrer"}
      // A link out of the store is a lead-link click (spec 000 §7 click_leadlink).
      onClick={() => track("click_leadlink", { target_id: href.slice(0, 200), frame: "topic" })}
    >
      {props.children}
    </a>
  );
}

const SEARCH_KEYS = {
  publisher: ["pb", "出版社"],
  label: ["lb", "レーベル"],
  magazine: ["mz", "掲載誌"],
  genre: ["gn", "ジャンル"],
  category: ["cg", "カテゴリ"],
} as const;

/**
 * A search button shows the name of what it searches (the server names it: the block's own id
 * as `name`, the page's as fields.names). Without a name there is nothing real to search: the
 * public page leaves it out and staff are told why.
 */
function SearchButton({
  kind,
  id,
  name,
}: {
  kind: SearchKind;
  id: number | null | undefined;
  name: string | undefined;
}) {
  const { showConditions } = useRender();
  const [key, label] = SEARCH_KEYS[kind];
  if (id === null || id === undefined) {
    return showConditions ? (
      <LabelledBox label={`${label}ボタン（このページに${label}が設定されていません）`} />
    ) : null;
  }
  if (!name) {
    // The editor's preview names nothing; the public page shows the name, or no button when the
    // id names nothing.
    return showConditions ? (
      <LabelledBox label={`${label}ボタン（${label} ID ${id}。公開ページでは名前を表示）`} />
    ) : null;
  }
  return (
    <TopicLink href={`/search?${key}=${id}`} className="tp-button tp-button--chip">
      {name}の作品を見る
    </TopicLink>
  );
}

/** Privacy-friendly video: nothing is fetched from YouTube until the reader asks to play. */
function YouTube({ videoId, title }: { videoId: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  const id = /^[A-Za-z0-9_-]{6,20}$/.test(videoId) ? videoId : null;
  if (!id) return null;
  if (playing) {
    return (
      <div className="tp-youtube tp-youtube--playing">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1`}
          title={title || "YouTube動画"}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <button type="button" className="tp-youtube" onClick={() => setPlaying(true)}>
      <span className="tp-youtube__play" aria-hidden="true">
        ▶
      </span>
      <span className="tp-youtube__title">{title || "YouTube動画"}</span>
      <small>再生するとYouTube（Google）に接続します</small>
    </button>
  );
}

/** spec 000 §4: enabled only while accepted, not yet entered, and with the newsletter box ticked when needed. */
export function EntryButton({
  block,
  entry,
}: {
  block: ShownBlock & { type: "entryBtn" };
  entry: EntryButtonState;
}) {
  const [completed, setCompleted] = useState(entry.completed);
  const [newsletter, setNewsletter] = useState(true);
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const needsBox = entry.newsletter_required || Boolean(block.newsletterText);
  const enabled =
    entry.is_login &&
    entry.accepted &&
    !completed &&
    !sending &&
    (!entry.newsletter_required || newsletter);
  const enter = async () => {
    setAsking(false);
    setSending(true);
    const answer = await post(`/api/entry/${entry.entry_id}`, {
      newsletter: needsBox && newsletter,
    });
    setSending(false);
    if (answer.result) setCompleted(true);
  };
  return (
    <div className="tp-entry" data-entry-id={entry.entry_id}>
      {needsBox && !completed ? (
        <label className="tp-entry-check">
          <input
            type="checkbox"
            checked={newsletter}
            onChange={(event) => setNewsletter(event.target.checked)}
          />
          {block.newsletterText || "メールマガジンを受け取る"}
        </label>
      ) : null}
      <button
        type="button"
        className="tp-button tp-entry__button"
        disabled={!enabled}
        onClick={() => setAsking(true)}
      >
        {completed ? block.enteredText || "エントリー済み" : block.text || "エントリーする"}
      </button>
      {!entry.accepted && !completed ? <small>受付期間外です</small> : null}
      <ConfirmDialog
        open={asking}
        message={`${block.text || "エントリーする"}。よろしいですか？`}
        onYes={enter}
        onNo={() => setAsking(false)}
      />
    </div>
  );
}

function HomeSection({ layout }: { layout: LayoutConfig }) {
  const { isLogin, genre } = useRender();
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  return (
    <TopicHomeFrames.Provider value={true}>
      <LazySection
        layout={layout}
        ctx={{ genre, useCache: false, cacheKey: "", isLogin, highlightRanking: false }}
        onHide={() => setHidden(true)}
      />
    </TopicHomeFrames.Provider>
  );
}

/** Ranking defaults of spec 000 §9: tp 2, ln 30, pagetype 1, genre 1. */
export function rankingParams(block: ShownBlock & { type: "ranking" }) {
  return {
    tp: [1, 2, 3].includes(num(block.tp) ?? 0) ? num(block.tp)! : 2,
    ln: clamp(num(block.ln) ?? 30, 1, 100),
    pagetype: num(block.pagetype) === 2 ? 2 : 1,
    genre: num(block.genre) ?? 1,
  };
}

export const RANKING_DEFAULT_TITLE = "毎日更新！人気ランキング";

function Ranking({ block }: { block: ShownBlock & { type: "ranking" } }) {
  const { tp, ln, pagetype, genre } = rankingParams(block);
  const [items, setItems] = useState<SeriesItem[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    post<{ data: SeriesItem[] }>(
      `/api/personal/ranking/${pagetype}/${tp}/${genre}/${ln}`,
      {},
      { signal: abort.signal },
    ).then((answer) => {
      if (!abort.signal.aborted) setItems(answer.result ? answer.data : []);
    });
    return () => abort.abort();
  }, [tp, ln, pagetype, genre]);
  const base = pagetype === 2 ? "/free_ranking" : "/ranking";
  const more = `${base}?tp=${tp}&genre=${genre}`;
  // A ranking with nothing to show hides itself (spec 000 §4).
  if (items !== null && items.length === 0) return null;
  const layout = rankingLayout(block.title || RANKING_DEFAULT_TITLE, ln);
  return (
    <section className="tp-ranking" aria-label={block.title || RANKING_DEFAULT_TITLE}>
      <h3 className="tp-ranking__title">{block.title || RANKING_DEFAULT_TITLE}</h3>
      {items === null ? (
        <p className="tp-ranking__loading">読み込み中…</p>
      ) : (
        <RankingList layout={layout} items={items} />
      )}
      <TopicLink href={more} className="tp-ranking__more">
        もっと見る
      </TopicLink>
    </section>
  );
}

function rankingLayout(title: string, ln: number): LayoutConfig {
  return {
    layout_id: 0,
    layout_type: 3,
    content_type: null,
    title,
    icon: "ranking",
    more_url: null,
    display_number: ln,
    campaign_id: null,
    frame_class: "topic_home_ranking",
    read_flag: false,
    display_new_flag: true,
    display_final_flag: true,
    display_appeal_flag: false,
    display_policy_flag: false,
    display_end_label_flag: false,
    display_name_flag: true,
  };
}

export function Html({ html, className }: { html: string; className: string }) {
  // Sanitised by the server (or by the editor before previewing) with contract/topic-html.ts.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup was cleaned by DOMPurify
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

function Block({ block, at }: { block: ShownBlock; at: string }) {
  const { fields, showConditions } = useRender();
  const b = block as ShownBlock & Record<string, unknown>;
  switch (block.type) {
    case "header": {
      const level = num(block.level) === 1 ? 2 : num(block.level) === 3 ? 4 : 3;
      const Tag = `h${level}` as "h2" | "h3" | "h4";
      return (
        <Tag
          className={`tp-header tp-header--${level - 1}`}
          id={block.id ? `topic-${block.id}` : undefined}
        >
          {str(block.text)}
        </Tag>
      );
    }
    case "box":
      return (
        <div className={`tp-box tp-box--${str(block.style, "plain").replace(/[^a-z-]/g, "")}`}>
          <Blocks blocks={list(block.blocks) as ShownBlock[]} at={`${at}-box`} />
        </div>
      );
    case "image": {
      const img = (
        <img
          className="tp-image"
          src={safeLinkUrl(block.src) ?? ""}
          alt={str(block.alt)}
          width={num(block.width)}
          height={num(block.height)}
          loading="lazy"
        />
      );
      return block.href ? <TopicLink href={block.href}>{img}</TopicLink> : img;
    }
    case "youtube":
      return <YouTube videoId={str(block.videoId)} title={str(block.title)} />;
    case "leadlinkImg":
      return (
        <div className="tp-leadlink">
          <span className="tp-pr">PR</span>
          <TopicLink href={block.href} rel="noopener noreferrer sponsored">
            <img
              className="tp-image"
              src={safeLinkUrl(block.src) ?? ""}
              alt={str(block.alt)}
              loading="lazy"
            />
          </TopicLink>
          <small>外部サイトへ移動します</small>
        </div>
      );
    case "imgList": {
      const columns = clamp(num(block.columns) ?? 2, 1, 6);
      return (
        <ul className="tp-imglist" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
          {list(block.items).map((raw, i) => {
            const item = (raw ?? {}) as Record<string, unknown>;
            const img = (
              <img
                className="tp-image"
                src={safeLinkUrl(item.src) ?? ""}
                alt={str(item.alt)}
                loading="lazy"
              />
            );
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: items have no id and never reorder while shown.
              <li key={i}>{item.href ? <TopicLink href={item.href}>{img}</TopicLink> : img}</li>
            );
          })}
        </ul>
      );
    }
    case "text":
      return <Html className="tp-text" html={str(block.html)} />;
    case "space":
      return (
        <div className="tp-space" style={{ height: clamp(num(block.height) ?? 16, 0, 400) }} />
      );
    case "hr":
      return <hr className="tp-hr" />;
    case "release":
      return (
        <p className="tp-release">配信日：{releaseLabel(str(block.date) || fields.releaseDate)}</p>
      );
    case "publisher":
    case "label":
    case "magazine":
    case "genre":
    case "category": {
      const own = {
        publisher: fields.publisherId,
        label: fields.labelId,
        magazine: fields.magazineId,
        genre: fields.genreId,
        category: fields.categoryId,
      }[block.type];
      const id = num(block.id);
      return (
        <SearchButton
          kind={block.type}
          id={id ?? own}
          name={id === undefined ? fields.names[block.type] : b.name}
        />
      );
    }
    case "button":
      return block.href ? (
        <TopicLink href={block.href} className="tp-button">
          {str(block.text, "詳しく見る")}
        </TopicLink>
      ) : (
        <TopicLink href="/" className="tp-button">
          {str(block.text, "HOMEへ戻る")}
        </TopicLink>
      );
    case "shortBtn":
      if (block.pageLink) {
        const target = block.pageLink;
        return (
          <button
            type="button"
            className="tp-button tp-button--short"
            onClick={() => scrollToHeader(target)}
          >
            {str(block.text)}
          </button>
        );
      }
      return (
        <TopicLink href={block.href || "/"} className="tp-button tp-button--short">
          {str(block.text)}
        </TopicLink>
      );
    case "entryBtn":
      if (!b.entry) {
        return showConditions ? (
          <LabelledBox label={`エントリーボタン（entry_id: ${num(block.entryId) ?? "未設定"}）`}>
            <button type="button" className="tp-button" disabled>
              {str(block.text, "エントリーする")}
            </button>
            <small>エントリー後の表示：{str(block.enteredText, "エントリー済み")}</small>
          </LabelledBox>
        ) : null;
      }
      return <EntryButton block={block} entry={b.entry as EntryButtonState} />;
    case "homeContent":
      if (!b.layout) {
        return showConditions ? (
          <LabelledBox
            label={`ホームセクション（layout_id: ${num(block.layoutId) ?? "未設定"}${num(block.num) ? `、${num(block.num)}件` : ""}）`}
          >
            <small>公開ページではこの位置にホームの作品枠が表示されます。</small>
          </LabelledBox>
        ) : null;
      }
      return <HomeSection layout={b.layout as LayoutConfig} />;
    case "ranking":
      return <Ranking block={block} />;
    case "toggleTitle":
    case "toggle":
      // Pairs are drawn by Blocks; a half pair is a content mistake only staff need to see.
      return showConditions ? (
        <LabelledBox
          label={`対になる${block.type === "toggle" ? "toggleTitle" : "toggle"}がありません`}
        />
      ) : null;
    default:
      return showConditions ? (
        <LabelledBox label={`未対応のブロック: ${(block as { type: string }).type}`} />
      ) : null;
  }
}

/** spec 000 §4: the accordion opens one panel at a time. */
function TogglePair({ id, title, html }: { id: string; title: string; html: string }) {
  const { openToggle, setOpenToggle } = useRender();
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
      {open ? <Html className="tp-toggle__body" html={html} /> : null}
    </div>
  );
}

function Blocks({ blocks, at }: { blocks: ShownBlock[]; at: string }) {
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
      <div key={key} className="tp-block" data-type={block?.type}>
        <Conditions on={block ?? {}} />
        <BlockBoundary type={String(block?.type)}>
          <Block block={block} at={key} />
        </BlockBoundary>
      </div>,
    );
  }
  return <>{out}</>;
}

/** spec 000 §2: content that is not JSON is shown as text, then the page's own fields. */
function PlainTextPage({ text, fields }: { text: string; fields: TopicPageFields }) {
  return (
    <div className="tp-plain">
      <p className="tp-plain__text">{text}</p>
      <p className="tp-release">配信日：{releaseLabel(fields.releaseDate)}</p>
      <div className="tp-chips">
        <SearchButton kind="publisher" id={fields.publisherId} name={fields.names.publisher} />
        <SearchButton kind="label" id={fields.labelId} name={fields.names.label} />
        <SearchButton kind="magazine" id={fields.magazineId} name={fields.names.magazine} />
        <SearchButton kind="genre" id={fields.genreId} name={fields.names.genre} />
        <SearchButton kind="category" id={fields.categoryId} name={fields.names.category} />
      </div>
      {fields.tags.length > 0 ? (
        <ul className="tp-tags">
          {fields.tags.map((tag) => (
            <li key={tag}>
              <TopicLink href={`/search?wd=${encodeURIComponent(tag)}`}>#{tag}</TopicLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const span = (v: unknown) => clamp(Math.round(num(v) ?? 12), 1, 12);

export function TopicBlocks({
  rows,
  plainText = "",
  fields = NO_FIELDS,
  isLogin,
  mode = "auto",
  showConditions = false,
  inert = false,
  onNavigate,
  genre = 1,
}: TopicBlocksProps) {
  const [openToggle, setOpenToggle] = useState<string | null>(null);
  return (
    <Render.Provider
      value={{ fields, isLogin, showConditions, onNavigate, genre, openToggle, setOpenToggle }}
    >
      <div
        className={`tp tp--${mode}`}
        onClickCapture={
          inert
            ? (event) => {
                if ((event.target as HTMLElement).closest("a")) event.preventDefault();
              }
            : undefined
        }
      >
        {rows === null ? (
          <PlainTextPage text={plainText} fields={fields} />
        ) : rows.length === 0 && showConditions ? (
          <p className="tp-empty">ブロックがありません。</p>
        ) : (
          rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the content.
            <div key={r} className="tp-row">
              <Conditions on={row} />
              <div className="tp-row__columns">
                {list(row.columns).map((raw, c) => {
                  const column = (raw ?? {}) as ShownRow["columns"][number];
                  return (
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions too.
                      key={c}
                      className="tp-column"
                      style={
                        {
                          "--tp-s": span(column.sRange),
                          "--tp-l": span(column.lRange),
                        } as CSSProperties
                      }
                    >
                      <Conditions on={column} />
                      <Blocks blocks={list(column.blocks) as ShownBlock[]} at={`${r}-${c}`} />
                    </div>
                  );
                })}
              </div>
            </div>
          ))
        )}
      </div>
    </Render.Provider>
  );
}
