import type {
  NewTopicPagePayload,
  TopicPageEditorAnswer,
  TopicPageRow,
  TopicPageSavePayload,
  TopicPageState,
  TopicPreviewAnswer,
} from "../../../contract/ops-topics";
import {
  parseTokyoDateTimeInput,
  tokyoDateTimeInput,
  tokyoMonth,
} from "../../../contract/tokyo-time";
import { checkTopicJson, TOPIC_JSON_WARNING } from "../../../contract/topic-json";
import type { Db, Tx } from "../../db/client";
import type { ChangeBus } from "../../lib/changes";
import { BadInput, Conflict, NotFound } from "../../lib/errors";
import { auditedWrite } from "../audit/service";
import type { Staff } from "../staff/service";
import {
  editorTopicPage,
  editorTopicPages,
  insertTopicPage,
  setTopicPageDraft,
  type EditorTopicPage as TopicPage,
  type TopicPageValues,
  updateTopicPage,
} from "../topic/editing";
import { type PageState, pageState } from "../topic/page-state";
import { pageFields, showTopicContent, type TopicPageType } from "../topic/service";

/**
 * The /ops topic page editor (issue 24, decision 0102), built as the other /ops editors are:
 * every write is one auditedWrite (the change and its audit row with before and after, in one
 * transaction), then one change on the bus once committed, so every instance drops what it
 * keeps. The content is checked by the topic module's own check (checkTopicJson) and stored as
 * the spec editor stores it, so /debug/topic_test and this editor read each other's saves.
 */

export interface TopicEditorDeps {
  db: Db;
  changes: ChangeBus;
  now?: () => Date;
}

const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
const instant = (value: string | null | undefined) =>
  value ? parseTokyoDateTimeInput(value) : null;

function stateOf(page: TopicPage, now: Date): TopicPageState {
  if (page.draft) return "draft";
  if (page.startAt && page.startAt > now) return "scheduled";
  if (page.endAt && page.endAt <= now) return "ended";
  return "live";
}

function rowOf(page: TopicPage, now: Date): TopicPageRow {
  return {
    page_name: page.pageName,
    page_type: page.pageType as TopicPageType,
    title: page.title,
    state: stateOf(page, now),
    start_at: page.startAt ? tokyoDateTimeInput(page.startAt) : null,
    end_at: page.endAt ? tokyoDateTimeInput(page.endAt) : null,
    updated_at: page.updatedAt.toISOString(),
  };
}

export async function listTopicPagesForEditor(db: Db, now = new Date()): Promise<TopicPageRow[]> {
  return (await editorTopicPages(db)).map((p) => rowOf(p, now));
}

async function readPage(
  db: Db | Tx,
  pageType: TopicPageType,
  pageName: string,
  now: Date,
): Promise<{ page: TopicPage; answer: TopicPageEditorAnswer }> {
  const page = await editorTopicPage(db, pageType, pageName);
  if (!page) throw new NotFound("特集ページが見つかりませんでした");
  return {
    page,
    answer: {
      ...rowOf(page, now),
      description: page.description,
      content: page.content,
      fields: await pageFields(db as Db, page),
    },
  };
}

export async function getTopicPageForEditor(
  db: Db,
  pageType: TopicPageType,
  pageName: string,
  now = new Date(),
): Promise<TopicPageEditorAnswer> {
  return (await readPage(db, pageType, pageName, now)).answer;
}

const valuesOf = (input: {
  title: string;
  description: string | null;
  start_at?: string | null;
  end_at?: string | null;
}): TopicPageValues => ({
  title: input.title,
  description: input.description,
  startAt: instant(input.start_at),
  endAt: instant(input.end_at),
});

/** One audited write of one page, then its change told to every instance after the commit. */
async function write(
  deps: TopicEditorDeps,
  staff: Staff,
  action: string,
  target: { pageType: TopicPageType; pageName: string; creates?: boolean },
  change: (tx: Tx, before: TopicPage | null) => Promise<void>,
): Promise<TopicPageEditorAnswer> {
  const now = clock(deps);
  let id = 0;
  const result = await auditedWrite(
    deps.db,
    { userId: staff.userId, email: staff.email, role: staff.role },
    async (tx) => {
      const before = target.creates
        ? null
        : await readPage(tx, target.pageType, target.pageName, now);
      await change(tx, before?.page ?? null);
      const after = await readPage(tx, target.pageType, target.pageName, now);
      id = after.page.topicPageId;
      return {
        action,
        entity: "topic_page",
        entityId: id,
        before: before?.answer ?? null,
        after: after.answer,
        result: after.answer,
      };
    },
  );
  await deps.changes.publish({ entity: "topic_page", id });
  return result;
}

