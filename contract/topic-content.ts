/**
 * The JSON stored in topic_pages.content and menu_topic_contents.content (spec 000 "Topic page
 * renderer"): an array of rows, each with columns, each column a list of blocks.
 *
 * Visibility markers (spec 000 §5) are class names in `class`, space separated; the server
 * applies them (server/modules/topic/visibility.ts, where each one's meaning is written down).
 * Markers that take a number carry it as a suffix: signupTimeUnder72, cartPriceOver1000,
 * seriesOnly1001, havePopup31, dateOver20250401, datetimeUnder202504011200; the two-number
 * markers use underscores: dailyReadSeriesCountOver_1001_3.
 *
 * Text placeholders in `text`/`html`, replaced by the renderer: {signup_url}, {login_url},
 * {leave_url}, {this_month}, {end_of_month}, {remaining_price:N} (N minus the cart price, never
 * below 0), {total_rating}, {read_series_count}, {refund_period_date:ID}.
 */
export interface TopicVisibility {
  class?: string;
  /** Shown only when the page URL matches this regular expression. */
  url?: string;
  /**
   * Regular expressions on the session's kept utm_source, utm_medium and utm_campaign. These
   * were once `src`, `mdm` and `cpn`; `src` also named an image's address, so an image block
   * could not carry a source rule.
   */
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

export interface TopicRow extends TopicVisibility {
  columns: TopicColumn[];
}

export interface TopicColumn extends TopicVisibility {
  /** Width out of 12 on small and large screens; both default to 12. */
  sRange?: number;
  lRange?: number;
  blocks: TopicBlock[];
}

type Block<T extends string, F = object> = TopicVisibility & { type: T } & F;

export type TopicBlock =
  /** id makes the header a pageLink target. */
  | Block<"header", { text: string; level?: 1 | 2 | 3; id?: string }>
  | Block<"box", { style?: string; blocks: TopicBlock[] }>
  | Block<"image", { src: string; alt: string; href?: string; width?: number; height?: number }>
  | Block<"youtube", { videoId: string; title: string }>
  /** An external advertisement: shown with a PR mark and a note that it leaves the site. */
  | Block<"leadlinkImg", { src: string; alt: string; href: string }>
  | Block<
      "imgList",
      { columns?: number; items: Array<{ src: string; alt: string; href?: string }> }
    >
  | Block<"text", { html: string }>
  | Block<"space", { height: number }>
  | Block<"hr">
  /** Without date, the page's release_date. */
  | Block<"release", { date?: string }>
  /** Buttons to /search?pb=, lb=, mz=, gn=, cg=; without id, the page's own id. */
  | Block<"publisher", { id?: number }>
  | Block<"label", { id?: number }>
  | Block<"magazine", { id?: number }>
  | Block<"genre", { id?: number }>
  | Block<"category", { id?: number }>
  /** Without href it is the back-to-HOME button. */
  | Block<"button", { text?: string; href?: string }>
  /** pageLink scrolls to the header with that id (300 ms) instead of navigating. */
  | Block<"shortBtn", { text: string; href?: string; pageLink?: string }>
  | Block<
      "entryBtn",
      { entryId: number; text: string; enteredText: string; newsletterText?: string }
    >
  /** A home section rendered by layout id, tracked with the topic_home prefix. */
  | Block<"homeContent", { layoutId: number; num?: number }>
  | Block<
      "ranking",
      { title?: string; tp?: 1 | 2 | 3; ln?: number; genre?: number; pagetype?: 1 | 2 }
    >
  /** A toggleTitle opens the toggle that follows it; one panel open at a time. */
  | Block<"toggleTitle", { text: string }>
  | Block<"toggle", { html: string }>;

export type TopicBlockType = TopicBlock["type"];

export const TOPIC_BLOCK_TYPES = [
  "header",
  "box",
  "image",
  "youtube",
  "leadlinkImg",
  "imgList",
  "text",
  "space",
  "hr",
  "release",
  "publisher",
  "label",
  "magazine",
  "genre",
  "category",
  "button",
  "shortBtn",
  "entryBtn",
  "homeContent",
  "ranking",
  "toggleTitle",
  "toggle",
] as const satisfies readonly TopicBlockType[];
