import sharp, { type Metadata } from "sharp";
import { JobRefusal } from "../../lib/jobs";
import { IMAGE_TYPES, sniff, TYPE_LABELS } from "./sniff";

/** The sides an uploaded picture may have, in pixels. */
export interface SideBounds {
  min: number;
  max: number;
  maxPixels: number;
}

export const PAGE_BOUNDS: SideBounds = { min: 200, max: 16_000, maxPixels: 60_000_000 };
export const ART_BOUNDS: SideBounds = { min: 100, max: 8_000, maxPixels: 40_000_000 };

/** A thumbnail's width: the page strip of the ops screen and the reader's page list. */
export const THUMB_WIDTH = 160;

/** Refuses a file that is not a JPEG, PNG or WebP by its content, naming what it is instead. */
export function checkImageType(name: string, bytes: Buffer): void {
  const type = sniff(bytes);
  if (type && IMAGE_TYPES.has(type)) return;
  throw new JobRefusal(
    `${name}: 画像ファイルではありません（${type ? `${TYPE_LABELS[type]}ファイル` : "中身が JPEG・PNG・WebP のいずれでもありません"}）`,
  );
}

/**
 * The WebP files made of one picture: one per width (never wider than the picture; a width past
 * it gets the picture's own), plus a thumbnail when asked. The whole picture is decoded, so a
 * truncated or damaged file is refused here with its name, before anything is published.
 */
export async function webpDerivatives(
  name: string,
  bytes: Buffer,
  widths: readonly number[],
  bounds: SideBounds,
  options: { thumb?: boolean } = {},
): Promise<{ width: number; height: number; files: Map<string, Buffer> }> {
  checkImageType(name, bytes);
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new JobRefusal(`${name}: 画像を読み込めません（壊れている可能性があります）`);
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width < bounds.min || height < bounds.min) {
    throw new JobRefusal(
      `${name}: 画像が小さすぎます（${width}×${height}px。縦横とも${bounds.min}px以上にしてください）`,
    );
  }
  if (width > bounds.max || height > bounds.max || width * height > bounds.maxPixels) {
    throw new JobRefusal(
      `${name}: 画像が大きすぎます（${width}×${height}px。縦横とも${bounds.max}px以下にしてください）`,
    );
  }
  const files = new Map<string, Buffer>();
  try {
    // Decoded once, strictly: a truncated JPEG fails here instead of being drawn half grey.
    const decoded = sharp(bytes, { failOn: "truncated", limitInputPixels: bounds.maxPixels })
      .rotate()
      .toColourspace("srgb");
    const { data, info } = await decoded.raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encode = (w: number) =>
      sharp(data, raw)
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 82, effort: 2 })
        .toBuffer();
    for (const w of widths) files.set(`w${w}`, await encode(w));
    if (options.thumb) files.set("thumb", await encode(THUMB_WIDTH));
  } catch {
    throw new JobRefusal(`${name}: 画像を読み込めません（壊れているか、途中で切れています）`);
  }
  return { width, height, files };
}
