import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { CatalogListQuery } from "../../../contract/ops-catalog";
import type { CouponPayload, IssueFilter, IssuePayload } from "../../../contract/ops-coupons";
import {
  type CouponEditorAnswer,
  type CouponEditorRow,
  type CouponState,
  type CouponType,
  discountLabel,
  type FilterCountAnswer,
  ISSUE_CHUNK,
  type IssueAnswer,
  readMemberLines,
  type UnreadLine,
} from "../../../contract/ops-coupons-rules";
import type { EditorList } from "../../../contract/ops-extras-rules";
import { EXTRAS_PAGE_SIZE } from "../../../contract/ops-extras-rules";
import {
  parseTokyoDateTimeInput,
  tokyoDateTimeInput,
  tokyoInstant,
} from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import type { ChangeBus } from "../../lib/changes";
import { BadInput, NotFound } from "../../lib/errors";
import type { JobQueue } from "../../lib/jobs";
import type { MemberKept } from "../../lib/member-kept";
import {
  countMembers,
  type MemberCondition,
  memberIdsAfter,
  membersByEmailOrId,
} from "../account/service";
import { auditedWrite } from "../audit/service";
import { couponCampaignChoices } from "../campaign/service";
import { genreChoices, knownTargets } from "../catalog/editing";
import {
  type CouponRecord,
  type CouponValues,
  couponUses,
  editorCoupon,
  editorCoupons,
  holdsCoupon,
  insertCoupon,
  lockCoupon,
  paidBuyer,
  updateCoupon,
} from "../commerce/coupon-editing";
import { issueCoupon, issuedCount } from "../commerce/coupons";
import type { Staff } from "../staff/service";
import { type CouponIssue, couponIssues } from "./schema";

/**
 * The /ops coupon editor (issue 24, decision 0099), built as the catalog and extras editors are:
 * each write is one auditedWrite (the change and its audit row, with before and after, in one
 * transaction), then told on the change bus. Issuing to a list is one transaction with its audit
 * row; issuing to a filter is a job that takes ISSUE_CHUNK members at a time, each chunk its own
 * transaction with its own audit row, so no transaction holds 100,000 members.
 */

export interface CouponDeps {
  db: Db;
  changes: ChangeBus;
  jobs: JobQueue;
  memberKept: Pick<MemberKept, "changed">;
  now?: () => Date;
}

export const COUPON_ISSUE_QUEUE = "coupon-issue";

const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
const instant = (value: string) => parseTokyoDateTimeInput(value)!;

const stateOf = (c: CouponRecord, now: Date): CouponState =>
  c.startAt > now ? "scheduled" : c.endAt <= now ? "ended" : "running";

function couponRow(
  c: CouponRecord,
  uses: { issued: number; used: number } | undefined,
  now: Date,
): CouponEditorRow {
  const issued = uses?.issued ?? 0;
  return {
    coupon_id: c.couponId,
    name: c.name,
    coupon_type: c.couponType as CouponType,
    discount: discountLabel({
      discount_type: c.discountType,
      discount_value: c.discountValue,
      max_discount: c.maxDiscount,
    }),
    start_at: tokyoDateTimeInput(c.startAt),
    end_at: tokyoDateTimeInput(c.endAt),
    stock: c.stock,
    state: stateOf(c, now),
    issued,
    used: uses?.used ?? 0,
    remaining: c.stock === null ? null : Math.max(0, c.stock - issued),
  };
}

export async function listCoupons(
  db: Db,
  query: CatalogListQuery,
  now = new Date(),
): Promise<EditorList<CouponEditorRow>> {
  const { rows, total } = await editorCoupons(db, {
    q: query.q,
    page: query.page,
    pageSize: EXTRAS_PAGE_SIZE,
  });
  const uses = await couponUses(
    db,
    rows.map((r) => r.couponId),
  );
  return {
    total,
    page: query.page,
    page_size: EXTRAS_PAGE_SIZE,
    rows: rows.map((r) => couponRow(r, uses.get(r.couponId), now)),
  };
}

