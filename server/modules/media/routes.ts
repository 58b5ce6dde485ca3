import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { integerIn, recordId } from "../../../contract/input";
import { ART_SHAPES, type ArtShape, IMAGE_WIDTHS, MEDIA_VERSION } from "../../../contract/media";
import { READER_PAGE_WIDTHS } from "../../../contract/reader";
import { INT4_MAX } from "../../../contract/row-id";
import type { AppEnv, AppServices } from "../../lib/context";
import { ApiError } from "../../lib/errors";
import { readParams, readQuery } from "../../lib/input";
import type { StoredFile } from "../../lib/storage";
import { bookAccess } from "../catalog/service";
import { ART_WIDTHS, artKey } from "../content/art";
import { trackKey } from "../content/audio";
import { THUMB_WIDTH } from "../content/images";
import { pageKey } from "../content/pages";
import { liveSet } from "../content/sets";
import { dramaCdExists } from "../dramacd/service";
import { pageIsPublic, pageVerdict } from "../entitlements/rules";
import { trackAccess, volumeAccess } from "../entitlements/service";
import { ownsItem } from "../library/service";
import { ART_NAME, artExists } from "./art";
import { DEFAULT_TRIAL_SECONDS } from "./audio";
import { type CachedMedia, contentTypeOf, MediaCache } from "./cache";
import { artCaption, jacketCaption, seriesCaption } from "./captions";
import { formatFor } from "./encode";
import {
  bannerFile,
  coverFile,
  jacketFile,
  pageFile,
  squareFile,
  trackFile,
  trialFile,
} from "./files";
import type { SquareStyle } from "./images";
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
    v: z.string().max(20, "v は20文字以内で指定してください").optional(),
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

/** An uploaded cover or jacket: its address outlives an upload, so caches keep it an hour. */
const UPLOADED_ART = "public, max-age=3600";

/** Slices a stream to bytes start…end (inclusive), for a Range asked of a stored file. */
async function* byteRange(body: AsyncIterable<Buffer>, start: number, end: number) {
  let at = 0;
  for await (const chunk of body) {
    const from = Math.max(0, start - at);
    const to = Math.min(chunk.length, end + 1 - at);
    if (to > from) yield chunk.subarray(from, to);
    at += chunk.length;
    if (at > end) break;
  }
}

/**
 * Sends a file from the storage (an upload made into what the store serves), streamed, with a
 * single byte range when asked so audio can seek.
 */
function sendStored(c: Context<AppEnv>, file: StoredFile, cacheControl: string): Response {
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Cache-Control": cacheControl,
    "Accept-Ranges": "bytes",
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header("range") ?? "");
  if (range && (range[1] || range[2])) {
    const start = Math.max(0, range[1] ? Number(range[1]) : file.size - Number(range[2]));
    const end = Math.min(range[1] && range[2] ? Number(range[2]) : file.size - 1, file.size - 1);
    if (start > end || start >= file.size) {
      file.body.destroy();
      return new Response(null, {
        status: 416,
        headers: { ...headers, "Content-Range": `bytes */${file.size}` },
      });
    }
    const sliced = Readable.from(byteRange(file.body, start, end));
    sliced.on("close", () => file.body.destroy());
    return new Response(Readable.toWeb(sliced) as ReadableStream, {
      status: 206,
      headers: {
        ...headers,
        "Content-Length": String(end - start + 1),
        "Content-Range": `bytes ${start}-${end}/${file.size}`,
      },
    });
  }
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    status: 200,
    headers: { ...headers, "Content-Length": String(file.size) },
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

/** Sends a cached file, honouring a single byte range so audio can seek. */
function sendFile(c: Context<AppEnv>, file: CachedMedia, cacheControl: string): Response {
  const type = contentTypeOf(file.path);
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Cache-Control": cacheControl,
    "Accept-Ranges": "bytes",
  };
  // Images come as WebP or PNG by the Accept header, so caches must keep one copy per answer.
  if (type.startsWith("image/")) headers.Vary = "Accept";
  const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header("range") ?? "");
  if (range && (range[1] || range[2])) {
    let start = range[1] ? Number(range[1]) : file.size - Number(range[2]);
    let end = range[1] && range[2] ? Number(range[2]) : file.size - 1;
    start = Math.max(0, start);
    end = Math.min(end, file.size - 1);
    if (start > end || start >= file.size) {
      return new Response(null, {
        status: 416,
        headers: { ...headers, "Content-Range": `bytes */${file.size}` },
      });
    }
    const stream = Readable.toWeb(createReadStream(file.path, { start, end })) as ReadableStream;
    return new Response(stream, {
      status: 206,
      headers: {
        ...headers,
        "Content-Length": String(end - start + 1),
        "Content-Range": `bytes ${start}-${end}/${file.size}`,
      },
    });
  }
  const stream = Readable.toWeb(createReadStream(file.path)) as ReadableStream;
  return new Response(stream, {
    status: 200,
    headers: { ...headers, "Content-Length": String(file.size) },
  });
}

function notFound(): never {
  throw new ApiError(404, "ファイルが見つかりません");
}

