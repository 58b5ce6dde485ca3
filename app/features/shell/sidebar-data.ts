import type { MenuCampaign } from "../../../contract/menu";

/** What the side column of the home and bookshelf layouts shows. */
export interface SidebarData {
  genre: number;
  genres: Array<{ genre_id: number; name: string }>;
  campaigns: MenuCampaign[];
  hotwords: string[];
}
