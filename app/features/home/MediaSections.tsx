import { useEffect, useState } from "react";
import type { CarouselItem, HotWord } from "../../../contract/home";
import type { BannerItem, DramaCdItem, FeatureItem, LayoutConfig } from "../../../contract/items";
import { mediaShape, mediaSrcSet } from "../../../contract/media";
import { whenIdle } from "../../lib/idle";
import { bannerFrame } from "../../lib/tracking";
import { DramaCdCard } from "../cards/DramaCdCard";
import { FeatureCard } from "../cards/FeatureCard";
import { TrackedLink } from "../cards/TrackedLink";
import { useSectionFrame } from "./section-frame";

// Banners fill a phone's width, or half the main column on a PC.
const BANNER_WIDTHS = [360, 480, 720, 1080] as const;
const BANNER_SIZES = "(max-width: 767px) 90vw, 440px";
// Square banners (16) are 106 px, scaled up to 1.4× on wide screens; their art is drawn square.
const SQUARE_WIDTHS = [120, 160, 240, 320] as const;
const SQUARE_SIZES = "(min-width: 1184px) 148px, 120px";
/** The flick banner's slides drawn with the page: the first and the one peeking in beside it. */
const FLICK_SLIDES_WITH_PAGE = 2;

/** Banner sections (5, 19 rows; 9, 12, 16 strips; 8 grid), tracked top_banner_{layoutId}_{n}. */
export function BannerList(props: {
  frame: string;
  type: number | "flick";
  banners: BannerItem[];
}) {
  // The flick banner shows one slide with the next peeking in. The browser's lazy loading would
  // still fetch the slides after those with the page (it looks a whole screen ahead), pictures
  // competing with the first one and the page's code on a phone's connection: theirs are asked
  // for once the page is idle.
  const [restWanted, setRestWanted] = useState(props.type !== "flick");
  useEffect(() => {
    if (!restWanted) return whenIdle(() => setRestWanted(true));
  }, [restWanted]);
  return (
    <ul className={`banner-list banner-list--t${props.type}`}>
      {props.banners.map((b, i) => {
        const square = props.type === 16;
        const src = square ? mediaShape(b.img, "square") : b.img;
        const later = !restWanted && i >= FLICK_SLIDES_WITH_PAGE;
        return (
          <li key={b.link_rotation_id}>
            <TrackedLink
              href={b.url}
              tracking={{ frame: props.frame, position: i + 1 }}
              newTab={b.action_type === 2}
              className="banner-list__link"
            >
              {later ? (
                // Same box and name as the picture to come, so nothing moves when it arrives.
                <span className="banner-list__later" role="img" aria-label={b.alt} />
              ) : (
                <img
                  src={src}
                  srcSet={mediaSrcSet(src, square ? SQUARE_WIDTHS : BANNER_WIDTHS)}
                  sizes={square ? SQUARE_SIZES : BANNER_SIZES}
                  alt={b.alt}
                  width={square ? 240 : 702}
                  height={square ? 240 : 180}
                  loading={i === 0 ? "eager" : "lazy"}
                  // The flick banner's first picture is the largest of the first screen: fetched first.
                  fetchPriority={i === 0 && props.type === "flick" ? "high" : undefined}
                />
              )}
            </TrackedLink>
          </li>
        );
      })}
    </ul>
  );
}

export function SectionBanners({
  layout,
  banners,
}: {
  layout: LayoutConfig;
  banners: BannerItem[];
}) {
  return (
    <BannerList frame={bannerFrame(layout.layout_id)} type={layout.layout_type} banners={banners} />
  );
}

/** Feature cards: scrolling (3, 15) or stacked (22). */
export function FeatureList({ layout, items }: { layout: LayoutConfig; items: FeatureItem[] }) {
  const frame = useSectionFrame(layout.layout_id);
  const vertical = layout.layout_type === 22;
  return (
    <ul className={`feature-list feature-list--t${layout.layout_type}`}>
      {items.map((item, i) => (
        <li key={`${item.url}|${item.title}`}>
          <FeatureCard
            item={item}
            tracking={{ frame, position: i + 1 }}
            read={layout.read_flag}
            vertical={vertical}
          />
        </li>
      ))}
    </ul>
  );
}

const CAROUSEL_WIDE_WIDTHS = [360, 480, 720, 1080] as const;
const CAROUSEL_TALL_WIDTHS = [320, 480, 640] as const;

/**
 * Carousels: one slide per page with the next peeking in (23, 25 portrait; 24, 26 landscape;
 * 23 and 24 with the calligraphy title).
 */
export function Carousel({ layout, slides }: { layout: LayoutConfig; slides: CarouselItem[] }) {
  const frame = useSectionFrame(layout.layout_id);
  const t = layout.layout_type;
  const landscape = t === 24 || t === 26;
  const calligraphy = t === 23 || t === 24;
  return (
    <ul
      className={`carousel ${landscape ? "carousel--landscape" : "carousel--portrait"}${calligraphy ? " carousel--calligraphy" : ""}`}
    >
      {slides.map((s, i) => {
        // Portrait slides get their art composed 3:4 rather than a landscape picture cropped.
        const src = landscape ? s.img : mediaShape(s.img, "portrait");
        return (
          <li key={s.img} className="carousel__slide">
            <TrackedLink href={s.url} tracking={{ frame, position: i + 1 }} seriesId={s.series_id}>
              <img
                src={src}
                srcSet={mediaSrcSet(src, landscape ? CAROUSEL_WIDE_WIDTHS : CAROUSEL_TALL_WIDTHS)}
                sizes={
                  landscape ? "(min-width: 752px) 400px, 85vw" : "(min-width: 752px) 300px, 80vw"
                }
                alt=""
                width={landscape ? 720 : 300}
                height={400}
                loading="lazy"
              />
              <span className="carousel__caption">
                <span className="carousel__title">{s.title}</span>
                {s.series_name && <span className="carousel__series">{s.series_name}</span>}
              </span>
            </TrackedLink>
          </li>
        );
      })}
    </ul>
  );
}

/** Drama CD grids: plain (27), with appeal text (28), and with demo play (29). */
export function DramaCdList({ layout, items }: { layout: LayoutConfig; items: DramaCdItem[] }) {
  const frame = useSectionFrame(layout.layout_id);
  const t = layout.layout_type;
  return (
    <ul className="cd-grid">
      {items.map((cd, i) => (
        <li key={cd.cd_id}>
          <DramaCdCard
            cd={cd}
            tracking={{ frame, position: i + 1 }}
            appeal={t === 28 || t === 29 || layout.display_appeal_flag}
            demo={t === 29}
          />
        </li>
      ))}
    </ul>
  );
}

/** The hot-word block (17): two rows of display_number words each; extra-small screens only. */
export function HotWords({ layout, words }: { layout: LayoutConfig; words: HotWord[] }) {
  const frame = useSectionFrame(layout.layout_id);
  const n = Math.max(1, layout.display_number);
  const rows = [words.slice(0, n), words.slice(n, n * 2)].filter((r) => r.length > 0);
  let position = 0;
  return (
    <div className="hot-words">
      {rows.map((row) => (
        <ul key={row[0]!.word} className="hot-words__row">
          {row.map((w) => {
            position += 1;
            return (
              <li key={w.word}>
                <TrackedLink
                  href={`/search?wd=${encodeURIComponent(w.word)}`}
                  tracking={{ frame, position }}
                  className="hot-words__word"
                >
                  {w.word}
                </TrackedLink>
              </li>
            );
          })}
        </ul>
      ))}
    </div>
  );
}
