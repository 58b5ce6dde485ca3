import { stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { CachedMedia, MediaCache } from "./cache";

/** The formats images are sent in: WebP to browsers that say they take it, PNG otherwise. */
export type ImageFormat = "webp" | "png";

/** WebP when the Accept header names it (every current browser does), else PNG. */
export function formatFor(accept: string | undefined): ImageFormat {
  return /\bimage\/webp\b/i.test(accept ?? "") ? "webp" : "png";
}

/**
 * A stored image (a PNG master in the media store) in the width and format asked. The master
 * itself is sent when it is already that; any other is resized and encoded once and kept in the
 * cache (DATA_DIR/media/cache), named by the master's size and time so a rewritten master is
 * never answered with an old copy. Nothing is drawn here: an upload would be served the same way.
 */
export async function imageVariant(
  cache: MediaCache,
  store: string,
  key: string,
  width: number,
  format: ImageFormat,
): Promise<CachedMedia | undefined> {
  // A file found a moment ago is answered again without looking on disk: a reader's pages are
  // asked in bursts, and two stats per request cost more than the answer from memory. The caller
  // forgets it (forgetVariant) when the file has gone meanwhile.
  const asked = `${store}|${key}|${width}|${format}`;
  const seen = recent.get(asked);
  if (seen && seen.until > Date.now()) return seen.file;
  const file = await findVariant(cache, store, key, width, format);
  if (file) {
    if (recent.size >= 10_000) recent.clear();
    recent.set(asked, { file, until: Date.now() + RECENT_MS });
  }
  return file;
}

const RECENT_MS = 10_000;
const recent = new Map<string, { file: CachedMedia; until: number }>();

/** Drops what imageVariant remembered of a file that turned out to be gone. */
export function forgetVariant(file: CachedMedia): void {
  for (const [asked, seen] of recent) if (seen.file.path === file.path) recent.delete(asked);
}

async function findVariant(
  cache: MediaCache,
  store: string,
  key: string,
  width: number,
  format: ImageFormat,
): Promise<CachedMedia | undefined> {
  const master = path.join(store, key);
  const found = await stat(master).catch(() => undefined);
  if (!found?.isFile()) return undefined;
  const masterWidth = (await widthOf(master)) ?? width;
  // Never enlarged: a width beyond the master's is answered at the master's.
  const target = Math.min(width, masterWidth);
  if (format === "png" && target === masterWidth) return { path: master, size: found.size };
  const stamp = `${found.size}-${Math.floor(found.mtimeMs)}`;
  const variant = `${key.replace(/\.png$/, "")}-w${target}-m${stamp}.${format}`;
  return cache.get(variant, () => {
    const image = sharp(master).resize({ width: target });
    return format === "webp"
      ? image.webp({ quality: 82, effort: 4 }).toBuffer()
      : image.png({ compressionLevel: 9 }).toBuffer();
  });
}

/** Masters' widths, read once per file from its header. */
const widths = new Map<string, number>();

async function widthOf(file: string): Promise<number | undefined> {
  const known = widths.get(file);
  if (known !== undefined) return known;
  const { width } = await sharp(file).metadata();
  if (width === undefined) return undefined;
  if (widths.size > 50_000) widths.clear();
  widths.set(file, width);
  return width;
}
