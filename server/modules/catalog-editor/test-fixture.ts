import type { Db } from "../../db/client";
import { authors, genres, publishers, tags } from "../catalog/schema";
import { cdBrands, cdLabels } from "../dramacd/schema";

/** The reference rows an editor's series and CD need, in a fresh database. */
export async function seedEditorReferences(db: Db) {
  const [publisher] = await db
    .insert(publishers)
    .values({ name: "桜風社", nameKana: "オウフウシャ" })
    .returning();
  const [author] = await db
    .insert(authors)
    .values({ name: "春野こまち", nameKana: "ハルノコマチ" })
    .returning();
  const [genre] = await db.insert(genres).values({ name: "少女・女性" }).returning();
  const [tag] = await db.insert(tags).values({ name: "溺愛" }).returning();
  const [brand] = await db.insert(cdBrands).values({ name: "こまやボイス" }).returning();
  const [label] = await db
    .insert(cdLabels)
    .values({ name: "こまやドラマ", brandId: brand!.brandId })
    .returning();
  return {
    publisherId: publisher!.publisherId,
    authorId: author!.authorId,
    genreId: genre!.genreId,
    tagId: tag!.tagId,
    brandId: brand!.brandId,
    cdLabelId: label!.labelId,
  };
}

export type EditorReferences = Awaited<ReturnType<typeof seedEditorReferences>>;

export function seriesBody(refs: EditorReferences, extra: Record<string, unknown> = {}) {
  return {
    name: "月影の図書館",
    name_kana: "ツキカゲノトショカン",
    description: "夜だけ開く図書館の物語。",
    publisher_id: refs.publisherId,
    genre_ids: [refs.genreId],
    tag_ids: [refs.tagId],
    authors: [{ author_id: refs.authorId, role: "著者" }],
    complete_flag: false,
    new_flag: true,
    ...extra,
  };
}

export function volumeBody(seriesId: number, volume: number, extra: Record<string, unknown> = {}) {
  return {
    series_id: seriesId,
    volume,
    title: `月影の図書館（${volume}）`,
    description: `第${volume}巻。`,
    page_count: 40,
    trial_page_count: 5,
    onsale_flag: true,
    price_inc: 660,
    item_start_date: "2026-01-10T00:00",
    ...extra,
  };
}

export function dramaCdBody(refs: EditorReferences, extra: Record<string, unknown> = {}) {
  return {
    name: "月影の図書館 ドラマCD",
    name_kana: "ツキカゲノトショカン ドラマシーディー",
    brand_id: refs.brandId,
    label_id: refs.cdLabelId,
    price_inc: 1650,
    sale_start_date: "2026-01-10T00:00",
    ...extra,
  };
}