function issueAnswer(i: CouponIssue, repeated = false): IssueAnswer {
  return {
    issue_id: i.issueId,
    coupon_id: i.couponId,
    kind: i.kind,
    state: i.state,
    matched: i.matched,
    issued: i.issued,
    already_held: i.alreadyHeld,
    over_stock: i.overStock,
    unknown: i.unknown,
    filter: i.filter,
    staff_email: i.staffEmail,
    created_at: tokyoDateTimeInput(i.createdAt),
    finished_at: i.finishedAt ? tokyoDateTimeInput(i.finishedAt) : null,
    repeated,
  };
}

async function readCoupon(db: Db | Tx, id: number, now: Date): Promise<CouponEditorAnswer> {
  const found = await editorCoupon(db, id);
  if (!found) throw new NotFound("クーポンが見つかりませんでした");
  const { coupon: c } = found;
  const [uses, issues] = await Promise.all([
    couponUses(db as Db, [id]),
    db
      .select()
      .from(couponIssues)
      .where(eq(couponIssues.couponId, id))
      .orderBy(desc(couponIssues.issueId))
      .limit(10),
  ]);
  return {
    ...couponRow(c, uses.get(id), now),
    description: c.description,
    discount_type: c.discountType as 1 | 2,
    discount_value: c.discountValue,
    max_discount: c.maxDiscount,
    min_price: c.minPrice,
    campaign_id: c.campaignId,
    series_ids: found.seriesIds,
    item_ids: found.itemIds,
    genre_id: c.genreId,
    valid_hours: c.validHours,
    receivable: c.receivable,
    signup_coupon: c.signupCoupon,
    issues: issues.map((i) => issueAnswer(i)),
  };
}

export const getCoupon = (db: Db, id: number, now = new Date()) => readCoupon(db, id, now);

/** What the form offers for a campaign- or genre-bound coupon. */
export async function couponFormChoices(db: Db) {
  const [campaigns, genres] = await Promise.all([couponCampaignChoices(db), genreChoices(db)]);
  return { campaigns, genres };
}

function couponValues(input: CouponPayload): CouponValues {
  const t = input.coupon_type;
  return {
    couponType: t,
    name: input.name,
    description: input.description,
    discountType: input.discount_type,
    discountValue: input.discount_value,
    maxDiscount: input.discount_type === 1 ? (input.max_discount ?? null) : null,
    minPrice: input.min_price,
    campaignId: t === 2 ? (input.campaign_id ?? null) : null,
    genreId: t === 5 ? (input.genre_id ?? null) : null,
    seriesIds: t === 3 ? input.series_ids : [],
    itemIds: t === 4 ? input.item_ids : [],
    startAt: instant(input.start_at),
    endAt: instant(input.end_at),
    validHours: input.valid_hours ?? null,
    receivable: input.receivable,
    signupCoupon: input.signup_coupon,
    stock: input.stock ?? null,
  };
}

/** Targets the store could not match are refused: the coupon would apply to nothing. */
async function checkTargets(tx: Tx, v: CouponValues) {
  if (v.couponType === 2) {
    const campaigns = await couponCampaignChoices(tx);
    if (!campaigns.some((c) => c.id === v.campaignId)) {
      throw new BadInput(
        "campaign_id",
        `クーポンキャンペーン（ID ${v.campaignId}）が見つかりません`,
      );
    }
  }
  if (v.couponType === 5) {
    const genres = await genreChoices(tx);
    if (!genres.some((g) => g.id === v.genreId)) {
      throw new BadInput("genre_id", `ジャンル（ID ${v.genreId}）が見つかりません`);
    }
  }
  const known = await knownTargets(tx, { seriesIds: v.seriesIds, itemIds: v.itemIds });
  const series = v.seriesIds.find((id) => !known.seriesIds.has(id));
  if (series) throw new BadInput("series_ids", `作品（ID ${series}）が見つかりません`);
  const item = v.itemIds.find((id) => !known.itemIds.has(id));
  if (item) throw new BadInput("item_ids", `巻（商品ID ${item}）が見つかりません`);
}

