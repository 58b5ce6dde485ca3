import { GENRES } from "../../../contract/genres";
import type { Rng } from "../../lib/seeded-random";
import {
  authors,
  books,
  categories,
  generations,
  genres,
  ITEM_TYPE_BOOK,
  items,
  labels,
  magazines,
  publisherGroups,
  publishers,
  series,
  seriesAuthors,
  seriesCategories,
  seriesGenerations,
  seriesGenres,
  seriesTags,
  tags,
} from "../../modules/catalog/schema";
import { priceExTax } from "../../modules/pricing/rules";
import { insertRows, syncIdentity, withoutForeignKeyChecks } from "./bulk";
import type { CatalogSummary, SeedContext } from "./types";
import {
  ADJECTIVES,
  APPEAL_INTROS,
  APPEAL_TITLES,
  CALL_LINES,
  CALL_OUTS,
  CASE_PREDICATES,
  CASE_SUBJECTS,
  FULLWIDTH_LATIN,
  GIVEN_NAMES,
  HALFWIDTH_LATIN,
  ISEKAI_ACTIVITIES,
  ISEKAI_PLACES,
  KATAKANA_WORDS,
  LOVE_OBJECTS,
  LOVE_SCENES,
  NAME_PREDICATES,
  OWNERS,
  PEN_NAMES,
  PLACES,
  PREDICATES,
  PREFECTURES,
  RE_WORDS,
  SEINEN_SUFFIXES,
  SEINEN_TITLES,
  STORY_DEVELOPMENTS,
  STORY_HOOKS,
  STORY_OPENINGS,
  SUBJECTS,
  SUBTITLES,
  SURNAMES,
  THINGS,
  VOLUME_PHRASES,
  type Word,
} from "./words";

const DAY_MS = 86_400_000;

/** Book ids start here so that no book shares its number with its item (a classic mix-up). */
export const FIRST_BOOK_ID = 100_001;

/** Series generated, inserted and released per round, so 100,000 series stay within memory. */
const SERIES_PER_ROUND = 2_000;

const GENRE_SHOJO = 2;
const GENRE_TL = 3;
const GENRE_BL = 4;
const GENRE_SHONEN = 5;
const GENRE_MENS = 6;
const GENRE_TATEYOMI = 20;

/** Audience genres a series belongs to, with their share of the catalog. */
const AUDIENCE_GENRES: ReadonlyArray<readonly [id: number, weight: number]> = [
  [GENRE_SHOJO, 26],
  [GENRE_TL, 14],
  [GENRE_BL, 14],
  [GENRE_SHONEN, 30],
  [GENRE_MENS, 16],
];

const ALL_AUDIENCES = [GENRE_SHOJO, GENRE_TL, GENRE_BL, GENRE_SHONEN, GENRE_MENS];

/** Categories with the audience genres they suit. */
export const CATEGORIES: ReadonlyArray<readonly [name: string, genres: number[]]> = [
  ["ファンタジー", ALL_AUDIENCES],
  ["恋愛", [2, 3, 4]],
  ["ラブコメ", [2, 3, 4, 5]],
  ["学園", [2, 4, 5]],
  ["バトル・アクション", [5, 6]],
  ["ミステリー・サスペンス", [2, 5, 6]],
  ["ホラー", [2, 5, 6]],
  ["SF", [5, 6]],
  ["歴史・時代", [2, 5, 6]],
  ["スポーツ", [5, 6]],
  ["グルメ", [2, 5, 6]],
  ["日常・ほのぼの", [2, 4, 5]],
  ["お仕事", [2, 3, 4, 6]],
  ["異世界", ALL_AUDIENCES],
  ["転生", [2, 3, 5, 6]],
  ["悪役令嬢", [2, 3]],
  ["オメガバース", [4]],
  ["医療", [2, 6]],
  ["青春", [2, 4, 5]],
  ["ギャグ・コメディ", [2, 4, 5]],
  ["ヒューマンドラマ", [2, 4, 5, 6]],
  ["裏社会・アングラ", [4, 6]],
  ["動物", [2, 5]],
  ["ギャンブル", [6]],
  ["オフィスラブ", [2, 3, 4]],
  ["後宮・中華", [2, 3]],
  ["ハーレム", [5, 6]],
  ["ヤンキー・不良", [4, 5, 6]],
];

const ROMANCE_ONLY = [2, 3, 4];
const NOT_BL = [2, 3, 5, 6];
const FEMALE = [2, 3];
const MALE = [5, 6];

/** Tags; those with a genre list suit only those genres. */
export const TAGS: ReadonlyArray<readonly [name: string, genres?: number[]]> = [
  ["異世界"],
  ["溺愛", ROMANCE_ONLY],
  ["復讐"],
  ["ラブコメ"],
  ["年の差", ROMANCE_ONLY],
  ["幼なじみ"],
  ["契約結婚", FEMALE],
  ["身分差", ROMANCE_ONLY],
  ["俺様", ROMANCE_ONLY],
  ["執着", ROMANCE_ONLY],
  ["両片思い", ROMANCE_ONLY],
  ["ざまぁ"],
  ["チート", NOT_BL],
  ["追放", NOT_BL],
  ["スローライフ"],
  ["料理"],
  ["もふもふ"],
  ["聖女", FEMALE],
  ["婚約破棄", FEMALE],
  ["オフィスラブ", ROMANCE_ONLY],
  ["社会人"],
  ["学生"],
  ["先輩後輩"],
  ["主従"],
  ["吸血鬼"],
  ["人外"],
  ["獣人"],
  ["天然"],
  ["ツンデレ"],
  ["ヤンデレ"],
  ["一途"],
  ["切ない"],
  ["感動"],
  ["泣ける"],
  ["笑える"],
  ["ほのぼの"],
  ["シリアス"],
  ["ダーク"],
  ["下剋上"],
  ["成り上がり", NOT_BL],
  ["無双", MALE],
  ["最強"],
  ["ハーレム", MALE],
  ["逆ハーレム", FEMALE],
  ["三角関係", ROMANCE_ONLY],
  ["再会"],
  ["初恋"],
  ["片思い"],
  ["政略結婚", FEMALE],
  ["シンデレラストーリー", FEMALE],
  ["花嫁", FEMALE],
  ["王子"],
  ["騎士"],
  ["魔法"],
  ["ダンジョン", NOT_BL],
  ["冒険"],
  ["ゲーム"],
  ["アイドル"],
  ["芸能界"],
  ["部活"],
  ["医者"],
  ["刑事"],
  ["探偵"],
  ["極道"],
  ["御曹司", ROMANCE_ONLY],
  ["社長"],
  ["秘書"],
  ["双子"],
  ["兄弟"],
  ["家族"],
  ["子育て"],
  ["猫"],
  ["犬"],
  ["グルメ"],
  ["旅"],
  ["戦国"],
  ["後宮", FEMALE],
  ["和風"],
  ["妖怪"],
  ["神様"],
  ["ホラー"],
  ["デスゲーム", MALE],
  ["宇宙"],
  ["オメガバース", [4]],
  ["ＳＦ"],
  ["VTuber"],
];

