/**
 * The store's genres (spec 001 §3 "Genres") in tab order; 1 総合 stands for every genre. The one
 * table: the seed, the API's checks, the genre tabs and the names shown all read it.
 */
export const GENRES = [
  [1, "総合"],
  [2, "少女・女性"],
  [3, "TL"],
  [4, "BL"],
  [5, "少年・青年"],
  [6, "メンズ"],
  [20, "タテヨミ"],
  [21, "ボイスドラマ"],
] as const satisfies ReadonlyArray<readonly [id: number, name: string]>;

export type GenreId = (typeof GENRES)[number][0];

export const GENRE_IDS: readonly GenreId[] = GENRES.map(([id]) => id);

/** タテヨミ: vertical-scroll series whose volumes are episodes (contract/episodes.ts). */
export const TATEYOMI_GENRE = 20;

/** ボイスドラマ: drama CDs, which have no comic ranking tab. */
export const VOICE_DRAMA_GENRE = 21;

export function isGenreId(n: number): n is GenreId {
  return (GENRE_IDS as readonly number[]).includes(n);
}

export function genreName(id: number): string | undefined {
  return GENRES.find(([g]) => g === id)?.[1];
}
