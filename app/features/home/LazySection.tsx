import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { LayoutConfig } from "../../../contract/items";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { get, post } from "../../lib/request";
import { moreLink } from "../../lib/tracking";
import { showFromLayout } from "../cards/CardParts";
import { Carousel, DramaCdList, FeatureList, HotWords, SectionBanners } from "./MediaSections";
import {
  AppealList,
  AuthorPickup,
  PickupCampaigns,
  RANKING_GROUP,
  RankingList,
  SeriesList,
} from "./SeriesSections";
import {
  isEmptyContent,
  loadSection,
  nextRotationPage,
  ROTATING_LAYOUT_ID,
  type SectionData,
  withMemberFlags,
} from "./section-loader";

export interface HomeContext {
  genre: number;
  useCache: boolean;
  cacheKey: string;
  isLogin: boolean;
  /** The ranking block has a highlighted background on /home. */
  highlightRanking: boolean;
}

type Phase = "idle" | "loading" | "done";

const api = { post, get };

/** Section icons (layout.icon) drawn as a glyph in a 32px disc. */
const ICONS: Record<string, string> = {
  new: "新",
  free: "無",
  ranking: "冠",
  sale: "%",
  hotword: "#",
  feature: "特",
  pickup: "★",
  staff: "店",
  author: "筆",
  cd: "♪",
  campaign: "得",
  history: "履",
};

function rotationStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * One home section: idle until it first scrolls into view, then loading, then done, once.
 * Placeholders show until done; an empty or failed load asks the parent to hide it. A section
 * rendered with the page (initial) is done at once; a member's flags are set on it afterwards.
 */