export const GENERATIONS: readonly string[] = ["10代", "20代", "30代", "40代", "50代以上"];

/** Age bands each audience reads most (generation ids, 1-based). */
const GENERATION_BIAS: Record<number, number[]> = {
  [GENRE_SHOJO]: [1, 2, 3],
  [GENRE_TL]: [2, 3, 4],
  [GENRE_BL]: [2, 3],
  [GENRE_SHONEN]: [1, 2, 3],
  [GENRE_MENS]: [3, 4, 5],
};

interface PublisherSeed {
  id: number;
  name: string;
  kana: string;
  /** Prefix for label names: 「桜風コミックス」. */
  brand: string;
  /** Latin prefix for label names: 「SAKURAKAZE COMICS」. */
  latin: string;
  /** Relative share of series. */
  weight: number;
}

/**
 * Fictional publishers with fixed ids. The spec treats 8 (promotional heading in the menu) and
 * 193 (chip in a smaller font, so it carries a long name) specially.
 */
export const PUBLISHERS: readonly PublisherSeed[] = [
  { id: 1, name: "桜風社", kana: "さくらかぜしゃ", brand: "桜風", latin: "SAKURAKAZE", weight: 12 },
  { id: 2, name: "月光書房", kana: "げっこうしょぼう", brand: "月光", latin: "GEKKO", weight: 11 },
  { id: 3, name: "星見出版", kana: "ほしみしゅっぱん", brand: "星見", latin: "HOSHIMI", weight: 9 },
  { id: 4, name: "青嵐堂", kana: "せいらんどう", brand: "青嵐", latin: "SEIRAN", weight: 8 },
  { id: 5, name: "紅葉舎", kana: "こうようしゃ", brand: "紅葉", latin: "KOYO", weight: 7 },
  {
    id: 6,
    name: "白鷺書院",
    kana: "しらさぎしょいん",
    brand: "白鷺",
    latin: "SHIRASAGI",
    weight: 6,
  },
  { id: 7, name: "翠明社", kana: "すいめいしゃ", brand: "翠明", latin: "SUIMEI", weight: 5 },
  {
    id: 8,
    name: "ひだまりコミック",
    kana: "ひだまりこみっく",
    brand: "ひだまり",
    latin: "HIDAMARI",
    weight: 10,
  },
  { id: 9, name: "夜想文庫", kana: "やそうぶんこ", brand: "夜想", latin: "YASO", weight: 4 },
  { id: 10, name: "蒼天書房", kana: "そうてんしょぼう", brand: "蒼天", latin: "SOTEN", weight: 6 },
  {
    id: 11,
    name: "花綵出版",
    kana: "はなづなしゅっぱん",
    brand: "花綵",
    latin: "HANAZUNA",
    weight: 3,
  },
  { id: 12, name: "黎明館", kana: "れいめいかん", brand: "黎明", latin: "REIMEI", weight: 5 },
  { id: 14, name: "銀河企画", kana: "ぎんがきかく", brand: "銀河", latin: "GINGA", weight: 3 },
  {
    id: 15,
    name: "金糸雀社",
    kana: "かなりあしゃ",
    brand: "カナリア",
    latin: "CANARIA",
    weight: 3,
  },
  { id: 17, name: "朱雀出版", kana: "すざくしゅっぱん", brand: "朱雀", latin: "SUZAKU", weight: 4 },
  {
    id: 19,
    name: "こもれび書店",
    kana: "こもれびしょてん",
    brand: "こもれび",
    latin: "KOMOREBI",
    weight: 3,
  },
  {
    id: 23,
    name: "ミルキーウェイ",
    kana: "みるきーうぇい",
    brand: "ミルキー",
    latin: "MILKY WAY",
    weight: 4,
  },
  { id: 26, name: "アトリエ灯", kana: "あとりえあかり", brand: "灯", latin: "AKARI", weight: 2 },
  {
    id: 29,
    name: "コミックリーフ",
    kana: "こみっくりーふ",
    brand: "リーフ",
    latin: "LEAF",
    weight: 4,
  },
  {
    id: 31,
    name: "スピカ書房",
    kana: "すぴかしょぼう",
    brand: "スピカ",
    latin: "SPICA",
    weight: 3,
  },
  {
    id: 34,
    name: "ネオン・エンタテインメント",
    kana: "ねおんえんたていんめんと",
    brand: "ネオン",
    latin: "NEON",
    weight: 3,
  },
  {
    id: 38,
    name: "雪月花社",
    kana: "せつげっかしゃ",
    brand: "雪月花",
    latin: "SETSUGEKKA",
    weight: 3,
  },
  {
    id: 42,
    name: "八咫烏書房",
    kana: "やたがらすしょぼう",
    brand: "八咫烏",
    latin: "YATA",
    weight: 2,
  },
  { id: 47, name: "潮騒社", kana: "しおさいしゃ", brand: "潮騒", latin: "SHIOSAI", weight: 2 },
  { id: 55, name: "ルナパーク", kana: "るなぱーく", brand: "ルナ", latin: "LUNA", weight: 3 },
  { id: 63, name: "若葉舎", kana: "わかばしゃ", brand: "若葉", latin: "WAKABA", weight: 2 },
  { id: 71, name: "琥珀堂", kana: "こはくどう", brand: "琥珀", latin: "KOHAKU", weight: 2 },
  {
    id: 88,
    name: "陽炎出版",
    kana: "かげろうしゅっぱん",
    brand: "陽炎",
    latin: "KAGEROU",
    weight: 2,
  },
  {
    id: 102,
    name: "シトラスコミック",
    kana: "しとらすこみっく",
    brand: "シトラス",
    latin: "CITRUS",
    weight: 3,
  },
  { id: 117, name: "茜書房", kana: "あかねしょぼう", brand: "茜", latin: "AKANE", weight: 2 },
  {
    id: 130,
    name: "北斗出版",
    kana: "ほくとしゅっぱん",
    brand: "北斗",
    latin: "HOKUTO",
    weight: 2,
  },
  { id: 145, name: "紫苑社", kana: "しおんしゃ", brand: "紫苑", latin: "SHION", weight: 2 },
  {
    id: 160,
    name: "ハニービー・プレス",
    kana: "はにーびーぷれす",
    brand: "ハニービー",
    latin: "HONEYBEE",
    weight: 2,
  },
  { id: 178, name: "鳳凰書林", kana: "ほうおうしょりん", brand: "鳳凰", latin: "HOUOU", weight: 2 },
  {
    id: 193,
    name: "ミッドナイトブルー・エンタテインメント・パブリッシング",
    kana: "みっどないとぶるーえんたていんめんとぱぶりっしんぐ",
    brand: "ミッドナイトブルー",
    latin: "MIDNIGHT BLUE",
    weight: 4,
  },
  {
    id: 204,
    name: "若竹書房",
    kana: "わかたけしょぼう",
    brand: "若竹",
    latin: "WAKATAKE",
    weight: 2,
  },
];

