import { Readable } from "node:stream";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { integerIn, recordId } from "../../../contract/input";
import { ART_SHAPES, type ArtShape, IMAGE_WIDTHS, MEDIA_VERSION } from "../../../contract/media";
import { READER_PAGE_WIDTHS } from "../../../contract/reader";
import { INT4_MAX } from "../../../contract/row-id";
import { trialSeconds } from "../../../contract/track-length";
import type { AppEnv, AppServices } from "../../lib/context";
import { ApiError } from "../../lib/errors";
import { readParams, readQuery } from "../../lib/input";
import { type ByteRange, contentTypeOfKey, fileStorage, type StoredFile } from "../../lib/storage";
import { bookAccess } from "../catalog/service";
import { ART_WIDTHS, artKey, type StoredArtKind } from "../content/art";
import { trackKey } from "../content/audio";
import { THUMB_WIDTH } from "../content/images";
import { pageKey } from "../content/pages";
import { liveSet, namedSet } from "../content/sets";
import { dramaCdExists } from "../dramacd/service";
import { pageIsPublic, pageVerdict } from "../entitlements/rules";
import { trackAccess, volumeAccess } from "../entitlements/service";
import { ownsItem } from "../library/service";
import { ART_NAME, artExists } from "./art";
import { type CachedMedia, MediaCache } from "./cache";
import { artCaption, jacketCaption, seriesCaption } from "./captions";
import { formatFor, type MediaDrawer, type SquareStyle } from "./drawings";
import {
  bannerFile,
  coverFile,
  jacketFile,
  pageFile,
  squareFile,
  trackFile,
  trialFile,
} from "./files";
import { seedOf } from "./params";

const id = recordId();
/** "12.png", "3.mp3": the number before the extension, within PostgreSQL's integer. */
const fileNumber = (field: string) =>
  z.preprocess(
    (name) => (typeof name === "string" ? name.replace(/\.[a-z0-9]+$/, "") : name),
    integerIn(0, INT4_MAX, `${field} は0〜${INT4_MAX}の整数で指定してください`),
  );
// Built once: a schema made per request was a tenth of an owned page image's time.
const bookParams = z.object({ bookId: id });
const pageParams = z.object({ bookId: id, page: fileNumber("page") });
const cdParams = z.object({ cdId: id });
const seriesParams = z.object({ seriesId: id });
const campaignBannerParams = z.object({ campaignId: id });
const trackParams = z.object({ cdId: id, trackNo: fileNumber("trackNo") });
/**
 * Whether the member owns an item, kept for them under their version (decision 0080): every
 * way an item reaches a bookshelf is a call of theirs (checkout, its confirmation, a present),
 * which moves it, so a page bought a moment ago is served at once. A reader turning pages asks
 * the database once per volume instead of once per page.
 */
function keptOwnership(services: AppServices, userId: number) {
  return async (itemId: number) =>
    (
      await services.memberKept.get(userId, `owns:${itemId}`, async () => ({
        value: await ownsItem(services.db, userId, itemId),
      }))
    ).value;
}

const PUBLIC_DAY = "public, max-age=86400";
/** An address carrying the current ?v= names bytes that never change (a new version, a new address). */
const PUBLIC_IMMUTABLE = "public, max-age=31536000, immutable";

/** ?w= and ?v= of an image address; a width is served at the nearest one drawn. */
const imageQuery = (widths: readonly number[]) =>
  z.object({
    w: z.preprocess(
      (w) => (w === undefined || w === "" ? undefined : Number(w)),
      z
        .number({ message: "w は数値で指定してください" })
        .int("w は整数で指定してください")
        .min(1, "w は1以上で指定してください")
        .max(10_000, "w は10000以下で指定してください")
        .optional()
        .transform((w) =>
          w === undefined
            ? undefined
            : widths.reduce((best, size) =>
                Math.abs(size - w) < Math.abs(best - w) ? size : best,
              ),
        ),
    ),
    // The drawn art's version, or an uploaded cover's set id (a UUID).
    v: z.string().max(36, "v は36文字以内で指定してください").optional(),
  });