export function mediaRoutes(
  services: AppServices,
  cache = new MediaCache(
    `${services.env.DATA_DIR}/media`,
    services.env.MEDIA_CACHE_MB * 1024 * 1024,
    (hit) => services.metrics.cacheLookup({ cache: "media", tier: "disk" }, hit),
  ),
) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.get("/books/:bookId/cover.png", async (c) => {
    const { bookId } = readParams(c, bookParams);
    const { w, v } = readQuery(c, artQuery);
    const book = await bookAccess(db, bookId);
    if (!book) notFound();
    const uploaded = await liveSet(db, "cover", bookId);
    if (uploaded) {
      const key = artKey("cover", bookId, uploaded.setId, nearest(ART_WIDTHS, w ?? COVER_WIDTH));
      return sendStored(c, (await services.storage.get(key)) ?? notFound(), UPLOADED_ART);
    }
    const width = w ?? COVER_WIDTH;
    const cover = {
      seriesId: book.seriesId,
      volume: book.volume,
      ...(await seriesCaption(db, book.seriesId)),
      width,
      height: Math.round((width * COVER_HEIGHT) / COVER_WIDTH),
    };
    const file = await coverFile(cache, cover, formatFor(c.req.header("accept")));
    return sendFile(c, file, publicCache(v));
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
      const stored = await services.storage.get(pageKey(bookId, uploaded.setId, page, `w${w}`));
      return sendStored(c, stored ?? notFound(), cacheControl);
    }
    const file = await pageFile(
      cache,
      {
        bookId,
        page,
        pageCount: access.terms.pageCount,
        width: w,
        height: Math.round((w * PAGE_HEIGHT) / PAGE_WIDTH),
      },
      formatFor(c.req.header("accept")),
    );
    return sendFile(c, file, cacheControl);
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
      const stored = await services.storage.get(pageKey(bookId, uploaded.setId, page, "thumb"));
      return sendStored(c, stored ?? notFound(), cacheControl);
    }
    const width = THUMB_WIDTH;
    const file = await pageFile(
      cache,
      {
        bookId,
        page,
        pageCount: access.terms.pageCount,
        width,
        height: Math.round((width * PAGE_HEIGHT) / PAGE_WIDTH),
      },
      formatFor(c.req.header("accept")),
    );
    return sendFile(c, file, cacheControl);
  });

  routes.get("/cds/:cdId/jacket.png", async (c) => {
    const { cdId } = readParams(c, cdParams);
    const { w = 300, v } = readQuery(c, artQuery);
    if (!(await dramaCdExists(db, cdId))) notFound();
    const uploaded = await liveSet(db, "jacket", cdId);
    if (uploaded) {
      const key = artKey("jacket", cdId, uploaded.setId, nearest(ART_WIDTHS, w));
      return sendStored(c, (await services.storage.get(key)) ?? notFound(), UPLOADED_ART);
    }
    const jacket = { cdId, ...(await jacketCaption(db, cdId)), width: w, height: w };
    const file = await jacketFile(cache, jacket, formatFor(c.req.header("accept")));
    return sendFile(c, file, publicCache(v));
  });

  routes.get("/cds/:cdId/trials/:trackNo{[0-9]+\\.mp3}", async (c) => {
    const { cdId, trackNo } = readParams(c, trackParams);
    const track = await trackAccess(db, cdId, trackNo, null);
    if (!track?.hasTrial) notFound();
    const uploaded = await liveSet(db, "track", track.trackId);
    if (uploaded) {
      const stored = await services.storage.get(trackKey(track.trackId, uploaded.setId, "trial"));
      return sendStored(c, stored ?? notFound(), PUBLIC_DAY);
    }
    const seconds = Math.min(track.trialDurationSec ?? DEFAULT_TRIAL_SECONDS, track.durationSec);
    return sendFile(c, await trialFile(cache, { cdId, trackNo, seconds }), PUBLIC_DAY);
  });

  routes.get("/cds/:cdId/tracks/:trackNo{[0-9]+\\.mp3}", async (c) => {
    const { cdId, trackNo } = readParams(c, trackParams);
    const track = await trackAccess(db, cdId, trackNo, c.get("member")?.userId ?? null);
    if (!track) notFound();
    if (track.access !== "full") throw new ApiError(403, "この音声を聴くには購入が必要です");
    const uploaded = await liveSet(db, "track", track.trackId);
    if (uploaded) {
      const stored = await services.storage.get(trackKey(track.trackId, uploaded.setId, "track"));
      return sendStored(c, stored ?? notFound(), "private, max-age=3600");
    }
    return sendFile(
      c,
      await trackFile(cache, { cdId, trackNo, seconds: track.durationSec }),
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
    let file: CachedMedia;
    if (shape.square !== undefined && (!frame || frame.width === frame.height)) {
      const base = frame?.width ?? shape.square;
      const size = w === undefined ? base : Math.min(w, base * 2);
      file = await squareFile(
        cache,
        { id: artId, style: shape.style, ...caption.square, size },
        format,
      );
    } else {
      const base = frame ?? { width: shape.width ?? 702, height: shape.height ?? 180 };
      const width = w === undefined ? base.width : Math.min(w, base.width * 2);
      const height = Math.round((base.height * width) / base.width);
      file = await bannerFile(
        cache,
        { id: artId, ...caption.banner, keyVisual: kind === "carousel", width, height },
        format,
      );
    }
    return sendFile(c, file, publicCache(v));
  });

  return routes;
}