/** Publisher groups are the kana rows the menu lists publishers under. */
const KANA_ROWS: ReadonlyArray<readonly [name: string, firstChars: string]> = [
  ["あ行", "あいうえおぁぃぅぇぉ"],
  ["か行", "かきくけこがぎぐげご"],
  ["さ行", "さしすせそざじずぜぞ"],
  ["た行", "たちつてとだぢづでど"],
  ["な行", "なにぬねの"],
  ["は行", "はひふへほばびぶべぼぱぴぷぺぽ"],
  ["ま行", "まみむめも"],
  ["や行", "やゆよ"],
  ["ら行", "らりるれろ"],
  ["わ行", "わをん"],
];

/** Label name patterns and the audience genre each suits (0 = any). */
const LABEL_PATTERNS: ReadonlyArray<readonly [pattern: string, genre: number]> = [
  ["{brand}コミックス", 0],
  ["{latin} COMICS", 0],
  ["{brand}ロマンスコミックス", GENRE_SHOJO],
  ["{brand}BLコミックス", GENRE_BL],
  ["{brand}ティーンズラブ", GENRE_TL],
  ["{brand}ヤングコミックス", GENRE_MENS],
  ["{brand}少年コミックス", GENRE_SHONEN],
  ["{latin} LOVE", GENRE_TL],
  ["comic {latin}", 0],
  ["{brand}フラワーコミックス", GENRE_SHOJO],
  ["{latin} Bloom", GENRE_BL],
  ["{brand}ファンタジア", 0],
];

/** Magazines with the publisher that issues them. */
export const MAGAZINES: ReadonlyArray<readonly [name: string, publisherId: number]> = [
  ["月刊コミック桜風", 1],
  ["週刊少年ブレイブ", 1],
  ["桜風ロマンス", 1],
  ["月刊ムーンライト", 2],
  ["月光ヤングマガジン", 2],
  ["別冊月光", 2],
  ["コミックほしみ", 3],
  ["星見ラブ", 3],
  ["月刊セイラン", 4],
  ["青嵐ジャンプアップ", 4],
  ["紅葉デラックス", 5],
  ["白鷺ヒロイン", 6],
  ["月刊翠明", 7],
  ["ひだまりコミック", 8],
  ["ひだまりデイズ", 8],
  ["夜想ＤＡＲＫ", 9],
  ["蒼天コミックス増刊", 10],
  ["月刊ブルースカイ", 10],
  ["花綵ロマンチカ", 11],
  ["黎明ストーリア", 12],
  ["月刊ギャラクシー", 14],
  ["カナリア", 15],
  ["朱雀バトル", 17],
  ["こもれびっこ", 19],
  ["ミルキー", 23],
  ["コミックリーフ", 29],
  ["スピカ", 31],
  ["ネオンＺ", 34],
  ["雪月花", 38],
  ["ルナティック", 55],
  ["琥珀ＮＯＩＲ", 71],
  ["シトラス", 102],
  ["北斗バイオレンス", 130],
  ["ハニービー", 160],
  ["月刊ミッドナイトブルー", 193],
  ["ミッドナイトブルーＢＬ", 193],
  ["若竹メンズ", 204],
  ["別冊ひだまり", 8],
  ["増刊ムーンライト", 2],
  ["コミック陽炎", 88],
  ["紫苑ロマンス", 145],
  ["八咫烏ホラー", 42],
];