const artQuery = imageQuery(IMAGE_WIDTHS);
const shapes = Object.keys(ART_SHAPES) as [ArtShape, ...ArtShape[]];
/** Marketing art may also be asked in the shape of the slot that shows it (?shape=). */
const shapedArtQuery = artQuery.extend({
  shape: z
    .enum(shapes, { message: `shape は ${shapes.join(", ")} のいずれかで指定してください` })
    .optional(),
});

/** Shared images: immutable for a year at the current version, a day at any other address. */
const publicCache = (v: string | undefined) =>
  v === String(MEDIA_VERSION) ? PUBLIC_IMMUTABLE : PUBLIC_DAY;

/** Covers are drawn 300 × 424 unless the page asks for a width. */
const COVER_WIDTH = 300;
const COVER_HEIGHT = 424;

/** Pages are drawn 720 × 1024 unless the reader asks for a width (?w=). */
const PAGE_WIDTH = 720;
const PAGE_HEIGHT = 1024;

/** ?s= names the uploaded page set the reader opened (decision 0089), so it reads on in it. */
const pageQuery = imageQuery(READER_PAGE_WIDTHS).extend({
  s: z
    .string()
    .regex(/^[0-9a-f-]{36}$/, "s はページセットの ID で指定してください")
    .optional(),
});
const thumbQuery = z.object({ s: pageQuery.shape.s, v: pageQuery.shape.v });

/** The made width nearest the one asked for. */
const nearest = (widths: readonly number[], w: number) =>
  widths.reduce((best, size) => (Math.abs(size - w) < Math.abs(best - w) ? size : best));

/**
 * An uploaded cover or jacket at an address that does not name its set (an old link, a drawn
 * version's address): the picture there changes with the next upload, so caches keep it only
 * a few minutes. The store's own pages name the set (decision 0095) and are cached for good.
 */
const UPLOADED_ART = "public, max-age=300";
/** A set id as the uploads make them, so only an address that could name one is looked up again. */
const SET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Sends a file from the storage, an upload or a drawn file alike: streamed, and with a single
 * byte range when asked, read from the store as that range, so audio can seek. `size`, when the
 * caller knows it, saves opening the file once more to learn it. Null when the file is not there.
 */
async function sendStored(
  c: Context<AppEnv>,
  open: (range?: ByteRange) => Promise<StoredFile | null>,
  cacheControl: string,
  known: { size?: number; contentType?: string; vary?: boolean } = {},
): Promise<Response | null> {
  const headersOf = (contentType: string) => {
    const headers: Record<string, string> = {
      "Content-Type": contentType,
      "Cache-Control": cacheControl,
      "Accept-Ranges": "bytes",
    };
    // Drawn images come as WebP or PNG by the Accept header, so caches keep one copy per answer.
    if (known.vary && contentType.startsWith("image/")) headers.Vary = "Accept";
    return headers;
  };
  const asked = /^bytes=(\d*)-(\d*)$/.exec(c.req.header("range") ?? "");
  if (!asked || (!asked[1] && !asked[2])) {
    const file = await open();
    if (!file) return null;
    return new Response(Readable.toWeb(file.body) as ReadableStream, {
      status: 200,
      headers: { ...headersOf(file.contentType), "Content-Length": String(file.size) },
    });
  }
  let size = known.size;
  let contentType = known.contentType;
  if (size === undefined) {
    const whole = await open();
    if (!whole) return null;
    whole.body.destroy();
    size = whole.size;
    contentType = whole.contentType;
  }
  const start = Math.max(0, asked[1] ? Number(asked[1]) : size - Number(asked[2]));
  const end = Math.min(asked[1] && asked[2] ? Number(asked[2]) : size - 1, size - 1);
  if (start > end || start >= size) {
    return new Response(null, {
      status: 416,
      headers: {
        ...headersOf(contentType ?? "application/octet-stream"),
        "Content-Range": `bytes */${size}`,
      },
    });
  }
  const part = await open({ start, end });
  if (!part) return null;
  return new Response(Readable.toWeb(part.body) as ReadableStream, {
    status: 206,
    headers: {
      ...headersOf(part.contentType),
      "Content-Length": String(end - start + 1),
      "Content-Range": `bytes ${start}-${end}/${size}`,
    },
  });
}

