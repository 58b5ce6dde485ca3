import type { SeriesItem } from "../../contract/items";
import type { SearchInput } from "../../contract/search";
import type { Db } from "../db/client";
import { authorAndMagazineNames, browseLists } from "../modules/catalog/service";
import { withMemberFlags } from "../modules/commerce/member-flags";
import { layoutSeriesList } from "../modules/home/service";
import { type SearchAnswer, searchSeries } from "../modules/search/service";

/**
 * One search (spec 001 §7.4): /api/search and the /search and /more/{id} loaders both answer
 * from here, so a member's word joins their history and their cards carry their flags the same
 * way whichever door the search came through. wholeCatalog: /more/all searches without a word.
 */
export async function searchPage(
  db: Db,
  input: SearchInput,
  memberId: number | null,
  opts: { wholeCatalog?: boolean } = {},
): Promise<SearchAnswer> {
  const answer = await searchSeries(db, input, { memberId, wholeCatalog: opts.wholeCatalog });
  const data: SeriesItem[] =
    memberId === null ? answer.data : await withMemberFlags(db, memberId, answer.data);
  return { ...answer, data };
}

/** A condition shown above the results, removable by dropping its key (and value). */
export interface ConditionChip {
  key: string;
  value?: string;
  label: string;
}

const FINISH_LABELS: Record<number, string> = { 1: "完結", 2: "連載中" };

/** The search page's conditions in words, in the order the search form lists them. */
export async function searchConditionChips(db: Db, input: SearchInput): Promise<ConditionChip[]> {
  const [lists, names] = await Promise.all([
    browseLists(db),
    authorAndMagazineNames(
      db,
      input.at === undefined ? [] : [input.at],
      input.mz === undefined ? [] : [input.mz],
    ),
  ]);
  const nameIn = <T extends { name: string }>(list: T[], key: keyof T, id: number) =>
    list.find((x) => x[key] === id)?.name ?? `#${id}`;
  const chips: ConditionChip[] = [];
  for (const g of input.gn)
    chips.push({ key: "gn", value: String(g), label: nameIn(lists.genre, "genre_id", g) });
  for (const c of input.cg)
    chips.push({ key: "cg", value: String(c), label: nameIn(lists.category, "category_id", c) });
  for (const t of input.tg)
    chips.push({
      key: "tg",
      value: String(t),
      label: `#${nameIn(lists.tag, "tag_id", t).replace(/^#/, "")}`,
    });
  if (input.at !== undefined)
    chips.push({ key: "at", label: `著者：${names.authors.get(input.at) ?? input.at}` });
  if (input.pb !== undefined)
    chips.push({ key: "pb", label: nameIn(lists.publisher, "publisher_id", input.pb) });
  if (input.lb !== undefined)
    chips.push({ key: "lb", label: nameIn(lists.label, "label_id", input.lb) });
  if (input.mz !== undefined)
    chips.push({ key: "mz", label: `掲載誌：${names.magazines.get(input.mz) ?? input.mz}` });
  if (input.gr !== undefined)
    chips.push({ key: "gr", label: nameIn(lists.generation, "generation_id", input.gr) });
  if (input.rt !== undefined) chips.push({ key: "rt", label: `★${input.rt}以上` });
  if (input.ft !== 0) chips.push({ key: "ft", label: FINISH_LABELS[input.ft]! });
  if (input.ps !== undefined || input.pe !== undefined) {
    const label =
      input.ps === 0 && input.pe === 0
        ? "無料"
        : `${input.ps === undefined ? "" : `${input.ps.toLocaleString("ja-JP")}円`}〜${input.pe === undefined ? "" : `${input.pe.toLocaleString("ja-JP")}円`}`;
    chips.push({ key: "ps", label });
  }
  return chips;
}

/** A home section's title for /more/{id}; null when there is no such section. */
export async function sectionTitle(db: Db, layoutId: number) {
  const layout = await layoutSeriesList(db, layoutId);
  return layout ? { title: layout.title ?? "作品一覧", count: layout.seriesIds.length } : null;
}
