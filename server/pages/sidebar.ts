import type { Db } from "../db/client";
import { keptMenuAnswer } from "../modules/menu/service";

/** Campaign banners in the sidebar: a column, so fewer than the drawer's. */
const SIDEBAR_CAMPAIGNS = 4;
const SIDEBAR_HOTWORDS = 12;

/** The sidebar of the home and bookshelf layouts, from the same (kept) answer as /api/menu. */
export async function sidebarPart(db: Db, genre: number) {
  const menu = await keptMenuAnswer(db, genre);
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
