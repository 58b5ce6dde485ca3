import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { integerIn, recordId } from "../../../contract/input";
import { ART_SHAPES, type ArtShape, IMAGE_WIDTHS, MEDIA_VERSION } from "../../../contract/media";
import { READER_PAGE_WIDTHS } from "../../../contract/reader";
import { INT4_MAX } from "../../../contract/row-id";
import { ByteLru } from "../../lib/byte-lru";
import type { AppEnv, AppServices } from "../../lib/context";
import { ApiError } from "../../lib/errors";
import { readParams, readQuery } from "../../lib/input";
import { bookAccess } from "../catalog/service";
import { dramaCdExists } from "../dramacd/service";
import { pageIsPublic, pageVerdict } from "../entitlements/rules";
import { trackAccess, volumeAccess } from "../entitlements/service";
import { ART_NAME, artExists } from "./art";
import { type CachedMedia, contentTypeOf, MediaCache } from "./cache";
import {
  ART_KINDS,
  artFrame,
  artKey,
  COVER_SIZE,
  coverKey,
  DEFAULT_TRIAL_SECONDS,
  JACKET_SIZE,
  jacketKey,
  PAGE_SIZE,
  pageKey,
  storeDir,
  trackKey,
  trialKey,
  tuneOf,
} from "./store";
import { forgetVariant, formatFor, imageVariant } from "./variants";

const id = recordId();
/** "12.png", "3.mp3": the number before the extension, within PostgreSQL's integer. */
const fileNumber = (field: string) =>
  z.preprocess(
    (name) => (typeof name === "string" ? name.replace(/\.[a-z0-9]+$/, "") : name),
    integerIn(0, INT4_MAX, `${field} は0〜${INT4_MAX}の整数で指定してください`),
  );
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

const pageQuery = imageQuery(READER_PAGE_WIDTHS);

/**
 * Small files kept in memory a minute: a page image is asked many times in a row (the reader's
 * neighbours, several readers of one volume), and a Buffer answer costs far less than a file
 * stream, which the checks before it already outweigh. Keyed by path and size: a stored file
 * is replaced only by a file of another name or size (variants carry their master's stamp).
 */
const HOT_FILE_MAX = 1024 * 1024;
const HOT_TTL_MS = 60_000;
const hot = new ByteLru<Buffer>(64 * 1024 * 1024, (bytes) => bytes.length);

async function bytesOf(file: CachedMedia): Promise<Buffer | undefined> {
  if (file.size > HOT_FILE_MAX) return undefined;
  const key = `${file.path}:${file.size}`;
  const kept = hot.get(key);
  if (kept) return kept;
  const bytes = await readFile(file.path);
  hot.set(key, bytes, HOT_TTL_MS);
  return bytes;
}

/** Sends a stored or cached file, honouring a single byte range so audio can seek. */
async function sendFile(
  c: Context<AppEnv>,
  file: CachedMedia,
  cacheControl: string,
): Promise<Response> {
  const type = contentTypeOf(file.path);
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Cache-Control": cacheControl,
    "Accept-Ranges": "bytes",
  };
  // Images come as WebP or PNG by the Accept header, so caches must keep one copy per answer.
  if (type.startsWith("image/")) headers.Vary = "Accept";
  const bytes = await bytesOf(file);
  const body = (start: number, end: number): Uint8Array<ArrayBuffer> | ReadableStream =>
    bytes
      ? new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset + start, end - start + 1)
      : (Readable.toWeb(createReadStream(file.path, { start, end })) as ReadableStream);
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
    return new Response(body(start, end), {
      status: 206,
      headers: {
        ...headers,
        "Content-Length": String(end - start + 1),
        "Content-Range": `bytes ${start}-${end}/${file.size}`,
      },
    });
  }
  return new Response(body(0, file.size - 1), {
    status: 200,
    headers: { ...headers, "Content-Length": String(file.size) },
  });
}

function notFound(): never {
  throw new ApiError(404, "ファイルが見つかりません");
}

/** A stored audio file, or undefined when the store has none by that name. */
async function storedFile(store: string, key: string): Promise<CachedMedia | undefined> {
  const file = path.join(store, key);
  const found = await stat(file).catch(() => undefined);
  return found?.isFile() ? { path: file, size: found.size } : undefined;
}

/**
 * /media: files from the media store (seeded demo art and sound, later uploads), behind the
 * entitlement checks; nothing is drawn or encoded here (decision 0073). Images are resized to
 * the width asked from their stored master once and kept in the cache (variants.ts).
 */
