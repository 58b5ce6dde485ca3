import path from "node:path";
import { ART_SHAPES, type ArtShape, MEDIA_VERSION } from "../../../contract/media";

/**
 * The media store: finished files under DATA_DIR/media/store, written by the seed tooling
 * (server/db/seed/media) and, later, by back-office uploads; the server only reads it (decision
 * 0073). A key names one stored file; the seed writes exactly the keys the routes ask for, so
 * both sides take them from here.
 *
 * The demo art is the store's, versioned: a new MEDIA_VERSION is a new folder the seed fills.
 */
export const STORE_ROOT = `v${MEDIA_VERSION}`;

/** Written by the seed last, so a store without it is filled again (what exists is kept). */
export const STORE_COMPLETE = `${STORE_ROOT}/complete`;

export function storeDir(dataDir: string): string {
  return path.resolve(dataDir, "media", "store");
}

/** Every volume of a series shows the series' cover; its volume number is in the page's text. */
export function coverKey(seriesId: number): string {
  return `${STORE_ROOT}/cover/${seriesId}.png`;
}

/**
 * Reader pages come from one numbered set shared by every book (the spec names no page art):
 * page 12 of any volume is the same picture, carrying its number so reading order shows.
 */
export function pageKey(page: number): string {
  return `${STORE_ROOT}/page/${page}.png`;
}

export function jacketKey(cdId: number): string {
  return `${STORE_ROOT}/jacket/${cdId}.png`;
}

/** Decorative art as content links it, in its kind's own frame or one of ART_SHAPES. */
export function artKey(kind: string, name: string, shape?: ArtShape): string {
  return `${STORE_ROOT}/art/${kind}/${name}${shape ? `-${shape}` : ""}.png`;
}

/** Tunes in the demo's audio bank; each (cd, track) plays one of them. */
export const TUNES = 4;

/** FNV-1a: which tune of the bank a track plays, the same on every machine. */
export function tuneOf(cdId: number, trackNo: number): number {
  const label = `tune:${cdId}:${trackNo}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return ((h >>> 0) % TUNES) + 1;
}

/**
 * A full track is its tune at its length, so tracks of one tune and length share a file; the
 * seed rounds lengths to half minutes, which keeps the bank small.
 */
export function trackKey(tune: number, seconds: number): string {
  return `${STORE_ROOT}/track/${tune}-${seconds}s.mp3`;
}

export function trialKey(tune: number, seconds: number): string {
  return `${STORE_ROOT}/trial/${tune}-${seconds}s.mp3`;
}

/** Kinds of decorative art the seeded content links to, with the frame each is drawn in. */
export type SquareStyle = "appeal" | "comment" | "author" | "stamp";
export const ART_KINDS: Record<
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

/** The frame a piece of art is stored in: its kind's, or the shape asked for. */
export function artFrame(kind: string, shape?: ArtShape): { width: number; height: number } {
  if (shape) return ART_SHAPES[shape];
  const frame = ART_KINDS[kind];
  if (frame?.square !== undefined) return { width: frame.square, height: frame.square };
  return { width: frame?.width ?? 702, height: frame?.height ?? 180 };
}

/** Sizes the stored masters are drawn at; the server serves other widths resized from them. */
export const COVER_SIZE = { width: 300, height: 424 };
export const PAGE_SIZE = { width: 720, height: 1024 };
export const JACKET_SIZE = { width: 300, height: 300 };

/** A track without its own trial length is sampled this long. */
export const DEFAULT_TRIAL_SECONDS = 15;
