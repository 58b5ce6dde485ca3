import type { LayoutConfig } from "./items";
import type { TopicBlock, TopicColumn, TopicRow } from "./topic-content";

/** What an entry button needs to know about the entry and the member (spec 000 §4). */
export interface EntryButtonState {
  entry_id: number;
  /** Within the accept period. */
  accepted: boolean;
  /** This member has entered already. */
  completed: boolean;
  newsletter_required: boolean;
  is_login: boolean;
}

/**
 * A block as the server lets it reach the browser: visibility decided, placeholders filled, HTML
 * sanitised; homeContent carries its section's layout and entryBtn the entry's state.
 */
export type ShownBlock = TopicBlock & {
  layout?: LayoutConfig;
  entry?: EntryButtonState;
  blocks?: ShownBlock[];
  /** A search button with its own id: the name of what it searches. */
  name?: string;
};

/** What the search buttons (spec 000 §2 publisher, label, magazine, genre, category) search by. */
export type SearchKind = "publisher" | "label" | "magazine" | "genre" | "category";
export type ShownColumn = Omit<TopicColumn, "blocks"> & { blocks: ShownBlock[] };
export type ShownRow = Omit<TopicRow, "columns"> & { columns: ShownColumn[] };

/** The page's own fields: blocks naming no id use them, and so does the plain-text fallback. */
export interface TopicPageFields {
  releaseDate: string | null;
  publisherId: number | null;
  labelId: number | null;
  magazineId: number | null;
  genreId: number | null;
  categoryId: number | null;
  tags: string[];
  /** Names of the publisher, label, magazine, genre and category above, where they name one. */
  names: Partial<Record<SearchKind, string>>;
}

/** The answer of /api/topic/{pageName} and /api/page/{pageName}. */
export interface TopicPageAnswer {
  page_name: string;
  page_type: "topic" | "page";
  title: string;
  description: string | null;
  fields: TopicPageFields;
  /** null when the stored content is not valid topic JSON: show plain_text instead. */
  rows: ShownRow[] | null;
  plain_text: string;
  is_login: boolean;
}

export interface EntryAnswer {
  entry: EntryButtonState;
}

/** spec 001 §8: unknown pages answer the router's 404 text. */
export const TOPIC_NOT_FOUND = "This page could not be found";
