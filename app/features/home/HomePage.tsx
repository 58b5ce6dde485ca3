import { useCallback, useMemo, useState } from "react";
import { Link } from "react-router";
import type { HomeAnswer } from "../../../contract/home";
import { IMPORTANT_MARK, showsNew } from "../../../contract/news";
import { CardStateProvider } from "../cards/card-state";
import { type HomeContext, LazySection } from "./LazySection";
import { BannerList } from "./MediaSections";
import type { SectionData } from "./section-loader";
import "../cards/cards.css";
import "./home.css";
import { GENRES } from "../../../contract/genres";

/** The flick banner has no layout; it is tracked as the top banner of layout 0. */
export const FLICK_BANNER_FRAME = "top_banner_0";

/**
 * The home page: genre tabs, the flick banner and news, then every section of the genre's home:
 * the first ones rendered with the page, the others loading when they scroll into view. Sections that come back empty are taken out.
 */
export function HomePage(props: {
  home: HomeAnswer;
  /** Sections rendered with the page, by layout id; the others load as they scroll into view. */
  firstSections: Record<number, SectionData>;
  isLogin: boolean;
  highlightRanking: boolean;
}) {
  const { home, isLogin, firstSections } = props;
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const hide = useCallback((layoutId: number) => {
    setHidden((old) => new Set(old).add(layoutId));
  }, []);
  const ctx: HomeContext = useMemo(
    () => ({
      genre: home.genre,
      useCache: home.use_cache,
      cacheKey: home.cache_key,
      isLogin,
      highlightRanking: props.highlightRanking,
    }),
    [home.genre, home.use_cache, home.cache_key, isLogin, props.highlightRanking],
  );
  // Spec 000 §2: the pickup campaign list shows only when the home names campaigns.
  const layouts = home.home_layout.filter(
    (l) =>
      !hidden.has(l.layout_id) && (l.layout_type !== 14 || home.pickup_campaign_ids.length > 0),
  );
  return (
    <CardStateProvider isLogin={isLogin}>
      <nav className="genre-tabs" aria-label="ジャンル">
        {GENRES.map(([genre, name]) => (
          <Link
            key={genre}
            to={genre === 1 ? "/home" : `/home?genre=${genre}`}
            className={
              genre === home.genre ? "genre-tabs__tab genre-tabs__tab--on" : "genre-tabs__tab"
            }
            aria-current={genre === home.genre ? "page" : undefined}
          >
            {name}
          </Link>
        ))}
      </nav>
      {home.flick_banner.length > 0 && (
        <div className="flick-banner">
          <BannerList frame={FLICK_BANNER_FRAME} type="flick" banners={home.flick_banner} />
        </div>
      )}
      {home.latest_news.length > 0 && <h2 className="visually-hidden">お知らせ</h2>}
      {home.latest_news.length > 0 && (
        <ul className="home-news">
          {home.latest_news.map((n) => (
            <li key={n.m_news_id}>
              <Link to={`/news_detail?id=${n.m_news_id}`}>
                {n.important_flag && <span className="home-news__important">{IMPORTANT_MARK}</span>}
                {showsNew(n) && <span className="home-news__new">NEW</span>}
                {n.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="home-sections">
        {layouts.map((layout) => (
          <LazySection
            key={layout.layout_id}
            layout={layout}
            ctx={ctx}
            onHide={hide}
            initial={firstSections[layout.layout_id]}
          />
        ))}
      </div>
    </CardStateProvider>
  );
}
