import { inArray, sql } from "drizzle-orm";
import { ITEM_TYPE_DRAMA_CD, items, series } from "../../modules/catalog/schema";
import {
  casts,
  cdBrands,
  cdCategories,
  cdLabels,
  dramaCdBonus,
  dramaCdCasts,
  dramaCdCategories,
  dramaCds,
  ETHIC_TYPE_ALL_AGES,
  ETHIC_TYPE_R15,
  tracks,
} from "../../modules/dramacd/schema";
import { insertRows, syncIdentity, withoutForeignKeyChecks } from "./bulk";
import { distinctName, priceExTax, toKatakana } from "./catalog";
import type { CatalogSummary, SeedContext } from "./types";
import {
  CD_APPEAL_TAGS,
  CD_APPEAL_TEXTS,
  CD_SCENES,
  CD_SERIES_WORDS,
  GIVEN_NAMES,
  OWNERS,
  SURNAMES,
  TRACK_NAMES,
} from "./words";

const DAY_MS = 86_400_000;

export const CD_BRANDS: ReadonlyArray<readonly [name: string, labels: string[]]> = [
  ["ミモザレコード", ["ミモザ・ラブ", "ミモザBL"]],
  ["ボイスガーデン", ["ガーデン・シチュエーション", "ガーデン・ドラマ"]],
  ["星屑ドラマ工房", ["星屑ロマンス", "星屑ファンタジア"]],
  ["ノクターンボイス", ["ノクターン・ナイト", "ノクターンBL"]],
  ["ソラトオト", ["ソラトオト・スイート"]],
  ["月夜音楽出版", ["月夜ドラマ", "月夜ASMR"]],
  ["リリカルトラック", ["リリカル・ハニー", "リリカル・ゼロ"]],
  ["グランツサウンド", ["グランツ・ノベル", "グランツ・ボイス"]],
];

export const CD_CATEGORIES: readonly string[] = [
  "ドラマCD",
  "シチュエーションCD",
  "BLドラマCD",
  "TLドラマCD",
  "ASMR・バイノーラル",
  "朗読",
  "ボイスドラマ",
  "添い寝CD",
];

const CD_PRICES = [1650, 1980, 2200, 2530, 2750, 3080, 3300];
const SALE_RATES = [0.2, 0.3, 0.5];

export type DramaCdSummary = Pick<CatalogSummary, "dramaCds" | "castIds" | "cdLabelIds">;

/**
 * Writes drama CDs: brands, labels, casts, then max(100, series / 20) CDs, each sold as one item
 * (item_type 101) and holding 3–12 tracks. Some adapt a comic of the catalog.
 */
