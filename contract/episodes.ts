import { TATEYOMI_GENRE } from "./genres";

/**
 * How the store names a volume (issue 25 item 7). A タテヨミ series (genre 20) comes out as weekly
 * episodes read as one vertical strip, so each of its volumes is an episode: 第N話, never N巻,
 * and its list, counts and "next" say 話. Every other series keeps 巻. The one rule every screen
 * and the server's mails read: nothing else turns a volume number into words.
 */

/** True when the series' genres include タテヨミ: its volumes are episodes. */
export function readsAsEpisodes(
  genres: ReadonlyArray<number | { genre_id: number }> | null | undefined,
): boolean {
  return (genres ?? []).some((g) => (typeof g === "number" ? g : g.genre_id) === TATEYOMI_GENRE);
}

/** The words for one kind of series: episodes (第N話) or volumes (N巻). */
export interface VolumeWords {
  /** 第3話 / 3巻 */
  name(volume: number): string;
  /** 全12話 / 全12巻 */
  total(count: number): string;
  /** 12話 / 12冊: how many are listed. */
  count(count: number): string;
  /** 話 / 巻 */
  unit: string;
  /** この話 / この巻 */
  this: string;
  /** 次の話 / 次の巻 */
  next: string;
  /** 次話 / 次巻: the one announced, not yet out. */
  upcoming: string;
  /** 前の話 / 前の巻 */
  previous: string;
  /** 最新話 / 最新巻 */
  latest: string;
  /** 第1話 / 1巻 */
  first: string;
  /** エピソード一覧 / 作品ラインナップ */
  list: string;
}

const EPISODES: VolumeWords = {
  name: (volume) => `第${volume}話`,
  total: (count) => `全${count}話`,
  count: (count) => `${count}話`,
  unit: "話",
  this: "この話",
  next: "次の話",
  upcoming: "次話",
  previous: "前の話",
  latest: "最新話",
  first: "第1話",
  list: "エピソード一覧",
};

const VOLUMES: VolumeWords = {
  name: (volume) => `${volume}巻`,
  total: (count) => `全${count}巻`,
  count: (count) => `${count}冊`,
  unit: "巻",
  this: "この巻",
  next: "次の巻",
  upcoming: "次巻",
  previous: "前の巻",
  latest: "最新巻",
  first: "1巻",
  list: "作品ラインナップ",
};

export function volumeWords(episodes: boolean): VolumeWords {
  return episodes ? EPISODES : VOLUMES;
}

/** 第3話 for an episode, 3巻 for a volume. */
export function volumeName(volume: number, episodes: boolean): string {
  return volumeWords(episodes).name(volume);
}