/** Image kinds the seeded content links to, with the shape each is drawn in. */
const ART_KINDS: Record<
  string,
  { width?: number; height?: number; square?: number; style?: SquareStyle }
> = {
  banner: { width: 702, height: 180 },
  campaign: { width: 702, height: 240 },
  feature: { width: 660, height: 340 },
  carousel: { width: 720, height: 400 },
  topic: { width: 720, height: 360 },
  popup: { width: 450, height: 450 },
  lottery: { width: 600, height: 400 },
  appeal: { square: 240, style: "appeal" },
  comment: { square: 240, style: "comment" },
  author: { square: 240, style: "author" },
  stamp: { square: 120, style: "stamp" },
};

function notFound(): never {
  throw new ApiError(404, "ファイルが見つかりません");
}

export function mediaRoutes(
  services: AppServices,
  cache = new MediaCache(
    services.env.DRAWN_MEDIA_DIR ? fileStorage(services.env.DRAWN_MEDIA_DIR) : services.storage,
    services.env.MEDIA_CACHE_MB * 1024 * 1024,
    (hit) => services.metrics.cacheLookup({ cache: "media", tier: "disk" }, hit),
  ),
  drawer: MediaDrawer = services.drawer,
) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  /** An uploaded file under its key, or 404. */
  const sendUploaded = async (c: Context<AppEnv>, key: string, cacheControl: string) =>
    (await sendStored(c, (range) => services.storage.get(key, range), cacheControl)) ?? notFound();

  /**
   * An uploaded cover or jacket, or null when none was uploaded. At `?v=` naming one of the
   * owner's kept sets, that set's picture, immutable: the address names those bytes for good (a
   * page put together before a new upload still shows the old picture, as it was). At any other
   * address, the published picture for a few minutes.
   */
  const sendUploadedArt = async (
    c: Context<AppEnv>,
    kind: StoredArtKind,
    ownerId: number,
    w: number,
    v: string | undefined,
  ) => {
    const set =
      v !== undefined && SET_ID.test(v)
        ? await namedSet(db, kind, ownerId, v)
        : await liveSet(db, kind, ownerId);
    if (!set) return null;
    const key = artKey(kind, ownerId, set.setId, nearest(ART_WIDTHS, w));
    return sendUploaded(c, key, set.setId === v ? PUBLIC_IMMUTABLE : UPLOADED_ART);
  };

  /**
   * A drawn file, drawn first if need be. One gone from the store since it was drawn (another
   * process evicted it) is drawn again, once.
   */
  const sendDrawn = async (
    c: Context<AppEnv>,
    draw: () => Promise<CachedMedia>,
    cacheControl: string,
  ): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const media = await draw();
      const sent = await sendStored(c, (range) => cache.open(media, range), cacheControl, {
        size: media.size,
        contentType: contentTypeOfKey(media.key),
        vary: true,
      });
      if (sent) return sent;
      if (attempt > 0) throw new Error(`drawn media ${media.key} vanished twice`);
    }
  };

  routes.get("/books/:bookId/cover.png", async (c) => {
    const { bookId } = readParams(c, bookParams);
    const { w, v } = readQuery(c, artQuery);
    const book = await bookAccess(db, bookId);
    if (!book) notFound();
    const uploaded = await sendUploadedArt(c, "cover", bookId, w ?? COVER_WIDTH, v);
    if (uploaded) return uploaded;
    const width = w ?? COVER_WIDTH;
    const cover = {
      seriesId: book.seriesId,
      volume: book.volume,
      ...(await seriesCaption(db, book.seriesId)),
      width,
      height: Math.round((width * COVER_HEIGHT) / COVER_WIDTH),
    };
    const format = formatFor(c.req.header("accept"));
    return sendDrawn(c, () => coverFile(cache, drawer, cover, format), publicCache(v));
  });

  routes.get("/books/:bookId/pages/:page{[0-9]+\\.png}", async (c) => {
    const { bookId, page } = readParams(c, pageParams);
    const { w = PAGE_WIDTH, s } = readQuery(c, pageQuery);
    const member = c.get("member");
    const access = await volumeAccess(db, bookId, member?.userId ?? null, {
      owns: member ? keptOwnership(services, member.userId) : undefined,
    });
    if (!access) notFound();
    const verdict = pageVerdict(access, page, access.terms.pageCount);
    if (verdict === "not-found") notFound();
    if (verdict === "forbidden") throw new ApiError(403, "このページを読むには購入が必要です");
    // Only pages open to every visitor may sit in shared caches, and only for an hour, since
    // campaigns that open them switch on the hour; a member's pages stay in their browser.
    const shared = !member && pageIsPublic(access.terms, page);
    const cacheControl = shared ? "public, max-age=3600" : "private, max-age=3600";
    const uploaded = await liveSet(db, "pages", bookId, s);
    if (uploaded) {
      if (page > uploaded.itemCount) notFound();
      return sendUploaded(c, pageKey(bookId, uploaded.setId, page, `w${w}`), cacheControl);
    }
    const drawn = {
      bookId,
      page,
      pageCount: access.terms.pageCount,
      width: w,
      height: Math.round((w * PAGE_HEIGHT) / PAGE_WIDTH),
      strip: access.episodic,
    };
    const format = formatFor(c.req.header("accept"));
    return sendDrawn(c, () => pageFile(cache, drawer, drawn, format), cacheControl);
  });

  // A page's thumbnail, under the page's own entitlement: the uploaded one, else the drawn page small.
  routes.get("/books/:bookId/thumbs/:page{[0-9]+\\.png}", async (c) => {
    const { bookId, page } = readParams(c, pageParams);
    const { s } = readQuery(c, thumbQuery);
    const member = c.get("member");
    const access = await volumeAccess(db, bookId, member?.userId ?? null, {
      owns: member ? keptOwnership(services, member.userId) : undefined,
    });
    if (!access) notFound();
    const verdict = pageVerdict(access, page, access.terms.pageCount);
    if (verdict === "not-found") notFound();
    if (verdict === "forbidden") throw new ApiError(403, "このページを読むには購入が必要です");
    const cacheControl =
      !member && pageIsPublic(access.terms, page)
        ? "public, max-age=3600"
        : "private, max-age=3600";
    const uploaded = await liveSet(db, "pages", bookId, s);
    if (uploaded) {
      if (page > uploaded.itemCount) notFound();
      return sendUploaded(c, pageKey(bookId, uploaded.setId, page, "thumb"), cacheControl);
    }
    const width = THUMB_WIDTH;
    const drawn = {
      bookId,
      page,
      pageCount: access.terms.pageCount,
      width,
      height: Math.round((width * PAGE_HEIGHT) / PAGE_WIDTH),
      strip: access.episodic,
    };
    const format = formatFor(c.req.header("accept"));
    return sendDrawn(c, () => pageFile(cache, drawer, drawn, format), cacheControl);
  });

  routes.get("/cds/:cdId/jacket.png", async (c) => {
    const { cdId } = readParams(c, cdParams);
    const { w = 300, v } = readQuery(c, artQuery);
    if (!(await dramaCdExists(db, cdId))) notFound();
    const uploaded = await sendUploadedArt(c, "jacket", cdId, w, v);
    if (uploaded) return uploaded;
    const jacket = { cdId, ...(await jacketCaption(db, cdId)), width: w, height: w };
    const format = formatFor(c.req.header("accept"));
    return sendDrawn(c, () => jacketFile(cache, drawer, jacket, format), publicCache(v));
  });

  // A series' uploaded appeal image (decision 0095); the seed's are drawn under /media/appeal/.
  routes.get("/series/:seriesId/appeal.png", async (c) => {
    const { seriesId } = readParams(c, seriesParams);
    const { w = 300, v } = readQuery(c, artQuery);
    return (await sendUploadedArt(c, "appeal", seriesId, w, v)) ?? notFound();
  });

  // A campaign's uploaded banner (decision 0101); campaigns without one are drawn under /media/campaign/.
  routes.get("/campaigns/:campaignId/banner.png", async (c) => {
    const { campaignId } = readParams(c, campaignBannerParams);
    const { w = 702, v } = readQuery(c, artQuery);
    return (await sendUploadedArt(c, "campaign", campaignId, w, v)) ?? notFound();
  });

  routes.get("/cds/:cdId/trials/:trackNo{[0-9]+\\.mp3}", async (c) => {
    const { cdId, trackNo } = readParams(c, trackParams);
    const track = await trackAccess(db, cdId, trackNo, null);
    // Asked as no one: "trial" unless there is none or the track was withdrawn (0094).
    if (track?.access !== "trial") notFound();
    const uploaded = await liveSet(db, "track", track.trackId);
    if (uploaded) {
      return sendUploaded(c, trackKey(track.trackId, uploaded.setId, "trial"), PUBLIC_DAY);
    }
    // The length the CD page lists for this sample (contract/track-length).
    const seconds = trialSeconds(track);
    return sendDrawn(c, () => trialFile(cache, drawer, { cdId, trackNo, seconds }), PUBLIC_DAY);
  });

  routes.get("/cds/:cdId/tracks/:trackNo{[0-9]+\\.mp3}", async (c) => {
    const { cdId, trackNo } = readParams(c, trackParams);
    const track = await trackAccess(db, cdId, trackNo, c.get("member")?.userId ?? null);
    // A withdrawn track is gone for all but those who keep it (decision 0094).
    if (!track || (track.withdrawn && track.access !== "full")) notFound();
    if (track.access !== "full") throw new ApiError(403, "この音声を聴くには購入が必要です");
    const uploaded = await liveSet(db, "track", track.trackId);
    if (uploaded) {
      const key = trackKey(track.trackId, uploaded.setId, "track");
      return sendUploaded(c, key, "private, max-age=3600");
    }
    const seconds = track.durationSec;
    return sendDrawn(
      c,
      () => trackFile(cache, drawer, { cdId, trackNo, seconds }),
      "private, max-age=3600",
    );
  });

  // Decorative art the marketing content refers to (banners, campaign and feature images, stamps…).
  // Only names the content links to are drawn, so invented names cannot fill the cache.
  routes.get(`/:kind/:name{${ART_NAME}\\.png}`, async (c) => {
    const kind = c.req.param("kind");
    const shape = ART_KINDS[kind];
    if (!shape) notFound();
    const name = c.req.param("name").replace(/\.png$/, "");
    const { w, v, shape: asked } = readQuery(c, shapedArtQuery);
    if (!(await artExists(db, { kind, name }))) notFound();
    const artId = (seedOf(`${kind}/${name}`) % 2_147_483_646) + 1;
    const caption = await artCaption(db, kind, name);
    const format = formatFor(c.req.header("accept"));
    const frame = asked ? ART_SHAPES[asked] : undefined;
    if (shape.square !== undefined && (!frame || frame.width === frame.height)) {
      const base = frame?.width ?? shape.square;
      const size = w === undefined ? base : Math.min(w, base * 2);
      const square = { id: artId, style: shape.style, ...caption.square, size };
      return sendDrawn(c, () => squareFile(cache, drawer, square, format), publicCache(v));
    }
    const base = frame ?? { width: shape.width ?? 702, height: shape.height ?? 180 };
    const width = w === undefined ? base.width : Math.min(w, base.width * 2);
    const height = Math.round((base.height * width) / base.width);
    const banner = { id: artId, ...caption.banner, keyVisual: kind === "carousel", width, height };
    return sendDrawn(c, () => bannerFile(cache, drawer, banner, format), publicCache(v));
  });

  return routes;
}