async function write(
  deps: CouponDeps,
  staff: Staff,
  target: { action: string; id: number | null },
  change: (tx: Tx, before: CouponEditorAnswer | null) => Promise<number>,
): Promise<CouponEditorAnswer> {
  const now = clock(deps);
  let id = 0;
  const result = await auditedWrite(
    deps.db,
    { userId: staff.userId, email: staff.email, role: staff.role },
    async (tx) => {
      if (target.id !== null) await lockCoupon(tx, target.id);
      const before = target.id === null ? null : await readCoupon(tx, target.id, now);
      id = await change(tx, before);
      const after = await readCoupon(tx, id, now);
      const trim = (a: CouponEditorAnswer | null) => (a ? { ...a, issues: undefined } : null);
      return {
        action: target.action,
        entity: "coupon",
        entityId: id,
        before: trim(before),
        after: trim(after),
        result: after,
      };
    },
  );
  await deps.changes.publish({ entity: "coupon", id });
  return result;
}

export function createCoupon(deps: CouponDeps, staff: Staff, input: CouponPayload) {
  return write(deps, staff, { action: "create", id: null }, async (tx) => {
    const values = couponValues(input);
    await checkTargets(tx, values);
    return insertCoupon(tx, values);
  });
}

export function editCoupon(deps: CouponDeps, staff: Staff, id: number, input: CouponPayload) {
  return write(deps, staff, { action: "update", id }, async (tx, before) => {
    const values = couponValues(input);
    await checkTargets(tx, values);
    if (values.stock != null && values.stock < before!.issued) {
      throw new BadInput(
        "stock",
        `すでに${before!.issued}枚配布しているため、配布枚数の上限は${before!.issued}枚以上にしてください`,
      );
    }
    const found = await editorCoupon(tx, id);
    await updateCoupon(tx, id, values, found!.coupon);
    return id;
  });
}

// ---------------------------------------------------------------- issuing

async function issueByRequest(db: Db | Tx, requestId: string) {
  const [found] = await db.select().from(couponIssues).where(eq(couponIssues.requestId, requestId));
  return found ?? null;
}

/** The coupon an issue hands out must still run: a copy of an ended one is useless. */
async function issuableCoupon(db: Db, couponId: number, now: Date) {
  const found = await editorCoupon(db, couponId);
  if (!found) throw new NotFound("クーポンが見つかりませんでした");
  if (found.coupon.endAt <= now) {
    throw new BadInput("coupon", "終了したクーポンは配布できません");
  }
  return found.coupon;
}

/**
 * Issues a coupon to the members a list names, or queues its issue to every member a filter
 * matches. A request_id seen before answers that issue again (`repeated`) and issues nothing.
 */
export async function issueCouponTo(
  deps: CouponDeps,
  staff: Staff,
  couponId: number,
  input: IssuePayload,
): Promise<IssueAnswer> {
  const now = clock(deps);
  const seen = await issueByRequest(deps.db, input.request_id);
  if (seen) return issueAnswer(seen, true);
  await issuableCoupon(deps.db, couponId, now);
  return input.to === "members"
    ? issueToList(deps, staff, couponId, input.request_id, input.lines, now)
    : queueFilterIssue(deps, staff, couponId, input, now);
}

const actor = (staff: Staff) => ({ userId: staff.userId, email: staff.email, role: staff.role });