export function mediaRoutes(
  services: AppServices,
  cache = new MediaCache(
    `${services.env.DATA_DIR}/media/cache`,
    services.env.MEDIA_CACHE_MB * 1024 * 1024,
    (hit) => services.metrics.cacheLookup({ cache: "media", tier: "disk" }, hit),
  ),
  store = storeDir(services.env.DATA_DIR),
) {
  const { db } = services;
  const routes = new Hono<AppEnv>();
  /**
   * A stored image at the width and format asked, its bytes read into memory: a file remembered a
   * moment ago that the cache has since removed is looked up once more (and made again).
   */
  const variant = async (c: Context<AppEnv>, key: string, width: number) => {
    const format = formatFor(c.req.header("accept"));
    for (let attempt = 0; ; attempt++) {
      const file = await imageVariant(cache, store, key, width, format);
      if (!file) return undefined;
      try {
        await bytesOf(file);
        return file;
      } catch (error) {
        if (attempt > 0 || (error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        forgetVariant(file);
      }
    }
  };
  const image = async (c: Context<AppEnv>, key: string, width: number) =>
    (await variant(c, key, width)) ?? notFound();
  const audio = async (key: string) => (await storedFile(store, key)) ?? notFound();

  routes.get("/books/:bookId/cover.png", async (c) => {
    const { bookId } = readParams(c, z.object({ bookId: id }));
    const { w = COVER_SIZE.width, v } = readQuery(c, artQuery);
    const book = await bookAccess(db, bookId);
    if (!book) notFound();
    return sendFile(c, await image(c, coverKey(book.seriesId), w), publicCache(v));
  });

  routes.get("/books/:bookId/pages/:page{[0-9]+\\.png}", async (c) => {
    const { bookId, page } = readParams(c, z.object({ bookId: id, page: fileNumber("page") }));
    const { w = PAGE_SIZE.width } = readQuery(c, pageQuery);
    const member = c.get("member");
    const access = await volumeAccess(db, bookId, member?.userId ?? null);
    if (!access) notFound();
    const verdict = pageVerdict(access, page, access.terms.pageCount);
    if (verdict === "not-found") notFound();
    if (verdict === "forbidden") throw new ApiError(403, "このページを読むには購入が必要です");
    const file = await image(c, pageKey(page), w);
    // Only pages open to every visitor may sit in shared caches, and only for an hour, since
    // campaigns that open them switch on the hour; a member's pages stay in their browser.
    const shared = !member && pageIsPublic(access.terms, page);
    return sendFile(c, file, shared ? "public, max-age=3600" : "private, max-age=3600");
  });

  routes.get("/cds/:cdId/jacket.png", async (c) => {
    const { cdId } = readParams(c, z.object({ cdId: id }));
    const { w = JACKET_SIZE.width, v } = readQuery(c, artQuery);
    if (!(await dramaCdExists(db, cdId))) notFound();
    return sendFile(c, await image(c, jacketKey(cdId), w), publicCache(v));
  });

  routes.get("/cds/:cdId/trials/:trackNo{[0-9]+\\.mp3}", async (c) => {
    const { cdId, trackNo } = readParams(c, z.object({ cdId: id, trackNo: fileNumber("trackNo") }));
    const track = await trackAccess(db, cdId, trackNo, null);
    if (!track?.hasTrial) notFound();
    const seconds = Math.min(track.trialDurationSec ?? DEFAULT_TRIAL_SECONDS, track.durationSec);
    return sendFile(c, await audio(trialKey(tuneOf(cdId, trackNo), seconds)), PUBLIC_DAY);
  });

  routes.get("/cds/:cdId/tracks/:trackNo{[0-9]+\\.mp3}", async (c) => {
    const { cdId, trackNo } = readParams(c, z.object({ cdId: id, trackNo: fileNumber("trackNo") }));
    const track = await trackAccess(db, cdId, trackNo, c.get("member")?.userId ?? null);
    if (!track) notFound();
    if (track.access !== "full") throw new ApiError(403, "この音声を聴くには購入が必要です");
    const file = await audio(trackKey(tuneOf(cdId, trackNo), track.durationSec));
    return sendFile(c, file, "private, max-age=3600");
  });

  // Decorative art the marketing content refers to (banners, campaign and feature images, stamps…).
  // Only names the content links to are served, in their kind's frame or a slot's shape.
  routes.get(`/:kind/:name{${ART_NAME}\\.png}`, async (c) => {
    const kind = c.req.param("kind");
    if (!ART_KINDS[kind]) notFound();
    const name = c.req.param("name").replace(/\.png$/, "");
    const { w, v, shape } = readQuery(c, shapedArtQuery);
    if (!(await artExists(db, { kind, name }))) notFound();
    const frame = artFrame(kind, shape);
    const width = Math.min(w ?? frame.width, frame.width * 2);
    // A shape the seed drew no picture in is answered with the piece in its kind's own frame.
    const file =
      (await variant(c, artKey(kind, name, shape), width)) ??
      (shape ? await variant(c, artKey(kind, name), width) : undefined) ??
      notFound();
    return sendFile(c, file, publicCache(v));
  });

  return routes;
}
