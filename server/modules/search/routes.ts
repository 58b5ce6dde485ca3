import { type Context, Hono } from "hono";
import { z } from "zod";
import { type SearchInput, searchInputSchema } from "../../../contract/search";
import type { Db } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readQuery } from "../../lib/input";
import { requireMember } from "../../lib/member";
import { clearSearchHistory, type SearchAnswer, searchHistoryOf, suggest } from "./service";

const suggestSchema = z.object({
  wd: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z
      .string({ message: "キーワードが正しくありません" })
      .max(100, "キーワードは100文字以内で入力してください"),
  ),
});

/**
 * Search calls (spec 001 §7.4): /api/search with the short keys, /api/suggest {wd},
 * /api/search_history and /api/search_history/clear. Answers are personal (a member's search
 * is recorded and their flags set), so they are never shared.
 */
/** The search answer, assembled in server/pages/search.ts; the router registry hands it in. */
export interface SearchPages {
  searchPage(db: Db, input: SearchInput, memberId: number | null): Promise<SearchAnswer>;
}

export function searchRoutes(services: AppServices, { searchPage }: SearchPages) {
  const routes = new Hono<AppEnv>();
  const search = async (c: Context<AppEnv>, input: SearchInput) => {
    const answer = await searchPage(services.db, input, c.get("member")?.userId ?? null);
    return c.json({ result: true, ...answer });
  };
  routes.post("/search", async (c) => search(c, await readJson(c, searchInputSchema)));
  routes.get("/search", async (c) => search(c, readQuery(c, searchInputSchema)));

  const suggestions = async (c: Context<AppEnv>, { wd }: z.infer<typeof suggestSchema>) => {
    return c.json({ result: true, suggestions: await suggest(services.db, wd) });
  };
  routes.post("/suggest", async (c) => suggestions(c, await readJson(c, suggestSchema)));
  routes.get("/suggest", async (c) => suggestions(c, readQuery(c, suggestSchema)));

  const history = async (c: Context<AppEnv>) => {
    const member = c.get("member");
    // Visitors keep no history; their search box simply has none to offer.
    const words = member ? await searchHistoryOf(services.db, member.userId) : [];
    return c.json({ result: true, history: words });
  };
  routes.post("/search_history", history);
  routes.get("/search_history", history);
  routes.post("/search_history/clear", async (c) => {
    const member = requireMember(c);
    await clearSearchHistory(services.db, member.userId);
    return c.json({ result: true, history: [] });
  });
  return routes;
}
