/**
 * The answer of POST /api/personal/menu and GET /api/shared/menu?k= (spec 001 §3 "Menu", §2.4):
 * the lists the search dialog offers as filters, and the drawer's browse menu in display order.
 */
export interface MenuGenre {
  genre_id: number;
  name: string;
}

export interface MenuPublisher {
  publisher_id: number;
  name: string;
  description: string | null;
  publisher_group_id: number | null;
}

export interface MenuLabel {
  label_id: number;
  name: string;
  publisher_id: number;
}

export interface MenuCampaign {
  campaign_id: number;
  name: string;
  img: string | null;
  /** Where the banner links; null means /campaign/{campaign_id}. */
  action_url: string | null;
}

/** A publisher chip of the drawer. */
export interface BrowsePublisher {
  publisher_id: number;
  name: string;
  /** The description, with the promotional heading in front for the promoted publisher. */
  description: string | null;
  /** Set only for the promoted publisher. */
  heading?: string;
  /** A long name that needs a smaller chip font. */
  small?: boolean;
}

export type BrowseSection =
  | { type: "hotword"; items: Array<{ word: string }> }
  | { type: "genre"; items: MenuGenre[] }
  | { type: "free_genre"; items: MenuGenre[] }
  | { type: "campaign"; items: MenuCampaign[] }
  | { type: "publisher"; items: BrowsePublisher[] }
  | { type: "label"; items: Array<{ label_id: number; name: string }> }
  /**
   * The genre has drawer topic content, rendered at the end of the menu. The menu is shared by
   * everybody, so the rows themselves come from /api/personal/menu_topic, decided per visitor.
   */
  | { type: "topic"; genre: number };

export interface MenuAnswer {
  genre: MenuGenre[];
  category: Array<{ category_id: number; name: string }>;
  tag: Array<{ tag_id: number; name: string }>;
  publisher: MenuPublisher[];
  publisher_group: Array<{ publisher_group_id: number; name: string }>;
  label: MenuLabel[];
  generation: Array<{ generation_id: number; name: string }>;
  hotword: Array<{ word: string }>;
  free_and_sale_count: number;
  /** The drawer's browse menu, sections in display order; empty lists are left out. */
  browse_menu: BrowseSection[];
}
