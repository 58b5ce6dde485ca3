import type { AppLoadContext } from "react-router";
import type { HomeAnswer } from "../../../contract/home";
import { HOME_GENRES } from "../../../server/modules/home/home-page";
import { homePage } from "../../../server/pages/home";

/** /home?genre= takes a home genre; anything else shows 総合 (1). */
export function homeGenre(url: URL): number {
  const genre = Number(url.searchParams.get("genre"));
  return (HOME_GENRES as readonly number[]).includes(genre) ? genre : 1;
}

/** The home answer (POST /api/home) for the page's loader, read on the server. */
export async function loadHome(context: AppLoadContext, request: Request): Promise<HomeAnswer> {
  return homePage(context.services.db, homeGenre(new URL(request.url)), 1, new Date());
}
