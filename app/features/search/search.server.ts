import type { AppLoadContext } from "react-router";
import { hasCondition, searchInputSchema } from "../../../contract/search";
import {
  type ConditionChip,
  searchConditionChips,
  searchPage,
  sectionTitle,
} from "../../../server/pages/search";
import { pageQuery } from "../../lib/page-failure.server";

export type { ConditionChip };

export type SearchPage =
  | {
      ok: true;
      answer: Awaited<ReturnType<typeof searchPage>>;
      chips: ConditionChip[];
      searched: boolean;
    }
  | { ok: false; message: string };

/**
 * /search and /more/{id}: the short keys of the address, searched by the same assembler as
 * /api/search (server/pages/search.ts).
 */
export async function loadSearchPage(
  context: AppLoadContext,
  request: Request,
  fixed: Record<string, string> = {},
  opts: { wholeCatalog?: boolean } = {},
): Promise<SearchPage> {
  const parsed = searchInputSchema.safeParse({ ...pageQuery(request), ...fixed });
  if (!parsed.success) {
    return { ok: false, message: "検索条件が正しくありません。条件を変えて検索してください。" };
  }
  const input = parsed.data;
  const { db } = context.services;
  const [answer, chips] = await Promise.all([
    searchPage(db, input, context.request.member?.userId ?? null, opts),
    searchConditionChips(db, input),
  ]);
  return { ok: true, answer, chips, searched: hasCondition(input) };
}

/** A home section's title for /more/{id}; null when there is no such section. */
export function loadSectionTitle(context: AppLoadContext, layoutId: number) {
  return sectionTitle(context.services.db, layoutId);
}
