import { and, asc, eq } from "drizzle-orm";
import type { LayoutConfig } from "../../../contract/items";
import type {
  EntryButtonState,
  SearchKind,
  ShownRow,
  TopicPageAnswer,
  TopicPageFields,
} from "../../../contract/topic";
import type { Db } from "../../db/client";
import type { SessionMember } from "../../lib/context";
import { searchNames } from "../catalog/series-lookups";
import { layoutConfig, shownLayout } from "../home/home-page";
import { menuTopicContent } from "../home/service";
import { artNamesIn, recordArt } from "../media/art";
import { listEntries } from "./entries";
import { type PageState, pageState, type TopicPlace } from "./page-state";
import { type TopicPage, topicPages } from "./schema";
import { showContent } from "./visibility";

export type TopicPageType = "topic" | "page";

export interface TopicPageSummary {
  pageName: string;
  pageType: TopicPageType;
  title: string;
  updatedAt: Date;
  startAt: Date | null;
  endAt: Date | null;
}

/** Every topic page, for the staff editor's picker and the debug screens. */
export async function listTopicPages(db: Db): Promise<TopicPageSummary[]> {
  const rows = await db
    .select({
      pageName: topicPages.pageName,
      pageType: topicPages.pageType,
      title: topicPages.title,
      updatedAt: topicPages.updatedAt,
      startAt: topicPages.startAt,
      endAt: topicPages.endAt,
    })
    .from(topicPages)
    .orderBy(asc(topicPages.pageType), asc(topicPages.topicPageId));
  return rows.map((r) => ({ ...r, pageType: r.pageType as TopicPageType }));
}

export async function findTopicPage(
  db: Db,
  pageType: TopicPageType,
  pageName: string,
): Promise<TopicPage | null> {
  const [row] = await db
    .select()
    .from(topicPages)
    .where(and(eq(topicPages.pageType, pageType), eq(topicPages.pageName, pageName)));
  return row ?? null;
}

/**
 * Replaces a page's content. The caller has checked it (checkTopicJson); null when no such page
 * exists, so the editor never creates pages by accident. Decorative images the new content links
 * to (/media/{kind}/{name}.png) become drawable.
 */
export async function updateTopicPageContent(
  db: Db,
  pageType: TopicPageType,
  pageName: string,
  content: string,
  now = new Date(),
): Promise<TopicPage | null> {
  const [row] = await db
    .update(topicPages)
    .set({ content, updatedAt: now })
    .where(and(eq(topicPages.pageType, pageType), eq(topicPages.pageName, pageName)))
    .returning();
  if (row) await recordArt(db, artNamesIn(content));
  return row ?? null;
}

/**
 * A page the public may see now: a draft, or a page outside start_at–end_at, does not exist for
 * them.
 */
export function isPublished(page: TopicPage, now: Date): boolean {
  return !page.draft && (!page.startAt || page.startAt <= now) && (!page.endAt || now < page.endAt);
}

/** The page's own fields, with the names its search buttons show. */
export async function pageFields(db: Db, page: TopicPage): Promise<TopicPageFields> {
  const own: Record<SearchKind, number | null> = {
    publisher: page.publisherId,
    label: page.labelId,
    magazine: page.magazineId,
    genre: page.genreId,
    category: page.categoryId,
  };
  const wanted: Partial<Record<SearchKind, number[]>> = {};
  for (const kind of SEARCH_KINDS) {
    const id = own[kind];
    if (id !== null) wanted[kind] = [id];
  }
  const found = await searchNames(db, wanted);
  const names: TopicPageFields["names"] = {};
  for (const kind of SEARCH_KINDS) {
    const id = own[kind];
    const name = id === null ? undefined : found[kind].get(id);
    if (name) names[kind] = name;
  }
  return {
    releaseDate: page.releaseDate,
    publisherId: page.publisherId,
    labelId: page.labelId,
    magazineId: page.magazineId,
    genreId: page.genreId,
    categoryId: page.categoryId,
    tags: page.tags,
    names,
  };
}

const SEARCH_KINDS: readonly SearchKind[] = ["publisher", "label", "magazine", "genre", "category"];
const isSearchKind = (type: string): type is SearchKind =>
  (SEARCH_KINDS as readonly string[]).includes(type);

