import { z } from "zod";
import { pageNumber, recordId } from "./input";
import type { Pattern } from "./items";

/** 新刊のお知らせ listed this many to a page. */
export const VOLUME_NOTICE_PAGE_SIZE = 20;

/** One notice: a volume of a followed series went on sale (decision 0114). */
export interface VolumeNotice {
  notice_id: number;
  series_id: number;
  book_id: number;
  series_name: string;
  title: string;
  volume: number;
  /** Tokyo date the volume went on sale, "2026/11/28". */
  released_on: string;
  /** The volume's page. */
  url: string;
  read_flag: boolean;
}

/** GET /api/notices?page=2 and the /notices page. */
export interface VolumeNoticeListAnswer {
  result: true;
  notices: VolumeNotice[];
  unread_count: number;
  pattern: Pattern;
}

/** The volume's page a notice opens (the series page with the volume, spec 001 §2.1). */
export function volumeUrl(seriesId: number, bookId: number): string {
  return `/series/${seriesId}/book/${bookId}`;
}

export const noticeListQuery = z.object({ page: pageNumber(1000) });

/** POST /api/notices/read: these notices, or every one (all: true). */
export const noticeReadPayload = z
  .object({
    ids: z.array(recordId("ids")).min(1, "ids を指定してください").max(100).optional(),
    all: z.literal(true, { message: "all は true で指定してください" }).optional(),
  })
  .refine((v) => (v.ids === undefined) !== (v.all === undefined), {
    message: "ids か all のどちらかを指定してください",
    path: ["ids"],
  });

/** GET/POST /api/notice_settings: the channels beyond the store's own list. */
export interface NoticeSettings {
  /** 新刊のお知らせをメールで受け取る (opt-in). */
  mail: boolean;
}

export const noticeSettingsPayload = z.object({
  mail: z.boolean({ message: "mail は true か false で指定してください" }),
});

const base64url = (field: string, min: number, max: number) =>
  z
    .string({ message: `${field} を指定してください` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${field} の形式が正しくありません`)
    .min(min, `${field} の形式が正しくありません`)
    .max(max, `${field} の形式が正しくありません`);

/**
 * A push service's address: https, or (tests only) a localhost http address. A store never
 * sends to an address on its own network otherwise.
 */
export function pushEndpointAllowed(raw: string, allowLocalHttp: boolean): boolean {
  const url = URL.parse(raw);
  if (!url || url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return (
    allowLocalHttp &&
    url.protocol === "http:" &&
    (url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]")
  );
}

/** POST /api/push/subscription: what PushSubscription.toJSON() gives. */
export const pushSubscriptionPayload = z.object({
  endpoint: z
    .string({ message: "endpoint を指定してください" })
    .min(12, "endpoint の形式が正しくありません")
    .max(1000, "endpoint が長すぎます"),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
      p256dh: base64url("keys.p256dh", 86, 90),
      auth: base64url("keys.auth", 21, 25),
    },
    { message: "keys を指定してください" },
  ),
});

/** DELETE /api/push/subscription. */
export const pushUnsubscribePayload = z.object({
  endpoint: z
    .string({ message: "endpoint を指定してください" })
    .min(1, "endpoint を指定してください")
    .max(1000, "endpoint が長すぎます"),
});