export function LazySection(props: {
  layout: LayoutConfig;
  ctx: HomeContext;
  onHide: (layoutId: number) => void;
  initial?: SectionData;
}) {
  const { layout, ctx, onHide, initial } = props;
  const ref = useRef<HTMLElement>(null);
  const started = useRef(Boolean(initial));
  const [phase, setPhase] = useState<Phase>(initial ? "done" : "idle");
  const [data, setData] = useState<SectionData | null>(initial ?? null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!initial || !ctx.isLogin) return;
    let current = true;
    void withMemberFlags(initial, api).then((flagged) => {
      if (current) setData(flagged);
    });
    return () => {
      current = false;
    };
  }, [initial, ctx.isLogin]);

  useEffect(() => {
    const element = ref.current;
    if (!element || started.current) return;
    const start = () => {
      if (started.current) return;
      started.current = true;
      setPhase("loading");
      const page = layout.layout_id === ROTATING_LAYOUT_ID ? nextRotationPage(rotationStore()) : 1;
      void loadSection(layout, { ...ctx, page }, api).then((result) => {
        if (!result || isEmptyContent(result.content)) onHide(layout.layout_id);
        else setData(result);
        setPhase("done");
      });
    };
    if (typeof IntersectionObserver === "undefined") {
      start();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: "0px 0px 80px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [layout, ctx, onHide]);

  const t = layout.layout_type;
  const more = data ? moreLink(layout, data.more_flag, ctx.genre) : null;
  const history = layout.content_type === 5;
  const classes = [
    "home-section",
    `home-section--t${t}`,
    layout.frame_class ?? "",
    t === 4 && ctx.highlightRanking ? "home-section--highlight" : "",
  ];

  return (
    <section
      ref={ref}
      className={classes.filter(Boolean).join(" ")}
      data-layout-id={layout.layout_id}
      data-state={phase}
      aria-label={layout.title || undefined}
      aria-busy={phase !== "done"}
    >
      {layout.title && (
        <div className="section-bar">
          {layout.icon && (
            <span
              className={`section-bar__icon section-bar__icon--${layout.icon}`}
              aria-hidden="true"
            >
              {ICONS[layout.icon] ?? "●"}
            </span>
          )}
          <h2 className="section-bar__title">{layout.title}</h2>
          {history && data && (
            <button
              type="button"
              className="section-bar__clear"
              onClick={() => setConfirming(true)}
            >
              履歴を削除
            </button>
          )}
          {more && (
            <Link className="section-bar__more" to={more}>
              もっと見る
            </Link>
          )}
        </div>
      )}
      {phase === "done" && data ? (
        <SectionBody layout={layout} data={data} />
      ) : (
        <Placeholder layout={layout} />
      )}
      {history && (
        <ConfirmDialog
          open={confirming}
          message="履歴をすべて削除しますか？"
          onNo={() => setConfirming(false)}
          onYes={async () => {
            setConfirming(false);
            const answer = await post("/api/series_view/clear");
            if (answer.result) onHide(layout.layout_id);
          }}
        />
      )}
    </section>
  );
}

function SectionBody({ layout, data }: { layout: LayoutConfig; data: SectionData }) {
  const { content } = data;
  const show = showFromLayout(layout);
  switch (content.kind) {
    case "series":
      return <SeriesList layout={layout} items={content.items} show={show} />;
    case "ranking":
      return <RankingList layout={layout} items={content.items} />;
    case "appeal":
      return <AppealList layout={layout} items={content.items} show={show} />;
    case "banners":
      return <SectionBanners layout={layout} banners={content.items} />;
    case "features":
      return <FeatureList layout={layout} items={content.items} />;
    case "authors":
      return <AuthorPickup layout={layout} rows={content.items} />;
    case "carousel":
      return <Carousel layout={layout} slides={content.items} />;
    case "dramacds":
      return <DramaCdList layout={layout} items={content.items} />;
    case "hot_words":
      return <HotWords layout={layout} words={content.items} />;
    case "campaigns":
      return <PickupCampaigns layout={layout} campaigns={content.items} />;
  }
}

/** Blanks in the shape of what will come: display_number of them, rankings in fives. */
/** Keys for n blanks: blanks never move, so their number is their identity. */
function blankKeys(n: number, prefix = "b"): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
}

function Placeholder({ layout }: { layout: LayoutConfig }) {
  const t = layout.layout_type;
  const n = Math.max(1, layout.display_number);
  if (t === 4) {
    const groups = blankKeys(Math.ceil(n / RANKING_GROUP), "g");
    return (
      <div className="ranking-groups placeholder" aria-hidden="true">
        {groups.map((group, g) => (
          <div key={group} className="ranking-group">
            {blankKeys(Math.min(RANKING_GROUP, n - g * RANKING_GROUP)).map((key) => (
              <div key={key} className="blank blank--row" />
            ))}
          </div>
        ))}
      </div>
    );
  }
  if (t === 27 || t === 28 || t === 29) {
    return <div className="blank blank--cd placeholder" aria-hidden="true" />;
  }
  if (t === 17) return <div className="blank blank--words placeholder" aria-hidden="true" />;
  // Each blank is its list item (one element, not two), and a scrolling row draws no more
  // blanks than a wide screen shows: every idle section is server-rendered and hydrated, so
  // its placeholder is kept small (decision 0082).
  const blanks = SCROLLING_ROWS.has(t) ? Math.min(n, SCROLLING_ROW_BLANKS) : n;
  return (
    <ul className={`placeholder ${placeholderListClass(t)}`} aria-hidden="true">
      {blankKeys(blanks).map((key) => (
        <li key={key} className="blank" />
      ))}
    </ul>
  );
}

/** Layout types drawn as one horizontally scrolling row at every width (home.css). */
const SCROLLING_ROWS = new Set([6, 7, 21, 9, 12, 16, 3, 15, 10, 11, 23, 24, 25, 26]);
const SCROLLING_ROW_BLANKS = 8;

function placeholderListClass(t: number): string {
  if ([5, 8, 9, 12, 16, 19].includes(t)) return `banner-list banner-list--t${t}`;
  if ([3, 15, 22].includes(t)) return `feature-list feature-list--t${t}`;
  if ([10, 11, 30].includes(t)) return `appeal-list appeal-list--t${t}`;
  if ([23, 24, 25, 26].includes(t))
    return `carousel ${t === 24 || t === 26 ? "carousel--landscape" : "carousel--portrait"}`;
  if (t === 14) return "pickup-campaigns";
  if (t === 20) return "author-pickup";
  return `series-list series-list--t${t}`;
}