export function entryState(
  entryId: number,
  state: PageState,
  newsletterRequired: ReadonlySet<number>,
): EntryButtonState {
  return {
    entry_id: entryId,
    accepted: state.entries.accepted.includes(entryId),
    completed: state.entries.completed.includes(entryId),
    newsletter_required: newsletterRequired.has(entryId),
    is_login: state.isLogin,
  };
}

/**
 * Content as this request may see it: rows filtered and filled by the page state, home
 * sections with their layout (a section not shown now drops out), entry buttons with their
 * entry's state (an unknown entry drops out).
 */
export async function showTopicContent(
  db: Db,
  rows: unknown[],
  state: PageState,
  now: Date,
): Promise<ShownRow[]> {
  const entries = await listEntries(db);
  const known = new Set(entries.map((e) => e.entryId));
  const newsletter = new Set(entries.filter((e) => e.newsletterRequired).map((e) => e.entryId));
  const layoutIds = new Set<number>();
  const searched: Record<SearchKind, number[]> = {
    publisher: [],
    label: [],
    magazine: [],
    genre: [],
    category: [],
  };
  const collect = (blocks: unknown) => {
    for (const b of Array.isArray(blocks) ? blocks : []) {
      if (b?.type === "homeContent" && Number.isInteger(b.layoutId)) layoutIds.add(b.layoutId);
      if (isSearchKind(b?.type) && Number.isInteger(b.id))
        searched[b.type as SearchKind].push(b.id);
      if (b?.type === "box") collect(b.blocks);
    }
  };
  for (const row of rows as Array<{ columns?: Array<{ blocks?: unknown }> }>) {
    for (const column of Array.isArray(row?.columns) ? row.columns : []) collect(column?.blocks);
  }
  const layouts = new Map<number, LayoutConfig>();
  for (const id of layoutIds) {
    const row = await shownLayout(db, id, now);
    if (row) layouts.set(id, layoutConfig(row));
  }
  const names = await searchNames(db, searched);
  return showContent(rows, state, (block) => {
    if (block.type === "homeContent") {
      const layout = layouts.get(block.layoutId);
      if (!layout) return null;
      const num = Number.isInteger(block.num) && block.num! > 0 ? block.num! : null;
      return { ...block, layout: num ? { ...layout, display_number: num } : layout };
    }
    if (block.type === "entryBtn") {
      if (!known.has(block.entryId)) return null;
      return { ...block, entry: entryState(block.entryId, state, newsletter) };
    }
    if (isSearchKind(block.type) && "id" in block && Number.isInteger(block.id)) {
      // A button naming something that does not exist searches for nothing: it is left out.
      const name = names[block.type].get(block.id as number);
      return name ? { ...block, name } : null;
    }
    return block;
  });
}

/** /api/topic/{pageName} and /api/page/{pageName}, and the pages' loaders; null is a 404. */
export async function topicPageAnswer(
  db: Db,
  pageType: TopicPageType,
  pageName: string,
  member: SessionMember | null,
  place: TopicPlace,
  now = new Date(),
): Promise<TopicPageAnswer | null> {
  const page = await findTopicPage(db, pageType, pageName);
  if (!page || !isPublished(page, now)) return null;
  const fields = await pageFields(db, page);
  const state = await pageState(
    db,
    member,
    {
      ...place,
      publisherId: place.publisherId ?? page.publisherId,
      genreId: place.genreId ?? page.genreId,
    },
    now,
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(page.content);
  } catch {
    parsed = null;
  }
  const rows = Array.isArray(parsed) ? await showTopicContent(db, parsed, state, now) : null;
  return {
    page_name: page.pageName,
    page_type: pageType,
    title: page.title,
    description: page.description,
    fields,
    rows,
    plain_text: rows ? "" : page.content,
    is_login: state.isLogin,
  };
}

/** The drawer's topic content of a genre (genre 0's when it has none), as this visitor sees it. */
export async function menuTopicRows(
  db: Db,
  genre: number,
  member: SessionMember | null,
  place: TopicPlace,
  now = new Date(),
): Promise<ShownRow[]> {
  const content = await menuTopicContent(db, genre);
  if (!content) return [];
  const state = await pageState(db, member, { ...place, genreId: place.genreId ?? genre }, now);
  return showTopicContent(db, content, state, now);
}
