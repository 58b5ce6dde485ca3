/**
 * Version of the store's generated images. Every /media image address carries it as `?v=`, and
 * the media routes send an address with the current version as immutable for a year; bump it
 * whenever the art changes so browsers fetch the new pictures.
 */
export const MEDIA_VERSION = 3;

/** A /media image address with the current version, e.g. /media/books/3/cover.png?v=3. */
export function mediaUrl(path: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}v=${MEDIA_VERSION}`;
}

/**
 * The one builder of cover and jacket addresses. `set` is the published upload's id
 * (server/modules/content/art-addresses.ts looks it up), null where the seed's drawn art is
 * served: the address changes with the picture, so every address is cached for good and a
 * replaced cover reaches a shopper with the next page they load (decision 0095).
 */
function artUrl(path: string, set: string | null): string {
  return set === null ? mediaUrl(path) : `${path}?v=${set}`;
}

/** A volume's cover, as cards, the cart and the bookshelf show it. */
export function coverUrl(bookId: number, set: string | null): string {
  return artUrl(`/media/books/${bookId}/cover.png`, set);
}

/** A drama CD's jacket. */
export function jacketUrl(cdId: number, set: string | null): string {
  return artUrl(`/media/cds/${cdId}/jacket.png`, set);
}

/**
 * A series' uploaded appeal image, the appeal card's picture (decision 0095). Where none was
 * uploaded the card shows the seed's drawn one, by its name (/media/appeal/{name}.png).
 */
export function seriesAppealUrl(seriesId: number, set: string): string {
  return `/media/series/${seriesId}/appeal.png?v=${set}`;
}

/** A campaign's uploaded banner (decision 0101); without one the store draws it. */
export function campaignBannerUrl(campaignId: number, set: string): string {
  return `/media/campaigns/${campaignId}/banner.png?v=${set}`;
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

/**
 * Shapes a section can ask a piece of art in (?shape=), width × height at 1×: the same banner or
 * appeal picture is composed anew for a square tile, a portrait slide or a wide card, so nothing
 * the art says is cropped away by the slot's object-fit.
 */
export const ART_SHAPES = {
  /** Small square banners (layout 16), 106 px. */
  square: { width: 240, height: 240 },
  /** Portrait carousel slides (layouts 23, 25), 3:4. */
  portrait: { width: 300, height: 400 },
  /** The appeal card's picture, 2:1. */
  wide: { width: 480, height: 240 },
  /** The corner popup banner (popup type 34), 192 × 80. */
  corner: { width: 480, height: 200 },
} as const;

export type ArtShape = keyof typeof ART_SHAPES;

/** A /media art address asking for the art composed in one of ART_SHAPES; others unchanged. */
export function mediaShape(src: string, shape: ArtShape): string {
  if (!/^\/media\/[a-z]+\/[a-z0-9-]+\.png/.test(src)) return src;
  return `${src}${src.includes("?") ? "&" : "?"}shape=${shape}`;
}
