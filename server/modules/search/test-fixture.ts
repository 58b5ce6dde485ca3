import type { Db } from "../../db/client";
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
  publishers,
  series,
  seriesAuthors,
  seriesCategories,
  seriesGenerations,
  seriesGenres,
  seriesTags,
  tags,
} from "../catalog/schema";
import { orderItems, orders } from "../commerce/schema";
import { readingProgress } from "../library/schema";
import { priceExTax, taxContained } from "../pricing/rules";

/** The clock of the search and ranking tests. */
export const NOW = new Date("2026-11-21T12:00:00+09:00");
const DAY = 86_400_000;
export const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

interface FixtureSeries {
  seriesId: number;
  name: string;
  nameKana: string;
  authorIds: number[];
  genreIds: number[];
  tagIds?: number[];
  categoryIds?: number[];
  generationIds?: number[];
  publisherId?: number;
  labelId?: number | null;
  magazineId?: number | null;
  complete?: boolean;
  rating?: number;
  /** Tax-included price of each volume; 0 is a free volume. */
  prices: number[];
  releasedDaysAgo: number;
}

/**
 * Titles chosen to exercise normalisation: katakana, hiragana, full-width Latin, half-width
 * katakana, two-character words (魔王) and author readings.
 */
export const FIXTURE_SERIES: FixtureSeries[] = [
  {
    seriesId: 1,
    name: "魔王の花嫁",
    nameKana: "マオウノハナヨメ",
    authorIds: [1],
    genreIds: [2],
    tagIds: [1],
    categoryIds: [1],
    generationIds: [2],
    labelId: 1,
    complete: true,
    rating: 4.6,
    prices: [0, 528, 528],
    releasedDaysAgo: 10,
  },
  {
    seriesId: 2,
    name: "隣の席の魔王",
    nameKana: "トナリノセキノマオウ",
    authorIds: [2],
    genreIds: [5],
    tagIds: [3],
    categoryIds: [1],
    generationIds: [1],
    publisherId: 2,
    magazineId: 1,
    rating: 3.5,
    prices: [660, 660],
    releasedDaysAgo: 2,
  },
  {
    seriesId: 3,
    name: "ＯＮＥ ＤＡＹ ヒーロー",
    nameKana: "ワンデイヒーロー",
    authorIds: [3],
    genreIds: [5],
    tagIds: [2],
    categoryIds: [2],
    rating: 4.1,
    prices: [440],
    releasedDaysAgo: 5,
  },
  {
    seriesId: 4,
    name: "ｶﾀｶﾅ ﾊﾟﾗﾀﾞｲｽ",
    nameKana: "カタカナパラダイス",
    authorIds: [1],
    genreIds: [2],
    tagIds: [2],
    categoryIds: [1],
    complete: true,
    prices: [1100],
    releasedDaysAgo: 1,
  },
  {
    seriesId: 5,
    name: "未来の魔王",
    nameKana: "ミライノマオウ",
    authorIds: [2],
    genreIds: [5],
    prices: [660],
    releasedDaysAgo: -10,
  },
  // Enough cat stories for two pages of results.
  ...Array.from({ length: 35 }, (_, i) => ({
    seriesId: 100 + i,
    name: `ねこ日和 ${i + 1}`,
    nameKana: `ネコビヨリ ${i + 1}`,
    authorIds: [4],
    genreIds: [i % 2 === 0 ? 2 : 5],
    categoryIds: [1],
    prices: [330],
    releasedDaysAgo: 20 + i,
  })),
];

