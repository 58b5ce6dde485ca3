/**
 * Version of the store's generated images. Every /media image address carries it as `?v=`, and
 * the media routes send an address with the current version as immutable for a year; bump it
 * whenever the art changes so browsers fetch the new pictures.
 */
export const MEDIA_VERSION = 2;

/** A /media image address with the current version, e.g. /media/books/3/cover.png?v=2. */
export function mediaUrl(path: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}v=${MEDIA_VERSION}`;
}

/**
 * The widths images come in (?w=); any other width is served at the nearest one, so few sizes
 * are drawn and cached.
 */
export const IMAGE_WIDTHS = [
  120, 160, 240, 320, 360, 480, 640, 720, 960, 1080, 1280, 1400,
] as const;

/**
 * A srcset for one of the store's /media images at the given widths (?w=), so a phone is not sent
 * a PC-sized picture; undefined for any other address, which has only the one size.
 */
export function mediaSrcSet(src: string, widths: readonly number[]): string | undefined {
  if (!src.startsWith("/media/")) return undefined;
  const joiner = src.includes("?") ? "&" : "?";
  return widths.map((w) => `${src}${joiner}w=${w} ${w}w`).join(", ");
}
