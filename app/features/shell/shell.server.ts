import type { AppLoadContext } from "react-router";
import { keptMenuAnswer } from "../../../server/modules/menu/service";
import type { SidebarData } from "./sidebar-data";
import { currentGenre } from "./use-menu";

/** Campaign banners in the sidebar: a column, so fewer than the drawer's. */
const SIDEBAR_CAMPAIGNS = 4;
const SIDEBAR_HOTWORDS = 12;

/** The sidebar of the home and bookshelf layouts, from the same answer as the menu call. */
export async function loadSidebar(context: AppLoadContext, request: Request): Promise<SidebarData> {
  const genre = currentGenre(new URL(request.url).searchParams.get("genre"));
  const menu = await keptMenuAnswer(context.services.db, genre);
  const campaigns = menu.browse_menu.find((s) => s.type === "campaign");
  return {
    genre,
    genres: menu.genre,
    campaigns:
      campaigns?.type === "campaign"
        ? campaigns.items.filter((c) => c.img).slice(0, SIDEBAR_CAMPAIGNS)
        : [],
    hotwords: menu.hotword.slice(0, SIDEBAR_HOTWORDS).map((h) => h.word),
  };
}