const GENERAL_PRICES = [528, 594, 660, 693, 715, 748, 770, 792];
const MENS_PRICES = [715, 770, 792, 880, 990, 1100];
const SPLIT_EDITION_PRICES = [110, 132, 165, 220, 330];
const EPISODE_PRICES = [55, 77, 99, 110];

type Kind = "fantasy" | "romance" | "bl" | "seinen" | "daily";

const KIND_BY_GENRE: Record<number, ReadonlyArray<readonly [Kind, number]>> = {
  [GENRE_SHOJO]: [
    ["fantasy", 40],
    ["romance", 45],
    ["daily", 15],
  ],
  [GENRE_TL]: [
    ["romance", 70],
    ["fantasy", 30],
  ],
  [GENRE_BL]: [
    ["bl", 80],
    ["fantasy", 20],
  ],
  [GENRE_SHONEN]: [
    ["fantasy", 50],
    ["seinen", 25],
    ["daily", 15],
    ["romance", 10],
  ],
  [GENRE_MENS]: [
    ["seinen", 55],
    ["fantasy", 35],
    ["romance", 10],
  ],
};

/** Hiragana to katakana; other characters unchanged. */
export function toKatakana(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += code >= 0x3041 && code <= 0x3096 ? String.fromCodePoint(code + 0x60) : ch;
  }
  return out;
}

