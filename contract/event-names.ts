// Without zod: the browser's event queue needs these on every page, the schemas in event.ts
// only the server (decision 0040).

/**
 * The analytics events the pages send (spec 000 §7, 001 §4 and §7.4): the tracking events of the
 * cards and topic blocks, the page view and series view, popup impressions and closes, and the
 * favourite click.
 */
export const EVENT_NAMES = [
  "page_view",
  "view_book",
  "click",
  "click_book",
  "click_leadlink",
  "open",
  "close",
  "popup_open",
  "popup_close",
  "favorite",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** One page hide sends at most this many events; the page keeps no more than this queued. */
export const EVENT_BATCH_MAX = 50;
