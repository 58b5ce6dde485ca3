import type { AppLoadContext } from "react-router";
import { isGenreId } from "../../../contract/genres";
import type { HomeAnswer } from "../../../contract/home";
import { keptHomePage } from "../../../server/pages/home";

/** /home?genre= takes a home genre; anything else shows 総合 (1). */
export function homeGenre(url: URL): number {
  const genre = Number(url.searchParams.get("genre"));
  return isGenreId(genre) ? genre : 1;
}

/** The home answer (POST /api/home) for the page's loader, kept for a while on the server. */
export async function loadHome(context: AppLoadContext, request: Request): Promise<HomeAnswer> {
  return keptHomePage(context.services.db, homeGenre(new URL(request.url)), 1, new Date());
}