/** A new page is a draft with no blocks: it reaches the store when published. */
export function createTopicPage(deps: TopicEditorDeps, staff: Staff, input: NewTopicPagePayload) {
  const target = { pageType: input.page_type, pageName: input.page_name, creates: true };
  return write(deps, staff, "create", target, async (tx) => {
    if (await editorTopicPage(tx, input.page_type, input.page_name)) {
      throw new BadInput("page_name", `/${input.page_type}/${input.page_name} はすでにあります`);
    }
    await insertTopicPage(
      tx,
      { pageType: input.page_type, pageName: input.page_name, ...valuesOf(input) },
      clock(deps),
    );
  });
}

/** Checked content, stored as the spec's editor stores it (compact JSON). */
export function checkedContent(content: string): string {
  const checked = checkTopicJson(content);
  if (!checked.ok) throw new BadInput("content", `${TOPIC_JSON_WARNING}（${checked.problem}）`);
  return JSON.stringify(checked.rows);
}

export const STALE_SAVE =
  "このページは開いた後に別の保存がありました。画面を読み込み直してから保存してください";

export function saveTopicPage(
  deps: TopicEditorDeps,
  staff: Staff,
  pageType: TopicPageType,
  pageName: string,
  input: TopicPageSavePayload,
) {
  const content = checkedContent(input.content);
  return write(deps, staff, "update", { pageType, pageName }, async (tx, before) => {
    if (before!.updatedAt.toISOString() !== input.seen_updated_at) throw new Conflict(STALE_SAVE);
    await updateTopicPage(tx, before!.topicPageId, { ...valuesOf(input), content }, clock(deps));
  });
}

export type TopicPageAction = "publish" | "withdraw";

const REFUSED: Record<TopicPageAction, (page: TopicPage) => string | null> = {
  publish: (p) => (p.draft ? null : "このページはすでに公開されています"),
  withdraw: (p) => (p.draft ? "このページはすでに下書きです" : null),
};

/** Publish a draft (within its window), or take a page back to a draft. */
export function changeTopicPublication(
  deps: TopicEditorDeps,
  staff: Staff,
  pageType: TopicPageType,
  pageName: string,
  action: TopicPageAction,
) {
  return write(deps, staff, action, { pageType, pageName }, async (tx, before) => {
    const refusal = REFUSED[action](before!);
    if (refusal) throw new BadInput("state", refusal);
    await setTopicPageDraft(tx, before!.topicPageId, action === "withdraw", clock(deps));
  });
}

// ---------------------------------------------------------------------------------------------
// Preview

/** The member the preview stands for: signed up a month ago, nothing in the cart. */
const PREVIEW_MEMBER_AGE_MS = 30 * 24 * 3600_000;

/**
 * The page state of the preview's three audiences, from the visitor's (the clock, running
 * entries and refunds): a member who never paid, and one who paid once. Only what tells the
 * audiences apart is set; the rest is a member with an empty cart and no coupons.
 */
export function audienceStates(visitor: PageState, now: Date) {
  const signedUp = new Date(now.getTime() - PREVIEW_MEMBER_AGE_MS);
  const member: PageState = {
    ...visitor,
    isLogin: true,
    signupTime: Math.floor(signedUp.getTime() / 1000),
    signupMonth: tokyoMonth(signedUp),
  };
  const paid: PageState = { ...member, isPaid: true, payCount: 1, monthPayMax: 0 };
  return { visitor, member, paid };
}

/**
 * Content not yet saved, drawn as a visitor, a member and a paying member would get it: the
 * server's own visibility rules, placeholders, sanitising and block decoration (showTopicContent),
 * exactly as /topic/{slug} answers. Content that is not JSON is shown as the page shows it.
 */
export async function previewTopicContent(
  db: Db,
  input: { content: string; page_type: TopicPageType; page_name?: string },
  now = new Date(),
): Promise<TopicPreviewAnswer> {
  const page = input.page_name ? await editorTopicPage(db, input.page_type, input.page_name) : null;
  const fields = page
    ? await pageFields(db, page)
    : {
        releaseDate: null,
        publisherId: null,
        labelId: null,
        magazineId: null,
        genreId: null,
        categoryId: null,
        tags: [],
        names: {},
      };
  const checked = checkTopicJson(input.content);
  if (!checked.ok) return { visitor: null, member: null, paid: null, fields };
  const place = {
    url: `/${input.page_type}/${input.page_name ?? ""}`,
    utm: { src: "", mdm: "", cpn: "" },
    publisherId: page?.publisherId ?? null,
    genreId: page?.genreId ?? null,
  };
  const states = audienceStates(await pageState(db, null, place, now), now);
  const [visitor, member, paid] = await Promise.all(
    (["visitor", "member", "paid"] as const).map((who) =>
      showTopicContent(db, checked.rows, states[who], now),
    ),
  );
  return { visitor: visitor!, member: member!, paid: paid!, fields };
}
