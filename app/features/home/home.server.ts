import type { AppLoadContext } from "react-router";
import { isGenreId } from "../../../contract/genres";
import type { HomeAnswer } from "../../../contract/home";
import {
  HOME_PREVIEW_AS_PARAM,
  HOME_PREVIEW_PARAM,
  type PreviewAs,
} from "../../../contract/ops-home";
import { applyUserItemsToContent, contentCards, itemIdsOf } from "../../../contract/user-items";
import {
  homePreviewPage,
  keptHomePage,
  keptMemberItems,
  keptSharedSection,
} from "../../../server/pages/home";
import { newsReadBy } from "../../../server/pages/news";
import { isEmptyContent, ROTATING_LAYOUT_ID, type SectionData } from "./section-loader";

/** Sections rendered with the page: the first screen's, so its largest paint needs no fetch. */
export const FIRST_SECTIONS = 4;

/** /home?genre= takes a home genre; anything else shows 総合 (1). */
export function homeGenre(url: URL): number {
  const genre = Number(url.searchParams.get("genre"));
  return isGenreId(genre) ? genre : 1;
}

/**
 * The home answer (POST /api/home) for the page's loader, kept for a while on the server; the
 * notices this browser read are marked from its nr cookie, as /news marks them.
 */
export async function loadHome(context: AppLoadContext, request: Request): Promise<HomeAnswer> {
  const home = await keptHomePage(
    context.services.db,
    homeGenre(new URL(request.url)),
    1,
    new Date(),
  );
  return {
    ...home,
    latest_news: newsReadBy(home.latest_news, request.headers.get("cookie") ?? ""),
  };
}

/**
 * The shared content of the first sections, by layout id, for the page to render at once. The
 * viewing history (personal) and the rotating section (a page per visit) load in the browser.
 * A member's cart, owned and 気になる flags are set here, so no card offers カートに入れる for a
 * volume the member already owns while the page waits for hydration.
 */
export async function loadFirstSections(
  context: AppLoadContext,
  home: HomeAnswer,
): Promise<Record<number, SectionData>> {
  const now = new Date();
  const first = home.home_layout
    .slice(0, FIRST_SECTIONS)
    .filter((l) => l.content_type !== 5 && l.layout_id !== ROTATING_LAYOUT_ID);
  const answers = await Promise.all(
    first.map((l) =>
      keptSharedSection(context.services.db, l.layout_id, Math.max(1, l.display_number), now),
    ),
  );
  const shown: Record<number, SectionData> = {};
  first.forEach((l, i) => {
    const answer = answers[i];
    if (answer && !isEmptyContent(answer.content))
      shown[l.layout_id] = { content: answer.content, more_flag: answer.more_flag };
  });
  const member = context.request.member;
  if (!member) return shown;
  const sections = Object.values(shown);
  const items = sections.flatMap((s) => itemIdsOf(contentCards(s.content)));
  const lists = await keptMemberItems(context.services, member.userId, items, now);
  for (const section of sections) section.content = applyUserItemsToContent(section.content, lists);
  return shown;
}

/**
 * /home?preview={token}&as=visitor|member (the home-layout editor's frames, decision 0100): the
 * genre's draft drawn by this page, as a visitor or as a member; null when the address is no
 * preview or the request may not see it (the live home is shown then).
 */
export async function loadHomePreview(
  context: AppLoadContext,
  request: Request,
): Promise<{ home: HomeAnswer; sections: Record<number, SectionData>; as: PreviewAs } | null> {
  const url = new URL(request.url);
  const token = url.searchParams.get(HOME_PREVIEW_PARAM);
  if (!token) return null;
  const preview = await homePreviewPage(
    context.services,
    { cookieHeader: request.headers.get("cookie"), member: context.request.member },
    token,
    homeGenre(url),
    new Date(),
  );
  if (!preview) return null;
  const as: PreviewAs =
    url.searchParams.get(HOME_PREVIEW_AS_PARAM) === "member" ? "member" : "visitor";
  return { home: preview.home, sections: preview.sections, as };
}
