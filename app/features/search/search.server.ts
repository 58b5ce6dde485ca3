import type { AppLoadContext } from "react-router";
import type { SeriesItem } from "../../../contract/items";
import { hasCondition, type SearchInput, searchInputSchema } from "../../../contract/search";
import { authorAndMagazineNames, browseLists } from "../../../server/modules/catalog/service";
import { layoutSeriesList } from "../../../server/modules/home/service";
import { withMemberFlags } from "../../../server/modules/library/member-flags";
import { type SearchAnswer, searchSeries } from "../../../server/modules/search/service";
import { pageQuery } from "../../lib/page-failure.server";

/** A condition shown above the results, removable by dropping its key (and value). */
export interface ConditionChip {
  key: string;
  value?: string;
  label: string;
}

export type SearchPage =
  | { ok: true; answer: SearchAnswer; chips: ConditionChip[]; searched: boolean }
  | { ok: false; message: string };

const FINISH_LABELS: Record<number, string> = { 1: "完結", 2: "連載中" };

async function conditionChips(context: AppLoadContext, input: SearchInput) {
  const db = context.services.db;
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

/**
 * /search and /more/{id}: the short keys of the address, searched as /api/search would (a
 * member's word joins their history), cards carrying the member's flags.
 */
export async function loadSearchPage(
  context: AppLoadContext,
  request: Request,
  fixed: Record<string, string> = {},
  opts: { wholeCatalog?: boolean } = {},
): Promise<SearchPage> {
  const query = { ...pageQuery(request), ...fixed };
  const parsed = searchInputSchema.safeParse(query);
  if (!parsed.success) {
    return { ok: false, message: "検索条件が正しくありません。条件を変えて検索してください。" };
  }
  const input = parsed.data;
  const member = context.request.member;
  const [answer, chips] = await Promise.all([
    searchSeries(context.services.db, input, {
      memberId: member?.userId ?? null,
      wholeCatalog: opts.wholeCatalog,
    }),
    conditionChips(context, input),
  ]);
  const data: SeriesItem[] = member
    ? await withMemberFlags(context.services.db, member.userId, answer.data)
    : answer.data;
  return {
    ok: true,
    answer: { ...answer, data },
    chips,
    searched: hasCondition(input),
  };
}

/** A home section's title for /more/{id}; null when there is no such section. */
export async function loadSectionTitle(context: AppLoadContext, layoutId: number) {
  const layout = await layoutSeriesList(context.services.db, layoutId);
  return layout ? { title: layout.title ?? "作品一覧", count: layout.seriesIds.length } : null;
}