export async function seedDramaCds(
  ctx: SeedContext,
  catalog: CatalogSummary,
): Promise<DramaCdSummary> {
  const { db, options } = ctx;
  const rng = ctx.rng.fork("dramacd");
  const now = options.now.getTime();
  const cdTotal = Math.max(100, Math.floor(options.series / 20));

  const brandRows: Array<typeof cdBrands.$inferInsert> = [];
  const labelRows: Array<typeof cdLabels.$inferInsert> = [];
  CD_BRANDS.forEach(([name, labelNames], b) => {
    brandRows.push({ brandId: b + 1, name, sortOrder: b + 1 });
    for (const labelName of labelNames) {
      labelRows.push({
        labelId: labelRows.length + 1,
        brandId: b + 1,
        name: labelName,
        sortOrder: labelRows.length + 1,
      });
    }
  });
  await insertRows(db, cdBrands, brandRows);
  await insertRows(db, cdLabels, labelRows);
  await insertRows(
    db,
    cdCategories,
    CD_CATEGORIES.map((name, i) => ({ categoryId: i + 1, name, sortOrder: i + 1 })),
  );

  const castTotal = Math.max(60, Math.round(cdTotal * 0.6));
  const castRows: Array<typeof casts.$inferInsert> = [];
  for (let i = 0; i < castTotal; i++) {
    const { name, kana } = distinctName(i, 4_321);
    castRows.push({ castId: i + 1, name, nameKana: kana });
  }
  await insertRows(db, casts, castRows);

  // Items continue after the comic items so every item id stays unique.
  const maxItem = await db.execute<{ max: number | null }>(
    sql`select max(${items.itemId}) as max from ${items}`,
  );
  let nextItemId = Number(maxItem.rows[0]?.max ?? 0) + 1;

  // Comics with a drama adaptation: romance-leaning genres first.
  const adaptable = catalog.series.filter((s) => s.genreIds.some((g) => g >= 2 && g <= 4));
  const adaptations = rng.sample(adaptable, Math.min(adaptable.length, Math.floor(cdTotal * 0.25)));
  const adaptedTitles = new Map<number, { name: string; nameKana: string }>();
  if (adaptations.length > 0) {
    const ids = adaptations.map((s) => s.seriesId);
    const rows = await db
      .select({ seriesId: series.seriesId, name: series.name, nameKana: series.nameKana })
      .from(series)
      .where(inArray(series.seriesId, ids));
    for (const row of rows) adaptedTitles.set(row.seriesId, row);
  }

  const summary: DramaCdSummary = {
    dramaCds: [],
    castIds: castRows.map((c) => c.castId!),
    cdLabelIds: labelRows.map((l) => l.labelId!),
  };
  const cdRows: Array<typeof dramaCds.$inferInsert> = [];
  const itemRows: Array<typeof items.$inferInsert> = [];
  const castLinks: Array<typeof dramaCdCasts.$inferInsert> = [];
  const categoryLinks: Array<typeof dramaCdCategories.$inferInsert> = [];
  const trackRows: Array<typeof tracks.$inferInsert> = [];
  const bonusRows: Array<typeof dramaCdBonus.$inferInsert> = [];
  const seriesVolumes = new Map<string, number>();

  for (let i = 0; i < cdTotal; i++) {
    const cdId = i + 1;
    const label = rng.pick(labelRows);
    const adapted = i < adaptations.length ? adaptations[i]! : null;

    let name: string;
    let nameKana: string;
    if (adapted) {
      const original = adaptedTitles.get(adapted.seriesId)!;
      name = `${original.name} ドラマCD`;
      nameKana = `${original.nameKana}ドラマシーディー`;
    } else if (rng.chance(0.5)) {
      const base = rng.pick(CD_SERIES_WORDS);
      const volume = (seriesVolumes.get(base[0]) ?? 0) + 1;
      seriesVolumes.set(base[0], volume);
      name = `${base[0]} Vol.${volume}`;
      nameKana = `${toKatakana(base[1])}ボリューム${volume}`;
    } else {
      const owner = rng.pick(OWNERS);
      const scene = rng.pick(CD_SCENES);
      name = rng.chance(0.5) ? `${owner[0]}と過ごす${scene[0]}` : `${scene[0]}の${owner[0]}`;
      nameKana = toKatakana(
        name.startsWith(owner[0]) ? `${owner[1]}とすごす${scene[1]}` : `${scene[1]}の${owner[1]}`,
      );
    }

    const upcoming = rng.chance(0.05);
    const saleStart = upcoming
      ? now + rng.int(3, 40) * DAY_MS
      : now - Math.floor(1500 * rng.next() ** 1.5) * DAY_MS;
    const basePrice = rng.pick(CD_PRICES);
    const onSale = !upcoming && rng.chance(0.2);
    // A discount applies to the price before tax, as the shop's campaigns do.
    const priceInc = onSale
      ? Math.round(Math.round(priceExTax(basePrice) * (1 - rng.pick(SALE_RATES))) * 1.1)
      : basePrice;
    const itemId = nextItemId++;
    itemRows.push({
      itemId,
      itemType: ITEM_TYPE_DRAMA_CD,
      cdId,
      price: priceExTax(priceInc),
      priceInc,
      beforePrice: onSale ? priceExTax(basePrice) : null,
      beforePriceInc: onSale ? basePrice : null,
      onsaleFlag: !upcoming,
    });

    const castCount = rng.int(2, 8);
    const castIds: number[] = [];
    for (let c = 0; c < castCount; c++) {
      // Popular voice actors appear on many CDs.
      let castId = Math.floor(castTotal * rng.next() ** 1.7) + 1;
      for (let tries = 0; castIds.includes(castId) && tries < 10; tries++) {
        castId = rng.int(1, castTotal);
      }
      if (castIds.includes(castId)) continue;
      castIds.push(castId);
      const surname = rng.pick(SURNAMES)[0];
      const given = rng.pick(GIVEN_NAMES)[0];
      castLinks.push({
        cdId,
        castId,
        role: c === castCount - 1 && castCount >= 6 ? "ナレーション" : `${surname}${given}`,
        sortOrder: castIds.length,
      });
    }

    const categoryIds = new Set<number>([rng.int(1, CD_CATEGORIES.length)]);
    if (rng.chance(0.4)) categoryIds.add(rng.int(1, CD_CATEGORIES.length));
    for (const categoryId of categoryIds) categoryLinks.push({ cdId, categoryId });

    const trackCount = rng.int(3, 12);
    const names = [
      "プロローグ",
      ...rng.sample(TRACK_NAMES.slice(1, -1), trackCount - 2),
      "エピローグ",
    ];
    for (let n = 1; n <= trackCount; n++) {
      // Half minutes, so tracks share the audio bank's files (server/modules/media/store.ts).
      const duration = 30 * Math.round(rng.int(30, 240) / 30);
      const trial = n <= 3;
      trackRows.push({
        cdId,
        trackNo: n,
        name: `Track${String(n).padStart(2, "0")}「${names[n - 1]}」`,
        durationSec: duration,
        fileName: `track_${cdId}_${n}.mp3`,
        trialFileName: trial ? `trial_${cdId}_${n}.mp3` : null,
        trialDurationSec: trial ? Math.min(30, duration) : null,
      });
    }

    const bonusCount = rng.int(0, 2);
    for (let b = 1; b <= bonusCount; b++) {
      const audio = b === 1 && rng.chance(0.6);
      bonusRows.push({
        cdId,
        name: audio ? "購入特典：キャストフリートーク" : "購入特典：描き下ろしジャケット壁紙",
        description: audio
          ? "キャスト陣が収録の思い出を語るフリートークを収録。"
          : "ジャケットイラストを使用したスマートフォン用壁紙です。",
        fileName: audio ? `bonus_${cdId}_${b}.mp3` : null,
        durationSec: audio ? rng.int(60, 180) : null,
        sortOrder: b,
      });
    }

    cdRows.push({
      cdId,
      name,
      nameKana,
      brandId: label.brandId,
      labelId: label.labelId!,
      seriesId: adapted?.seriesId ?? null,
      jacket: `jacket_${cdId}.jpg`,
      description: `${rng.pick(CD_APPEAL_TEXTS)}全${trackCount}トラック収録。`,
      appealText: rng.chance(0.7) ? rng.pick(CD_APPEAL_TEXTS) : null,
      appealTags: rng.sample(CD_APPEAL_TAGS, rng.int(1, 4)),
      ethicType: rng.chance(0.15) ? ETHIC_TYPE_R15 : ETHIC_TYPE_ALL_AGES,
      finalFlag: rng.chance(0.3),
      saleStartDate: new Date(saleStart),
      saleEndDate: null,
    });
    summary.dramaCds.push({ cdId, name, itemIds: [itemId], castIds, labelId: label.labelId! });
  }

  await withoutForeignKeyChecks(db, async () => {
    await insertRows(db, dramaCds, cdRows);
    await insertRows(db, items, itemRows);
    await insertRows(db, dramaCdCasts, castLinks);
    await insertRows(db, dramaCdCategories, categoryLinks);
    await insertRows(
      db,
      tracks,
      trackRows.map((t, i) => ({ trackId: i + 1, ...t })),
    );
    await insertRows(
      db,
      dramaCdBonus,
      bonusRows.map((b, i) => ({ bonusId: i + 1, ...b })),
    );
  });
  await syncIdentity(db, [
    [cdBrands, "brand_id"],
    [cdLabels, "label_id"],
    [cdCategories, "category_id"],
    [casts, "cast_id"],
    [dramaCds, "cd_id"],
    [items, "item_id"],
    [tracks, "track_id"],
    [dramaCdBonus, "bonus_id"],
  ]);
  return summary;
}
