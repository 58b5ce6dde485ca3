import { z } from "zod";
import { EVENT_BATCH_MAX, EVENT_NAMES } from "./event-names";
import { integerIn, numeric } from "./input";
import { INT4_MAX } from "./row-id";

const text = z.string().max(200);
const id = integerIn(0, INT4_MAX, "0〜2147483647の整数で指定してください");

/**
 * The fields an event may carry: {category, label, value}, {series, page, frame, position,
 * scroll}, {target_id} (spec 000 §7), and the popup of popup_open/popup_close. Everything is
 * about the page, never about the person.
 */
export const eventFieldsSchema = z.object({
  category: text.optional(),
  label: text.optional(),
  value: z.union([text, z.number()]).optional(),
  series: id.nullable().optional(),
  page: text.optional(),
  frame: text.optional(),
  position: integerIn(0, 10_000, "0〜10000の整数で指定してください").optional(),
  scroll: numeric().pipe(z.number().min(0).max(1_000_000)).optional(),
  target_id: z.union([text, z.number()]).optional(),
  popup: id.optional(),
});
export type EventFields = z.infer<typeof eventFieldsSchema>;

/** The utm values kept for the session (spec 001 §2.1) and the frame a series was first clicked from. */
export const eventContextSchema = z.object({
  utm_source: text.optional(),
  utm_medium: text.optional(),
  utm_campaign: text.optional(),
  /** Click source (spec 000 §4) of the event's series, when one was recorded. */
  source: text.optional(),
});

export const eventBatchSchema = eventContextSchema.extend({
  events: z
    .array(
      eventFieldsSchema.extend({ name: z.enum(EVENT_NAMES) }).extend({ source: text.optional() }),
    )
    .min(1, "イベントがありません")
    .max(EVENT_BATCH_MAX, `イベントは${EVENT_BATCH_MAX}件までです`),
});
export type EventBatch = z.infer<typeof eventBatchSchema>;
export type QueuedEvent = EventBatch["events"][number];

/** A day's counts (the daily summary an operator console charts). */
export interface DailyEventCount {
  day: string;
  metric: "page_view" | "click" | "popup_open" | "popup_close" | "view_book";
  /** 0 when the count is not of one popup. */
  popup_id: number;
  /** The frame (section) the events came from; "" for the whole day. */
  section: string;
  count: number;
}