async function issueToList(
  deps: CouponDeps,
  staff: Staff,
  couponId: number,
  requestId: string,
  lines: string,
  now: Date,
): Promise<IssueAnswer> {
  const read = readMemberLines(lines);
  const found = await membersByEmailOrId(deps.db, {
    emails: read.members.flatMap((m) => (m.kind === "email" ? [m.email] : [])),
    userIds: read.members.flatMap((m) => (m.kind === "id" ? [m.userId] : [])),
  });
  const unknown: UnreadLine[] = [...read.unread];
  const userIds: number[] = [];
  for (const m of read.members) {
    const userId =
      m.kind === "email"
        ? found.byEmail.get(m.email)
        : found.ids.has(m.userId)
          ? m.userId
          : undefined;
    if (userId === undefined) unknown.push({ line: m.line, text: m.text });
    else userIds.push(userId);
  }
  unknown.sort((a, b) => a.line - b.line);
  const members = [...new Set(userIds)];
  if (members.length === 0) {
    throw new BadInput(
      "lines",
      `配布できる会員が見つかりませんでした（読めない・見つからない行：${unknown
        .slice(0, 5)
        .map((u) => `${u.line}行目「${u.text}」`)
        .join("、")}${unknown.length > 5 ? " ほか" : ""}）`,
    );
  }
  let issuedTo: number[] = [];
  const answer = await auditedWrite(deps.db, actor(staff), async (tx) => {
    const [row] = await tx
      .insert(couponIssues)
      .values({
        couponId,
        requestId,
        kind: "members",
        state: "running",
        unknown,
        staffUserId: staff.userId,
        staffEmail: staff.email,
        staffRole: staff.role,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // A double click's second request waited on the first's row: it answers the first issue.
    if (!row) {
      const first = await issueByRequest(tx, requestId);
      return {
        action: "issue",
        entity: "coupon",
        entityId: couponId,
        before: null,
        after: { issue_id: first!.issueId, repeated: true },
        result: issueAnswer(first!, true),
      };
    }
    const before = await issuedCount(tx, couponId);
    const done = await issueCoupon(tx, couponId, members, now);
    issuedTo = done.issued;
    const [saved] = await tx
      .update(couponIssues)
      .set({
        state: "done",
        matched: members.length,
        issued: done.issued.length,
        alreadyHeld: done.alreadyHeld,
        overStock: done.overStock,
        finishedAt: now,
      })
      .where(eq(couponIssues.issueId, row.issueId))
      .returning();
    return {
      action: "issue",
      entity: "coupon",
      entityId: couponId,
      before: { issued: before },
      after: {
        issued: before + done.issued.length,
        issue_id: row.issueId,
        to: "members",
        matched: members.length,
        newly_issued: done.issued.length,
        already_held: done.alreadyHeld,
        over_stock: done.overStock,
        unknown_lines: unknown.length,
      },
      result: issueAnswer(saved!),
    };
  });
  for (const userId of issuedTo) await deps.memberKept.changed(userId);
  return answer;
}

/** A filter as an issue keeps it (coupon_issues.filter). */
function filterOf(filter: IssueFilter): NonNullable<CouponIssue["filter"]> {
  return {
    registered_from: filter.registered_from ?? null,
    registered_to: filter.registered_to ?? null,
    bought: filter.bought,
  };
}

async function queueFilterIssue(
  deps: CouponDeps,
  staff: Staff,
  couponId: number,
  input: Extract<IssuePayload, { to: "filter" }>,
  now: Date,
): Promise<IssueAnswer> {
  const filter = filterOf(input.filter);
  const answer = await auditedWrite(deps.db, actor(staff), async (tx) => {
    const [row] = await tx
      .insert(couponIssues)
      .values({
        couponId,
        requestId: input.request_id,
        kind: "filter",
        state: "queued",
        filter,
        staffUserId: staff.userId,
        staffEmail: staff.email,
        staffRole: staff.role,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    const issue = row ?? (await issueByRequest(tx, input.request_id))!;
    return {
      action: "issue",
      entity: "coupon",
      entityId: couponId,
      before: null,
      after: { issue_id: issue.issueId, to: "filter", filter, queued: true },
      result: { issue: issueAnswer(issue, !row), queued: Boolean(row) },
    };
  });
  if (answer.queued) await deps.jobs.send(COUPON_ISSUE_QUEUE, { issueId: answer.issue.issue_id });
  return answer.issue;
}

/** A filter's Tokyo days as the instants users.signup_at is compared with. */
function signupWindow(filter: NonNullable<CouponIssue["filter"]>) {
  const at = (day: string | null, plus: number) => {
    if (!day) return null;
    const [y, m, d] = day.split("-").map(Number);
    return tokyoInstant(y!, m!, d! + plus);
  };
  return { from: at(filter.registered_from, 0), until: at(filter.registered_to, 1) };
}

/**
 * The one reading of an issue's filter as a condition on members: the job takes its chunks by it
 * and the form's preview counts by it, so the count shown is what the issue then reaches.
 */
function membersOf(filter: NonNullable<CouponIssue["filter"]>): MemberCondition {
  const window = signupWindow(filter);
  const { bought } = filter;
  return {
    signupFrom: window.from,
    signupUntil: window.until,
    also: bought === "any" ? undefined : (userId) => paidBuyer(userId, bought === "yes"),
  };
}

/**
 * 条件に一致する会員: how many members a filter issue of this coupon would reach now, and how
 * many of them already hold it (the issue skips those).
 */
export async function filterCount(
  db: Db,
  couponId: number,
  filter: IssueFilter,
): Promise<FilterCountAnswer> {
  const found = await editorCoupon(db, couponId);
  if (!found) throw new NotFound("クーポンが見つかりませんでした");
  const condition = membersOf(filterOf(filter));
  const [matched, alreadyHeld] = await Promise.all([
    countMembers(db, condition),
    countMembers(db, condition, (userId) => holdsCoupon(userId, couponId)),
  ]);
  return { matched, already_held: alreadyHeld };
}

/**
 * Works one filter issue to its end: members matching the filter are taken ISSUE_CHUNK at a time
 * in member id order after the issue's cursor; each chunk is one transaction that issues to them,
 * moves the cursor and writes its audit row. A job cut short and run again resumes at the
 * cursor, and the member×coupon key issues nothing twice whatever happens.
 */
export async function runFilterIssue(
  deps: Omit<CouponDeps, "jobs" | "changes">,
  issueId: number,
): Promise<IssueAnswer> {
  const first = await deps.db.select().from(couponIssues).where(eq(couponIssues.issueId, issueId));
  if (!first[0]) throw new NotFound("配布の記録が見つかりませんでした");
  if (first[0].state === "done" || first[0].state === "failed") return issueAnswer(first[0]);
  const staff = {
    userId: first[0].staffUserId,
    email: first[0].staffEmail,
    role: first[0].staffRole,
  };
  for (;;) {
    const now = clock(deps);
    let issuedTo: number[] = [];
    let more = false;
    const result = await auditedWrite(deps.db, staff, async (tx) => {
      const [issue] = await tx
        .select()
        .from(couponIssues)
        .where(eq(couponIssues.issueId, issueId))
        .for("update");
      const finished = issue!.state === "done" || issue!.state === "failed";
      const chunk = finished
        ? []
        : await memberIdsAfter(tx, {
            ...membersOf(issue!.filter!),
            after: issue!.cursor,
            limit: ISSUE_CHUNK,
          });
      const before = await issuedCount(tx, issue!.couponId);
      const done = await issueCoupon(tx, issue!.couponId, chunk, now);
      issuedTo = done.issued;
      more = !finished && chunk.length === ISSUE_CHUNK;
      const [saved] = finished
        ? [issue!]
        : await tx
            .update(couponIssues)
            .set({
              state: more ? "running" : "done",
              cursor: chunk.at(-1) ?? issue!.cursor,
              matched: sql`${couponIssues.matched} + ${chunk.length}`,
              issued: sql`${couponIssues.issued} + ${done.issued.length}`,
              alreadyHeld: sql`${couponIssues.alreadyHeld} + ${done.alreadyHeld}`,
              overStock: sql`${couponIssues.overStock} + ${done.overStock}`,
              finishedAt: more ? null : now,
            })
            .where(eq(couponIssues.issueId, issueId))
            .returning();
      return {
        action: "issue",
        entity: "coupon",
        entityId: issue!.couponId,
        before: { issued: before },
        after: {
          issued: before + done.issued.length,
          issue_id: issueId,
          to: "filter",
          members: chunk.length > 0 ? [chunk[0], chunk.at(-1)] : [],
          newly_issued: done.issued.length,
          already_held: done.alreadyHeld,
          over_stock: done.overStock,
        },
        result: saved!,
      };
    });
    for (const userId of issuedTo) await deps.memberKept.changed(userId);
    if (!more) return issueAnswer(result);
  }
}

/** Marks a filter issue failed (a job that gave up), so the page stops waiting on it. */
export async function failFilterIssue(db: Db, issueId: number) {
  await db
    .update(couponIssues)
    .set({ state: "failed", finishedAt: new Date() })
    .where(
      and(eq(couponIssues.issueId, issueId), inArray(couponIssues.state, ["queued", "running"])),
    );
}

export async function getIssue(db: Db, couponId: number, issueId: number): Promise<IssueAnswer> {
  const [issue] = await db
    .select()
    .from(couponIssues)
    .where(and(eq(couponIssues.issueId, issueId), eq(couponIssues.couponId, couponId)));
  if (!issue) throw new NotFound("配布の記録が見つかりませんでした");
  return issueAnswer(issue);
}