function weighted<T>(rng: Rng, entries: ReadonlyArray<readonly [T, number]>): T {
  let total = 0;
  for (const [, w] of entries) total += w;
  let r = rng.next() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

/** A title with its reading; parts are joined and the reading turned into katakana. */
interface Title {
  name: string;
  kana: string;
}

function compose(...parts: Array<Word | string>): Title {
  let name = "";
  let kana = "";
  for (const part of parts) {
    if (typeof part === "string") {
      name += part;
      // Symbols are not read; kana particles are.
      if (/^[ぁ-ゖ]+$/.test(part)) kana += part;
    } else {
      name += part[0];
      kana += part[1];
    }
  }
  return { name, kana: toKatakana(kana).replace(/\s+/g, "") };
}

/** A title generator bound to one random stream; the pattern table is built once. */
function titleMaker(rng: Rng): (kind: Kind, subtitleChance: number) => Title {
  const pick = <T>(items: readonly T[]) => rng.pick(items);
  const ownerThing = () =>
    rng.chance(0.4)
      ? compose(pick(ADJECTIVES), pick(OWNERS), "の", pick(THINGS))
      : compose(pick(OWNERS), "の", pick(THINGS));
  const subjectPredicate = () =>
    rng.chance(0.5)
      ? compose(pick(SUBJECTS), "は", pick(PREDICATES))
      : compose(pick(OWNERS), "の", pick(THINGS), "は", pick(PREDICATES));
  const caseTitle = () => compose(pick(CASE_SUBJECTS), "が", pick(CASE_PREDICATES), ["件", "けん"]);
  const isekai = () =>
    rng.chance(0.5)
      ? compose(["異世界", "いせかい"], pick(ISEKAI_PLACES))
      : compose(["異世界", "いせかい"], "で", pick(ISEKAI_ACTIVITIES));
  const katakana = () => {
    const a = pick(KATAKANA_WORDS);
    let b = pick(KATAKANA_WORDS);
    if (b === a) b = pick(KATAKANA_WORDS);
    return rng.chance(0.5) ? compose(a, "・", b) : compose(a, b);
  };
  const katakanaOf = () => compose(pick(KATAKANA_WORDS), "の", pick(THINGS));
  const re = () => compose(["Re:", "り"], pick(RE_WORDS));
  const fullwidth = () =>
    rng.chance(0.5)
      ? compose(pick(FULLWIDTH_LATIN), "×", pick(KATAKANA_WORDS))
      : compose(pick(FULLWIDTH_LATIN), "な", pick(THINGS));
  const halfwidth = () => {
    const a = pick(HALFWIDTH_LATIN);
    let b = pick(HALFWIDTH_LATIN);
    if (b === a) b = pick(HALFWIDTH_LATIN);
    return compose(a, " ", b);
  };
  const love = () => {
    switch (rng.int(0, 3)) {
      case 0:
        return compose(["恋する", "こいする"], pick(LOVE_OBJECTS));
      case 1:
        return compose(pick(LOVE_SCENES), "の", ["恋", "こい"]);
      case 2:
        return compose(["恋と", "こいと"], pick(THINGS));
      default:
        return compose(pick(OWNERS), "に", ["恋した", "こいした"], pick(LOVE_OBJECTS));
    }
  };
  const ownerAndOwner = () =>
    rng.chance(0.5)
      ? compose(pick(ADJECTIVES), pick(OWNERS), "と", pick(THINGS))
      : compose(pick(OWNERS), "と", pick(THINGS));
  const callOut = () => compose(pick(CALL_OUTS), "、", pick(CALL_LINES));
  const namePredicate = () => compose(pick(GIVEN_NAMES), pick(NAME_PREDICATES));
  const seinen = () => compose(pick(SEINEN_TITLES), pick(SEINEN_SUFFIXES));
  const scene = () => compose(pick(LOVE_SCENES), "の", pick(KATAKANA_WORDS));

  const table: Record<Kind, ReadonlyArray<readonly [() => Title, number]>> = {
    fantasy: [
      [ownerThing, 24],
      [subjectPredicate, 22],
      [isekai, 12],
      [caseTitle, 8],
      [katakana, 8],
      [katakanaOf, 5],
      [re, 5],
      [fullwidth, 5],
      [halfwidth, 3],
    ],
    romance: [
      [ownerThing, 22],
      [love, 18],
      [subjectPredicate, 10],
      [ownerAndOwner, 8],
      [namePredicate, 10],
      [fullwidth, 8],
      [katakana, 8],
      [scene, 8],
      [re, 3],
    ],
    bl: [
      [callOut, 20],
      [ownerThing, 20],
      [ownerAndOwner, 14],
      [namePredicate, 14],
      [love, 12],
      [katakana, 8],
      [halfwidth, 6],
      [fullwidth, 4],
    ],
    seinen: [
      [seinen, 34],
      [ownerThing, 14],
      [caseTitle, 10],
      [fullwidth, 10],
      [halfwidth, 10],
      [katakana, 12],
      [subjectPredicate, 10],
    ],
    daily: [
      [namePredicate, 30],
      [isekai, 15],
      [scene, 15],
      [katakanaOf, 15],
      [love, 10],
      [caseTitle, 10],
      [re, 5],
    ],
  };
  return (kind, subtitleChance) => {
    const title = weighted(rng, table[kind])();
    if (rng.chance(subtitleChance)) {
      const sub = pick(SUBTITLES);
      return { name: `${title.name}～${sub[0]}～`, kana: title.kana + toKatakana(sub[1]) };
    }
    return title;
  };
}

const EDITION_SUFFIXES = ["［新装版］", "［完全版］", "（フルカラー）", "【分冊版】", "［愛蔵版］"];

function personName(rng: Rng): string {
  const s = rng.pick(SURNAMES)[0];
  const g = rng.pick(GIVEN_NAMES)[0];
  return `${s}${g}`;
}

function seriesDescription(rng: Rng, kind: Kind): string {
  // One lead name per description, so the opening and the development talk about the same person.
  const lead = personName(rng);
  const partner = personName(rng);
  const place = rng.pick(PLACES);
  const text = [
    rng.pick(STORY_OPENINGS[kind]),
    rng.pick(STORY_DEVELOPMENTS),
    rng.pick(STORY_HOOKS),
  ].join("");
  return text
    .replaceAll("{name2}", partner)
    .replaceAll("{name}", lead)
    .replaceAll("{place}", place);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The i-th distinct invented person name. Walking the surname × given-name grid with a stride
 * coprime to its size spreads neighbours apart while never repeating; a different offset keeps
 * the author and cast lists from drawing the same names.
 */
export function distinctName(index: number, offset: number): { name: string; kana: string } {
  const size = SURNAMES.length * GIVEN_NAMES.length;
  const stride = [7919, 7907, 7901, 7883].find((p) => gcd(p, size) === 1)!;
  const cell = (index * stride + offset) % size;
  const s = SURNAMES[cell % SURNAMES.length]!;
  const g = GIVEN_NAMES[Math.floor(cell / SURNAMES.length)]!;
  return { name: `${s[0]} ${g[0]}`, kana: toKatakana(`${s[1]} ${g[1]}`) };
}

export function nameSpaceSize(): number {
  return SURNAMES.length * GIVEN_NAMES.length + PEN_NAMES.length;
}

function authorName(index: number): { name: string; kana: string } {
  // Every twelfth author uses a pen name while they last.
  const penSlot = Math.floor(index / 12);
  if (index % 12 === 11 && penSlot < PEN_NAMES.length) {
    const pen = PEN_NAMES[penSlot]!;
    return { name: pen[0], kana: toKatakana(pen[1]) };
  }
  const penUsed = Math.min(PEN_NAMES.length, Math.floor((index + 1) / 12));
  return distinctName(index - penUsed, 0);
}

/**
 * Volume counts come in blocks of 20 series with a fixed core and two long runs, shuffled, so the
 * mean stays above 5.4 volumes a series at every size (2,000 series → ≥ 10,900 volumes).
 */
function volumeCounts(rng: Rng): number[] {
  const block = [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6, 7, 8, 10, 14];
  block.push(rng.int(12, 20), rng.int(20, 40));
  return rng.sample(block, block.length);
}

export const VOLUME_BLOCK_MIN_TOTAL = 109;

interface LabelRow {
  labelId: number;
  publisherId: number;
  name: string;
  genre: number;
}

type SeriesRow = typeof series.$inferInsert;
type BookRow = typeof books.$inferInsert;
type ItemRow = typeof items.$inferInsert;

/**
 * Writes the comic catalog: reference lists, authors, publishers with labels and magazines, then
 * the series with their volumes and items, a round of series at a time.
 */
export async function seedCatalog(ctx: SeedContext): Promise<CatalogSummary> {
  const { db, options } = ctx;
  const rng = ctx.rng.fork("catalog");
  const now = options.now.getTime();
  const seriesTotal = Math.max(0, Math.floor(options.series));

  // Reference lists.
  await insertRows(
    db,
    genres,
    GENRES.map(([genreId, name], i) => ({ genreId, name, sortOrder: i + 1 })),
  );
  await insertRows(
    db,
    categories,
    CATEGORIES.map(([name], i) => ({ categoryId: i + 1, name, sortOrder: i + 1 })),
  );
  await insertRows(
    db,
    tags,
    TAGS.map(([name], i) => ({ tagId: i + 1, name, sortOrder: i + 1 })),
  );
  await insertRows(
    db,
    generations,
    GENERATIONS.map((name, i) => ({ generationId: i + 1, name, sortOrder: i + 1 })),
  );

  await insertRows(
    db,
    publisherGroups,
    KANA_ROWS.map(([name], i) => ({ publisherGroupId: i + 1, name, sortOrder: i + 1 })),
  );
  const groupOf = (kana: string) =>
    KANA_ROWS.findIndex(([, chars]) => chars.includes(kana[0]!)) + 1 || null;
  // Code-point order of the kana is the gojūon order, and unlike localeCompare it does not
  // depend on the ICU data a Node build ships with.
  const sortedByKana = [...PUBLISHERS].sort((a, b) => (a.kana < b.kana ? -1 : 1));
  await insertRows(
    db,
    publishers,
    PUBLISHERS.map((p) => ({
      publisherId: p.id,
      publisherGroupId: groupOf(p.kana),
      name: p.name,
      nameKana: toKatakana(p.kana),
      description:
        p.id === 8
          ? "心あたたまる物語を毎月お届け。ひだまりコミックの人気作品をまとめてチェック！"
          : `${p.name}の作品一覧です。`,
      sortOrder: sortedByKana.indexOf(p) + 1,
    })),
  );

  const labelRng = rng.fork("labels");
  const labelRows: LabelRow[] = [];
  for (const p of PUBLISHERS) {
    const count = p.weight >= 8 ? 3 : p.weight >= 3 ? 2 : 1;
    // The first pattern of every publisher is general, so any series can fall back on it.
    const patterns = [
      LABEL_PATTERNS[labelRng.int(0, 1)]!,
      ...labelRng.sample(LABEL_PATTERNS.slice(2), count - 1),
    ];
    for (const [pattern, genre] of patterns) {
      labelRows.push({
        labelId: labelRows.length + 1,
        publisherId: p.id,
        name: pattern.replace("{brand}", p.brand).replace("{latin}", p.latin),
        genre,
      });
    }
  }
  await insertRows(
    db,
    labels,
    labelRows.map(({ genre: _genre, ...row }, i) => ({ ...row, sortOrder: i + 1 })),
  );
  await insertRows(
    db,
    magazines,
    MAGAZINES.map(([name, publisherId], i) => ({
      magazineId: i + 1,
      publisherId,
      name,
      sortOrder: i + 1,
    })),
  );

  // Authors: enough that each has a few series, never more than the distinct names available.
  const authorTotal =
    seriesTotal === 0
      ? 0
      : Math.min(
          nameSpaceSize(),
          Math.max(Math.min(seriesTotal, 10), Math.round(seriesTotal * 0.45)),
        );
  const authorRng = rng.fork("authors");
  const authorRows: Array<typeof authors.$inferInsert> = [];
  for (let i = 0; i < authorTotal; i++) {
    const { name, kana } = authorName(i);
    authorRows.push({
      authorId: i + 1,
      name,
      nameKana: kana,
      profile: authorRng.chance(0.5)
        ? `${authorRng.pick(PREFECTURES)}出身。${authorRng.int(1995, 2024)}年デビュー。`
        : null,
    });
  }
  await insertRows(db, authors, authorRows);

  const summary: CatalogSummary = {
    genreIds: GENRES.map(([id]) => id),
    categoryIds: CATEGORIES.map((_, i) => i + 1),
    tagIds: TAGS.map((_, i) => i + 1),
    generationIds: GENERATIONS.map((_, i) => i + 1),
    authorIds: authorRows.map((a) => a.authorId!),
    publisherIds: PUBLISHERS.map((p) => p.id),
    labelIds: labelRows.map((l) => l.labelId),
    magazineIds: MAGAZINES.map((_, i) => i + 1),
    series: [],
    dramaCds: [],
    castIds: [],
    cdLabelIds: [],
  };

  const publisherWeights = PUBLISHERS.map((p) => [p, p.weight] as const);
  const labelsByPublisher = new Map<number, LabelRow[]>();
  for (const l of labelRows) {
    const list = labelsByPublisher.get(l.publisherId) ?? [];
    list.push(l);
    labelsByPublisher.set(l.publisherId, list);
  }
  const magazinesByPublisher = new Map<number, number[]>();
  MAGAZINES.forEach(([, publisherId], i) => {
    const list = magazinesByPublisher.get(publisherId) ?? [];
    list.push(i + 1);
    magazinesByPublisher.set(publisherId, list);
  });
  const categoryIdsByGenre = new Map<number, number[]>();
  const tagIdsByGenre = new Map<number, number[]>();
  for (const g of ALL_AUDIENCES) {
    categoryIdsByGenre.set(
      g,
      CATEGORIES.flatMap(([, gs], i) => (gs.includes(g) ? [i + 1] : [])),
    );
    tagIdsByGenre.set(
      g,
      TAGS.flatMap(([, gs], i) => (!gs || gs.includes(g) ? [i + 1] : [])),
    );
  }
  const categoryId = (name: string) => CATEGORIES.findIndex(([n]) => n === name) + 1;
  const tagId = (name: string) => TAGS.findIndex(([n]) => n === name) + 1;
  /** Title words that imply a category or tag, so filters agree with what readers see. */
  const titleCues: ReadonlyArray<readonly [word: string, categoryId: number, tagId: number]> = [
    ["異世界", categoryId("異世界"), tagId("異世界")],
    ["転生", categoryId("転生"), 0],
    ["令嬢", categoryId("悪役令嬢"), 0],
    ["溺愛", 0, tagId("溺愛")],
    ["聖女", 0, tagId("聖女")],
    ["婚約破棄", 0, tagId("婚約破棄")],
    ["吸血鬼", 0, tagId("吸血鬼")],
    ["ヴァンパイア", 0, tagId("吸血鬼")],
    ["追放", 0, tagId("追放")],
    ["恋", categoryId("恋愛"), 0],
    ["極道", categoryId("裏社会・アングラ"), tagId("極道")],
    ["外科医", categoryId("医療"), tagId("医者")],
  ];

  const seriesRng = rng.fork("series");
  const makeTitle = titleMaker(seriesRng);
  const usedTitles = new Set<string>();
  let pendingCounts: number[] = [];
  let nextBookId = FIRST_BOOK_ID;
  let nextItemId = 1;

  await withoutForeignKeyChecks(db, async () => {
    for (let roundStart = 0; roundStart < seriesTotal; roundStart += SERIES_PER_ROUND) {
      const roundEnd = Math.min(seriesTotal, roundStart + SERIES_PER_ROUND);
      const seriesRows: SeriesRow[] = [];
      const authorLinks: Array<typeof seriesAuthors.$inferInsert> = [];
      const genreLinks: Array<typeof seriesGenres.$inferInsert> = [];
      const categoryLinks: Array<typeof seriesCategories.$inferInsert> = [];
      const tagLinks: Array<typeof seriesTags.$inferInsert> = [];
      const generationLinks: Array<typeof seriesGenerations.$inferInsert> = [];
      const bookRows: BookRow[] = [];
      const itemRows: ItemRow[] = [];

      for (let index = roundStart; index < roundEnd; index++) {
        const seriesId = index + 1;
        const r = seriesRng;
        if (pendingCounts.length === 0) pendingCounts = volumeCounts(r);
        const volumeCount = pendingCounts.pop()!;

        const genre = weighted(r, AUDIENCE_GENRES);
        const tateyomi = genre !== GENRE_MENS && r.chance(0.12);
        const kind = weighted(r, KIND_BY_GENRE[genre]!);

        // Large catalogs exhaust the short patterns, so later attempts add a subtitle.
        let title = makeTitle(kind, 0.12);
        for (let attempt = 0; attempt < 24 && usedTitles.has(title.name); attempt++) {
          title = makeTitle(kind, attempt < 8 ? 0.12 : 1);
        }
        if (usedTitles.has(title.name)) {
          const base = title;
          for (const suffix of EDITION_SUFFIXES) {
            title = { name: base.name + suffix, kana: base.kana };
            if (!usedTitles.has(title.name)) break;
          }
        }
        usedTitles.add(title.name);

        const publisher = weighted(r, publisherWeights);
        const publisherLabels = labelsByPublisher.get(publisher.id)!;
        const fitting = publisherLabels.filter((l) => l.genre === genre || l.genre === 0);
        const labelId = r.chance(0.92)
          ? r.pick(fitting.length ? fitting : publisherLabels).labelId
          : null;
        const publisherMagazines = magazinesByPublisher.get(publisher.id);
        const magazineId =
          !tateyomi && publisherMagazines && r.chance(0.6) ? r.pick(publisherMagazines) : null;

        // Credits: the first authors each get one series of their own, the rest go to a popular few.
        const popularAuthor = () => Math.floor(authorTotal * r.next() ** 1.5) + 1;
        const mainAuthor = index < authorTotal ? index + 1 : popularAuthor();
        const creditCount = weighted(r, [
          [1, 72],
          [2, 24],
          [3, 4],
        ] as const);
        const credited = new Set<number>([mainAuthor]);
        const firstCredit = authorLinks.length;
        if (creditCount === 1) {
          authorLinks.push({ seriesId, authorId: mainAuthor, role: "著者", sortOrder: 1 });
        } else {
          let original = popularAuthor();
          for (let tries = 0; credited.has(original) && tries < 5; tries++)
            original = popularAuthor();
          if (credited.has(original)) {
            authorLinks.push({ seriesId, authorId: mainAuthor, role: "著者", sortOrder: 1 });
          } else {
            credited.add(original);
            authorLinks.push({ seriesId, authorId: original, role: "原作", sortOrder: 1 });
            authorLinks.push({
              seriesId,
              authorId: mainAuthor,
              role: r.chance(0.7) ? "漫画" : "作画",
              sortOrder: 2,
            });
            const designer = popularAuthor();
            if (creditCount === 3 && !credited.has(designer)) {
              authorLinks.push({
                seriesId,
                authorId: designer,
                role: "キャラクター原案",
                sortOrder: 3,
              });
            }
          }
        }

        const seriesGenreIds = tateyomi ? [genre, GENRE_TATEYOMI] : [genre];
        for (const genreId of seriesGenreIds) genreLinks.push({ seriesId, genreId });

        const cats = new Set(r.sample(categoryIdsByGenre.get(genre)!, r.int(1, 3)));
        const tagSet = new Set(r.sample(tagIdsByGenre.get(genre)!, r.int(2, 6)));
        for (const [word, cat, tag] of titleCues) {
          if (!title.name.includes(word)) continue;
          if (cat && (categoryIdsByGenre.get(genre)!.includes(cat) || word === "異世界"))
            cats.add(cat);
          if (tag) tagSet.add(tag);
        }
        for (const c of cats) categoryLinks.push({ seriesId, categoryId: c });
        let tagOrder = 0;
        for (const t of tagSet) tagLinks.push({ seriesId, tagId: t, sortOrder: ++tagOrder });
        const bands = GENERATION_BIAS[genre]!;
        const band = r.int(0, bands.length - 1);
        generationLinks.push({ seriesId, generationId: bands[band]! });
        if (band + 1 < bands.length && r.chance(0.5)) {
          generationLinks.push({ seriesId, generationId: bands[band + 1]! });
        }

        // Release schedule.
        const complete = r.chance(volumeCount >= 3 ? 0.35 : 0.15);
        const launchedRecently = r.chance(0.03);
        const interval = tateyomi ? 7 : r.int(75, 160);
        let futureVolumes = 0;
        if (!complete && volumeCount >= 2 && r.chance(0.15)) futureVolumes = 1;
        else if (!complete && volumeCount === 1 && r.chance(0.02)) futureVolumes = 1;
        const released = volumeCount - futureVolumes;
        const lastAgo = launchedRecently
          ? r.int(0, 25)
          : complete
            ? r.int(30, 2000)
            : Math.floor(240 * r.next() ** 2);
        const dates: number[] = [];
        for (let v = 1; v <= volumeCount; v++) {
          if (v > released) {
            dates.push(now + r.int(1, 45) * DAY_MS);
          } else if (launchedRecently) {
            // A new launch puts every volume up on the same day.
            dates.push(now - lastAgo * DAY_MS);
          } else {
            const gap = (released - v) * interval;
            const jitter = v === released ? 0 : r.int(-10, 10);
            dates.push(now - (lastAgo + gap + jitter) * DAY_MS);
          }
        }

        // Prices.
        const splitEdition = (genre === GENRE_TL || genre === GENRE_BL) && r.chance(0.35);
        let priceInc = tateyomi
          ? r.pick(EPISODE_PRICES)
          : splitEdition
            ? r.pick(SPLIT_EDITION_PRICES)
            : genre === GENRE_MENS
              ? r.pick(MENS_PRICES)
              : r.pick(GENERAL_PRICES);
        const priceRiseAt =
          !tateyomi && !splitEdition && volumeCount >= 8 && r.chance(0.3)
            ? Math.floor(volumeCount / 2)
            : 0;
        const allFree = volumeCount <= 3 && r.chance(0.02);
        const memberFree = !allFree && released >= 3 && r.chance(0.1);
        const freeCount = allFree
          ? volumeCount
          : memberFree
            ? 1
            : released >= 4 && r.chance(0.05)
              ? 3
              : released >= 2 && r.chance(0.22)
                ? 1
                : 0;
        const memberFreeLast = memberFree ? Math.min(released - 1, 1 + r.int(1, 3)) : 0;
        const trialIncrease = r.chance(0.04);

        const bookIds: number[] = [];
        const itemIds: number[] = [];
        const pricesInc: number[] = [];
        let latestBookId: number | null = null;
        let latestRelease: number | null = null;
        // The first 配信日 of a volume set on sale ahead of it: the series summary is due then.
        let firstReservableRelease = Number.POSITIVE_INFINITY;
        for (let v = 1; v <= volumeCount; v++) {
          if (priceRiseAt && v === priceRiseAt) priceInc += r.pick([22, 33, 44, 55]);
          const bookId = nextBookId++;
          const itemId = nextItemId++;
          const out = v <= released;
          // 予約購入 (decision 0116): the announced volumes of every other series are set on sale,
          // so they take reservations now and go on sale by themselves on their 配信日; the
          // rest stay 販売しない. Chosen by id, not drawn, so the rest of the seed is unchanged.
          const reservable = !out && seriesId % 2 === 0;
          if (reservable) firstReservableRelease = Math.min(firstReservableRelease, dates[v - 1]!);
          const onsale = out || reservable;
          const free = out && v <= freeCount;
          const memberFreeVolume = out && v >= 2 && v <= memberFreeLast;
          const inc = free || memberFreeVolume ? 0 : priceInc;
          const pages = tateyomi ? r.int(40, 80) : r.int(120, 200);
          const singleVolume = volumeCount === 1 && complete;
          const bookTitle = singleVolume
            ? title.name
            : tateyomi
              ? `${title.name} 第${v}話`
              : `${title.name}（${v}）`;
          const lead = tateyomi ? `第${v}話。` : `第${v}巻。`;
          bookRows.push({
            bookId,
            seriesId,
            itemId,
            volume: v,
            title: bookTitle,
            price: priceExTax(inc),
            priceInc: inc,
            freeFlag: free,
            memberFreeFlag: memberFreeVolume,
            onsaleFlag: onsale,
            itemStartDate: new Date(dates[v - 1]!),
            pageCount: pages,
            trialPageCount: Math.min(pages, r.int(8, 30)),
            trialIncreaseFlag: trialIncrease && v <= 3,
            description: v === 1 && !tateyomi ? "待望の第1巻！" : lead + r.pick(VOLUME_PHRASES),
          });
          itemRows.push({
            itemId,
            itemType: ITEM_TYPE_BOOK,
            bookId,
            price: priceExTax(inc),
            priceInc: inc,
            onsaleFlag: onsale,
          });
          if (out) {
            // Only volumes out go to the summary: nobody owns, buys, carts or reads a
            // volume that is not out yet.
            bookIds.push(bookId);
            itemIds.push(itemId);
            pricesInc.push(inc);
            latestBookId = bookId;
            latestRelease = dates[v - 1]!;
          }
        }

        const startDate = dates[0]!;
        const appeal = r.chance(0.06);
        seriesRows.push({
          seriesId,
          name: title.name,
          nameKana: title.kana,
          description: seriesDescription(r, kind),
          publisherId: publisher.id,
          labelId,
          magazineId,
          completeFlag: complete,
          newFlag: startDate <= now && startDate > now - 30 * DAY_MS,
          startDate: new Date(startDate),
          appealImg: appeal && r.chance(0.4) ? `appeal_${seriesId}.jpg` : null,
          commentImg: appeal && r.chance(0.3) ? `comment_${seriesId}.png` : null,
          appealTitle: appeal ? r.pick(APPEAL_TITLES) : null,
          appealIntro: appeal ? r.pick(APPEAL_INTROS) : null,
          latestBookId,
          volumeCount: released,
          latestReleaseDate: latestRelease === null ? null : new Date(latestRelease),
          summaryDueAt: Number.isFinite(firstReservableRelease)
            ? new Date(firstReservableRelease)
            : null,
          createdAt: new Date(Math.min(startDate, now)),
        });
        summary.series.push({
          seriesId,
          name: title.name,
          genreIds: seriesGenreIds,
          authorIds: authorLinks.slice(firstCredit).map((l) => l.authorId),
          bookIds,
          itemIds,
          pricesInc,
        });
      }

      await insertRows(db, series, seriesRows);
      await insertRows(db, seriesAuthors, authorLinks);
      await insertRows(db, seriesGenres, genreLinks);
      await insertRows(db, seriesCategories, categoryLinks);
      await insertRows(db, seriesTags, tagLinks);
      await insertRows(db, seriesGenerations, generationLinks);
      await insertRows(db, books, bookRows);
      await insertRows(db, items, itemRows);
    }
  });

  await syncIdentity(db, [
    [genres, "genre_id"],
    [categories, "category_id"],
    [tags, "tag_id"],
    [generations, "generation_id"],
    [authors, "author_id"],
    [publisherGroups, "publisher_group_id"],
    [publishers, "publisher_id"],
    [labels, "label_id"],
    [magazines, "magazine_id"],
    [series, "series_id"],
    [books, "book_id"],
    [items, "item_id"],
  ]);
  return summary;
}
