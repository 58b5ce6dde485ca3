import type { HomeContent, HomeContentAnswer } from "../../../contract/home";
import type { LayoutConfig, UserItems } from "../../../contract/items";
import { applyUserItemsToContent, contentCards, itemIdsOf } from "../../../contract/user-items";
import type { ApiAnswer } from "../../lib/request";

/** Spec 001 §4: home content 1203 pages through 1–5, one page per visit in a session. */
export const ROTATING_LAYOUT_ID = 1203;
export const ROTATION_PAGES = 5;
export const ROTATION_KEY = "v_home_content_1203";

/** How the page reaches the server: the request helper's post and get, replaceable in tests. */
export interface SectionApi {
  post<T>(url: string, body?: unknown): Promise<ApiAnswer<T>>;
  get<T>(url: string): Promise<ApiAnswer<T>>;
}

export interface SectionContext {
  /** From the home answer: whether shared (cached) answers are used, and their key. */
  useCache: boolean;
  cacheKey: string;
  isLogin: boolean;
  /** The page to ask for (1 except for the rotating section). */
  page: number;
}

export interface SectionData {
  content: HomeContent;
  more_flag: boolean;
}

/**
 * Loads one section the way spec 000 §4 and 001 §4 say: the shared answer with k in cache mode,
 * then the member's own lists to set the flags; the personal answer otherwise. The viewing
 * history (content type 5) is personal only, and a visitor has none. Null when the load failed.
 */
export async function loadSection(
  layout: Pick<LayoutConfig, "layout_id" | "display_number" | "content_type">,
  ctx: SectionContext,
  api: SectionApi,
): Promise<SectionData | null> {
  const path = `${layout.layout_id}/${Math.max(1, layout.display_number)}/${ctx.page}`;
  const personalOnly = layout.content_type === 5;
  if (personalOnly && !ctx.isLogin) return null;
  if (ctx.useCache && ctx.cacheKey && !personalOnly) {
    const shared = await api.get<HomeContentAnswer>(
      `/api/shared/home/${path}?k=${encodeURIComponent(ctx.cacheKey)}`,
    );
    if (!shared.result || !shared.content) return null;
    const data = { content: shared.content, more_flag: Boolean(shared.more_flag) };
    return ctx.isLogin ? withMemberFlags(data, api) : data;
  }
  const personal = await api.post<HomeContentAnswer>(`/api/personal/home/${path}`);
  if (!personal.result || !personal.content) return null;
  return { content: personal.content, more_flag: Boolean(personal.more_flag) };
}

/** Shared section content with the member's cart, owned and 気になる flags set on its cards. */
export async function withMemberFlags(
  data: SectionData,
  api: Pick<SectionApi, "post">,
): Promise<SectionData> {
  const items = itemIdsOf(contentCards(data.content));
  if (items.length === 0) return data;
  const lists = await api.post<UserItems>("/api/personal/user/items", { items });
  // Without the lists the cards still show; they only lack the member's flags.
  if (!lists.result) return data;
  return { ...data, content: applyUserItemsToContent(data.content, lists) };
}

/** A section with nothing to show hides; pickup campaigns hide when all of them are empty. */
export function isEmptyContent(content: HomeContent): boolean {
  if (content.kind === "campaigns") return content.items.every((c) => c.items.length === 0);
  return content.items.length === 0;
}

type PageStore = Pick<Storage, "getItem" | "setItem">;

/** The next page of the rotating section for this session: 1, 2, … 5, then 1 again. */
export function nextRotationPage(store: PageStore | null): number {
  if (!store) return 1;
  let last = 0;
  try {
    last = Number.parseInt(store.getItem(ROTATION_KEY) ?? "0", 10);
  } catch {
    last = 0;
  }
  const next =
    Number.isInteger(last) && last >= 1 && last <= ROTATION_PAGES ? (last % ROTATION_PAGES) + 1 : 1;
  try {
    store.setItem(ROTATION_KEY, String(next));
  } catch {
    // Without storage every visit shows page 1.
  }
  return next;
}