/** Inserts the fixture catalog: genres, tags, publishers, authors and FIXTURE_SERIES. */
export async function insertFixtureCatalog(db: Db): Promise<void> {
  await db.insert(genres).values([
    { genreId: 1, name: "総合", sortOrder: 1 },
    { genreId: 2, name: "少女・女性", sortOrder: 2 },
    { genreId: 5, name: "少年・青年", sortOrder: 5 },
  ]);
  await db.insert(categories).values([
    { categoryId: 1, name: "マンガ" },
    { categoryId: 2, name: "ライトノベル" },
  ]);
  await db.insert(tags).values([
    { tagId: 1, name: "溺愛" },
    { tagId: 2, name: "異世界" },
    { tagId: 3, name: "ラブコメ" },
  ]);
  await db.insert(generations).values([
    { generationId: 1, name: "10代" },
    { generationId: 2, name: "20代" },
  ]);
  await db.insert(publishers).values([
    { publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" },
    { publisherId: 2, name: "星海出版", nameKana: "セイカイシュッパン" },
  ]);
  await db.insert(labels).values({ labelId: 1, publisherId: 1, name: "さくらコミックス" });
  await db.insert(magazines).values({ magazineId: 1, publisherId: 2, name: "週刊少年スター" });
  await db.insert(authors).values([
    { authorId: 1, name: "田中 花子", nameKana: "タナカ ハナコ" },
    { authorId: 2, name: "山田 太郎", nameKana: "ヤマダ タロウ" },
    { authorId: 3, name: "ＡＢＣスタジオ", nameKana: "エービーシースタジオ" },
    { authorId: 4, name: "猫山 みけ", nameKana: "ネコヤマ ミケ" },
  ]);

  let bookId = 1000;
  for (const s of FIXTURE_SERIES) {
    const released = daysAgo(s.releasedDaysAgo);
    const volumes = s.prices.map((priceInc, i) => ({
      bookId: ++bookId,
      seriesId: s.seriesId,
      itemId: bookId + 10_000,
      volume: i + 1,
      title: `${s.name} ${i + 1}`,
      price: priceExTax(priceInc),
      priceInc,
      freeFlag: priceInc === 0,
      onsaleFlag: s.releasedDaysAgo >= 0,
      itemStartDate: released,
      pageCount: 20,
      trialPageCount: 4,
    }));
    await db.insert(series).values({
      seriesId: s.seriesId,
      name: s.name,
      nameKana: s.nameKana,
      publisherId: s.publisherId ?? 1,
      labelId: s.labelId ?? null,
      magazineId: s.magazineId ?? null,
      completeFlag: s.complete ?? false,
      ratingAverage: s.rating ?? 0,
      ratingCount: s.rating ? 10 : 0,
      startDate: released,
      latestBookId: volumes[volumes.length - 1]!.bookId,
      volumeCount: volumes.length,
      latestReleaseDate: released,
    });
    await db.insert(books).values(volumes);
    await db.insert(items).values(
      volumes.map((v) => ({
        itemId: v.itemId,
        itemType: ITEM_TYPE_BOOK,
        bookId: v.bookId,
        price: v.price,
        priceInc: v.priceInc,
        onsaleFlag: v.onsaleFlag,
      })),
    );
    await db.insert(seriesAuthors).values(
      s.authorIds.map((authorId, i) => ({
        seriesId: s.seriesId,
        authorId,
        role: "著者",
        sortOrder: i,
      })),
    );
    await db
      .insert(seriesGenres)
      .values(s.genreIds.map((genreId) => ({ seriesId: s.seriesId, genreId })));
    if (s.tagIds?.length) {
      await db
        .insert(seriesTags)
        .values(s.tagIds.map((tagId) => ({ seriesId: s.seriesId, tagId })));
    }
    if (s.categoryIds?.length) {
      await db
        .insert(seriesCategories)
        .values(s.categoryIds.map((categoryId) => ({ seriesId: s.seriesId, categoryId })));
    }
    if (s.generationIds?.length) {
      await db
        .insert(seriesGenerations)
        .values(s.generationIds.map((generationId) => ({ seriesId: s.seriesId, generationId })));
    }
  }
}

/** The book and item ids the fixture gave a series' volumes, in volume order. */
export function fixtureVolumes(
  seriesId: number,
): Array<{ bookId: number; itemId: number; priceInc: number }> {
  let bookId = 1000;
  for (const s of FIXTURE_SERIES) {
    if (s.seriesId === seriesId) {
      return s.prices.map((priceInc, i) => ({
        bookId: bookId + i + 1,
        itemId: bookId + i + 1 + 10_000,
        priceInc,
      }));
    }
    bookId += s.prices.length;
  }
  throw new Error(`no fixture series ${seriesId}`);
}

let nextOrderId = 1;

/** A paid order (or one with another status) of these volumes of a series at `at`. */
export async function insertPurchase(
  db: Db,
  opts: {
    userId: number;
    seriesId: number;
    volumes: number[];
    at: Date;
    status?: "paid" | "cancelled";
  },
): Promise<void> {
  const orderId = nextOrderId++;
  const lines = fixtureVolumes(opts.seriesId).filter((_, i) => opts.volumes.includes(i + 1));
  const total = lines.reduce((sum, l) => sum + l.priceInc, 0);
  await db.insert(orders).values({
    orderId,
    userId: opts.userId,
    status: opts.status ?? "paid",
    price: total,
    subtotal: total,
    tax: taxContained(total),
    amount: total,
    paymentType: 1,
    idempotencyKey: `fixture-${orderId}-${opts.userId}`,
    createdAt: opts.at,
  });
  await db.insert(orderItems).values(
    lines.map((l) => ({
      orderId,
      itemId: l.itemId,
      itemType: ITEM_TYPE_BOOK,
      seriesId: opts.seriesId,
      bookId: l.bookId,
      name: `fixture ${l.bookId}`,
      price: priceExTax(l.priceInc),
      priceInc: l.priceInc,
      createdAt: opts.at,
    })),
  );
}

/** A member's reading of one volume, last moved at `at`. */
export async function insertRead(
  db: Db,
  opts: { userId: number; seriesId: number; volume: number; at: Date },
): Promise<void> {
  const book = fixtureVolumes(opts.seriesId)[opts.volume - 1]!;
  await db.insert(readingProgress).values({
    userId: opts.userId,
    bookId: book.bookId,
    seriesId: opts.seriesId,
    startedAt: opts.at,
    updatedAt: opts.at,
  });
}
