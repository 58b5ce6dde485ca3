import { createHash } from "node:crypto";
import {
  MAX_TRACK_NO,
  MAX_TRACK_SECONDS,
  MAX_TRIAL_SECONDS,
  renderTrackMp3,
  renderTrialMp3,
  type TrackAudioInput,
} from "./audio.ts";
import type { CachedMedia, MediaCache } from "./cache.ts";
import {
  type BannerInput,
  type CoverInput,
  type JacketInput,
  MAX_PAGE_COUNT,
  MAX_VOLUME,
  type PageInput,
  renderBanner,
  renderCover,
  renderJacket,
  renderPage,
  renderSquare,
  type SquareInput,
} from "./images.ts";
import { checkId, checkInt, checkSide } from "./params.ts";

/**
 * One cache key per distinct output: every input that changes the bytes is in the key, so a
 * cached file can be served as immutable. Inputs are checked before a key is formed.
 *
 * Bump MEDIA_VERSION whenever a generator's output changes; old files then simply stop being
 * used, and the cache's size cap removes them first, as the least recently used.
 */
export const MEDIA_VERSION = 1;

const root = `v${MEDIA_VERSION}`;

/** Free text (a latin title or label) enters the key as a short digest. */
function textTag(prefix: string, text: string | undefined): string {
  if (text === undefined) return "";
  return `-${prefix}${createHash("sha256").update(text).digest("hex").slice(0, 12)}`;
}

export function coverKey(input: CoverInput): string {
  const seriesId = checkId("seriesId", input.seriesId);
  const volume =
    input.volume === undefined ? "series" : `v${checkInt("volume", input.volume, 0, MAX_VOLUME)}`;
  const w = checkSide("width", input.width ?? 300);
  const h = checkSide("height", input.height ?? 424);
  return `${root}/cover/${seriesId}/${volume}-${w}x${h}${textTag("t", input.title)}.png`;
}

export function pageKey(input: PageInput): string {
  const bookId = checkId("bookId", input.bookId);
  const pageCount = checkInt("pageCount", input.pageCount, 1, MAX_PAGE_COUNT);
  const page = checkInt("page", input.page, 1, pageCount);
  const w = checkSide("width", input.width ?? 720);
  const h = checkSide("height", input.height ?? 1024);
  return `${root}/page/${bookId}/p${page}-of${pageCount}-${w}x${h}.png`;
}

export function bannerKey(input: BannerInput): string {
  const id = checkId("id", input.id);
  const w = checkSide("width", input.width ?? 702);
  const h = checkSide("height", input.height ?? 180);
  return `${root}/banner/${id}-${w}x${h}${textTag("l", input.label)}.png`;
}

export function jacketKey(input: JacketInput): string {
  const cdId = checkId("cdId", input.cdId);
  const w = checkSide("width", input.width ?? 300);
  const h = checkSide("height", input.height ?? 300);
  return `${root}/jacket/${cdId}-${w}x${h}.png`;
}

export function squareKey(input: SquareInput): string {
  const id = checkId("id", input.id);
  const size = checkSide("size", input.size ?? 240);
  return `${root}/square/${id}-${size}${textTag("l", input.label)}.png`;
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

export async function coverFile(cache: MediaCache, input: CoverInput): Promise<CachedMedia> {
  return cache.get(coverKey(input), () => renderCover(input));
}

export async function pageFile(cache: MediaCache, input: PageInput): Promise<CachedMedia> {
  return cache.get(pageKey(input), () => renderPage(input));
}

export async function bannerFile(cache: MediaCache, input: BannerInput): Promise<CachedMedia> {
  return cache.get(bannerKey(input), () => renderBanner(input));
}

export async function jacketFile(cache: MediaCache, input: JacketInput): Promise<CachedMedia> {
  return cache.get(jacketKey(input), () => renderJacket(input));
}

export async function squareFile(cache: MediaCache, input: SquareInput): Promise<CachedMedia> {
  return cache.get(squareKey(input), () => renderSquare(input));
}

export async function trackFile(cache: MediaCache, input: TrackAudioInput): Promise<CachedMedia> {
  return cache.get(trackKey(input), () => renderTrackMp3(input));
}

export async function trialFile(cache: MediaCache, input: TrackAudioInput): Promise<CachedMedia> {
  return cache.get(trialKey(input), () => renderTrialMp3(input));
}
