import { createHash } from "node:crypto";
import { MEDIA_VERSION } from "../../../contract/media.ts";
import type { CachedMedia, MediaCache } from "./cache.ts";
import {
  type BannerInput,
  type CoverInput,
  type ImageFormat,
  type JacketInput,
  MAX_PAGE_COUNT,
  MAX_TRACK_NO,
  MAX_TRACK_SECONDS,
  MAX_TRIAL_SECONDS,
  MAX_VOLUME,
  type MediaDrawer,
  type PageInput,
  type SquareInput,
  type TrackAudioInput,
} from "./drawings.ts";
import { checkId, checkInt, checkSide } from "./params.ts";

/**
 * One cache key per distinct output: every input that changes the bytes is in the key, so a
 * cached file can be served as immutable. Inputs are checked before a key is formed.
 *
 * Bump MEDIA_VERSION whenever a generator's output changes; old files then simply stop being
 * used, and the cache's size cap removes them first, as the least recently used.
 */
const root = `v${MEDIA_VERSION}`;

/** The texts drawn into an image (titles, headlines) enter the key as a short digest. */
function textTag(...texts: unknown[]): string {
  if (texts.every((t) => t === undefined)) return "";
  return `-t${createHash("sha256").update(JSON.stringify(texts)).digest("hex").slice(0, 12)}`;
}

export function coverKey(input: CoverInput, format: ImageFormat = "png"): string {
  const seriesId = checkId("seriesId", input.seriesId);
  const volume =
    input.volume === undefined ? "series" : `v${checkInt("volume", input.volume, 0, MAX_VOLUME)}`;
  const w = checkSide("width", input.width ?? 300);
  const h = checkSide("height", input.height ?? 424);
  const texts = textTag(input.title, input.author, input.genre);
  return `${root}/cover/${seriesId}/${volume}-${w}x${h}${texts}.${format}`;
}

export function pageKey(input: PageInput, format: ImageFormat = "png"): string {
  const bookId = checkId("bookId", input.bookId);
  const pageCount = checkInt("pageCount", input.pageCount, 1, MAX_PAGE_COUNT);
  const page = checkInt("page", input.page, 1, pageCount);
  const w = checkSide("width", input.width ?? 720);
  const h = checkSide("height", input.height ?? 1024);
  return `${root}/page/${bookId}/p${page}-of${pageCount}-${w}x${h}${input.strip ? "-strip" : ""}.${format}`;
}

export function bannerKey(input: BannerInput, format: ImageFormat = "png"): string {
  const id = checkId("id", input.id);
  const w = checkSide("width", input.width ?? 702);
  const h = checkSide("height", input.height ?? 180);
  const texts = textTag(input.headline, input.sub, input.badge, input.covers);
  const visual = `${input.keyVisual ? "-kv" : ""}${input.ad ? "-ad" : ""}`;
  return `${root}/banner/${id}-${w}x${h}${visual}${texts}.${format}`;
}

export function jacketKey(input: JacketInput, format: ImageFormat = "png"): string {
  const cdId = checkId("cdId", input.cdId);
  const w = checkSide("width", input.width ?? 300);
  const h = checkSide("height", input.height ?? 300);
  return `${root}/jacket/${cdId}-${w}x${h}${textTag(input.title, input.sub)}.${format}`;
}

export function squareKey(input: SquareInput, format: ImageFormat = "png"): string {
  const id = checkId("id", input.id);
  const size = checkSide("size", input.size ?? 240);
  const texts = textTag(input.style, input.label, input.sub);
  return `${root}/square/${id}-${size}${texts}.${format}`;
}

export function trackKey(input: TrackAudioInput): string {
  const cdId = checkId("cdId", input.cdId);
  const trackNo = checkInt("trackNo", input.trackNo, 1, MAX_TRACK_NO);
  const seconds = checkInt("seconds", input.seconds, 1, MAX_TRACK_SECONDS);
  return `${root}/track/${cdId}/${trackNo}-${seconds}s.mp3`;
}

export function trialKey(input: TrackAudioInput): string {
  const cdId = checkId("cdId", input.cdId);
  const trackNo = checkInt("trackNo", input.trackNo, 1, MAX_TRACK_NO);
  const seconds = checkInt("seconds", input.seconds, 1, MAX_TRIAL_SECONDS);
  return `${root}/trial/${cdId}/${trackNo}-${seconds}s.mp3`;
}

/**
 * A drawn file from the store, drawn first if it is not there (by the drawer, off this thread).
 * Each key is checked, and so each input, before anything is drawn.
 */
export async function coverFile(
  cache: MediaCache,
  drawer: MediaDrawer,
  input: CoverInput,
  format: ImageFormat = "png",
): Promise<CachedMedia> {
  return cache.get(coverKey(input, format), () => drawer.draw({ kind: "cover", input, format }));
}

export async function pageFile(
  cache: MediaCache,
  drawer: MediaDrawer,
  input: PageInput,
  format: ImageFormat = "png",
): Promise<CachedMedia> {
  return cache.get(pageKey(input, format), () => drawer.draw({ kind: "page", input, format }));
}

export async function bannerFile(
  cache: MediaCache,
  drawer: MediaDrawer,
  input: BannerInput,
  format: ImageFormat = "png",
): Promise<CachedMedia> {
  return cache.get(bannerKey(input, format), () => drawer.draw({ kind: "banner", input, format }));
}

export async function jacketFile(
  cache: MediaCache,
  drawer: MediaDrawer,
  input: JacketInput,
  format: ImageFormat = "png",
): Promise<CachedMedia> {
  return cache.get(jacketKey(input, format), () => drawer.draw({ kind: "jacket", input, format }));
}

export async function squareFile(
  cache: MediaCache,
  drawer: MediaDrawer,
  input: SquareInput,
  format: ImageFormat = "png",
): Promise<CachedMedia> {
  return cache.get(squareKey(input, format), () => drawer.draw({ kind: "square", input, format }));
}

export async function trackFile(
  cache: MediaCache,
  drawer: MediaDrawer,
  input: TrackAudioInput,
): Promise<CachedMedia> {
  return cache.get(trackKey(input), () => drawer.draw({ kind: "track", input }));
}

export async function trialFile(
  cache: MediaCache,
  drawer: MediaDrawer,
  input: TrackAudioInput,
): Promise<CachedMedia> {
  return cache.get(trialKey(input), () => drawer.draw({ kind: "trial", input }));
}
