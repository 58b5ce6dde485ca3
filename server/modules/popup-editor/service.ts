import { EXTRAS_PAGE_SIZE } from "../../../contract/ops-extras-rules";
import type { PopupEditorAnswer, PopupListQuery, PopupPayload } from "../../../contract/ops-popups";
import {
  type PopupCounts,
  type PopupEditorList,
  type PopupEditorRow,
  popupState,
} from "../../../contract/ops-popups-rules";
import {
  parseTokyoDateTimeInput,
  startOfTokyoDay,
  tokyoDateTimeInput,
  tokyoIsoDate,
} from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import type { ChangeBus } from "../../lib/changes";
import { BadInput, NotFound } from "../../lib/errors";
import { auditedWrite } from "../audit/service";
import { popupEventCounts } from "../event/service";
import {
  editorPopup,
  editorPopups,
  insertPopup,
  type EditorPopupRow as Popup,
  type PopupValues,
  setPopupWithdrawn,
  updatePopup,
} from "../popup/editing";
import type { Staff } from "../staff/service";

/**
 * The /ops popup editor (issue 24), built as the news editor is (decision 0097): each write is
 * one auditedWrite with before and after, then a "popup" change on the bus once committed, so
 * every instance drops the member answers it keeps (user status target_popup) with the catalog
 * generation. /api/popups itself is computed per request, so the queue changes at once.
 */

export interface PopupEditorDeps {
  db: Db;
  changes: ChangeBus;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
/** Counts cover the last 30 Tokyo days unless the editor picks a range. */
const DEFAULT_DAYS = 30;

/** The Tokyo days [from, to] as instants [start of from, start of the day after to). */
export function countRange(query: { from?: string; to?: string }, now: Date) {
  const to = query.to ?? tokyoIsoDate(now);
  const from =
    query.from ??
    tokyoIsoDate(new Date(startOfTokyoDay(now).getTime() - (DEFAULT_DAYS - 1) * DAY_MS));
  const start = parseTokyoDateTimeInput(`${from}T00:00`)!;
  const end = new Date(parseTokyoDateTimeInput(`${to}T00:00`)!.getTime() + DAY_MS);
  if (end <= start) throw new BadInput("to", "集計期間の終了日は開始日以降にしてください");
  return { from, to, start, end };
}

const NO_COUNTS: PopupCounts = { impressions: 0, closes: 0, clicks: 0 };

const stateOf = (p: Popup, now: Date) =>
  popupState({ start_at: p.startAt, end_at: p.endAt, withdrawn: p.withdrawnAt !== null }, now);

function row(p: Popup, counts: PopupCounts, now: Date): PopupEditorRow {
  return {
    popup_id: p.popupId,
    popup_type: p.popupType,
    page: p.page,
    priority: p.priority,
    title: p.title ?? "",
    tracking_name: p.trackingName,
    start_at: tokyoDateTimeInput(p.startAt),
    end_at: p.endAt ? tokyoDateTimeInput(p.endAt) : null,
    state: stateOf(p, now),
    impressions: counts.impressions,
    closes: counts.closes,
    clicks: counts.clicks,
  };
}

export async function listPopups(
  db: Db,
  query: PopupListQuery,
  now = new Date(),
): Promise<PopupEditorList> {
  const range = countRange(query, now);
  const { rows, total } = await editorPopups(db, {
    q: query.q,
    page: query.page,
    pageSize: EXTRAS_PAGE_SIZE,
  });
  const counts = await popupEventCounts(
    db,
    rows.map((r) => r.popupId),
    range.start,
    range.end,
  );
  return {
    total,
    page: query.page,
    page_size: EXTRAS_PAGE_SIZE,
    from: range.from,
    to: range.to,
    rows: rows.map((p) => row(p, counts.get(p.popupId) ?? NO_COUNTS, now)),
  };
}

function answer(
  p: Popup,
  counts: PopupCounts,
  range: { from: string; to: string },
  now: Date,
): PopupEditorAnswer {
  return {
    popup_id: p.popupId,
    popup_type: p.popupType,
    page: p.page as PopupPayload["page"],
    priority: p.priority,
    tracking_name: p.trackingName,
    title: p.title ?? "",
    body: p.body,
    img: p.img,
    link_url: p.linkUrl,
    button_label: p.buttonLabel,
    series_id: p.seriesId,
    book_id: p.bookId,
    campaign_id: p.campaignId,
    display: p.display as PopupPayload["display"],
    target_rules: p.targetRules as PopupPayload["target_rules"],
    display_limit: p.displayLimit,
    start_at: tokyoDateTimeInput(p.startAt),
    end_at: p.endAt ? tokyoDateTimeInput(p.endAt) : null,
    state: stateOf(p, now),
    ...counts,
    from: range.from,
    to: range.to,
  };
}

async function readPopup(
  db: Db | Tx,
  id: number,
  now: Date,
  range: { from: string; to: string; start: Date; end: Date },
  lock = false,
) {
  const p = await editorPopup(db, id, lock);
  if (!p) throw new NotFound("ポップアップが見つかりませんでした");
  const counts = await popupEventCounts(db as Db, [id], range.start, range.end);
  return answer(p, counts.get(id) ?? NO_COUNTS, range, now);
}

export function getPopup(
  db: Db,
  id: number,
  query: { from?: string; to?: string } = {},
  now = new Date(),
) {
  return readPopup(db, id, now, countRange(query, now));
}

/** Keys left blank are not stored: a missing key does not restrict (matchesTarget). */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== ""),
  ) as T;
}

function values(input: PopupPayload): PopupValues {
  const display = compact(input.display);
  if (display.utm?.length === 0) delete display.utm;
  if (display.koma?.length === 0) delete display.koma;
  if (display.series_ids?.length === 0) delete display.series_ids;
  const target = compact(input.target_rules);
  if (target.login === "any") delete target.login;
  if (target.paid === "any") delete target.paid;
  if (target.os?.length === 0) delete target.os;
  if (target.genres?.length === 0) delete target.genres;
  return {
    popupType: input.popup_type,
    page: input.page,
    priority: input.priority,
    trackingName: input.tracking_name,
    title: input.title,
    body: input.body,
    img: input.img,
    linkUrl: input.link_url,
    buttonLabel: input.button_label,
    seriesId: input.series_id ?? null,
    bookId: input.book_id ?? null,
    campaignId: input.campaign_id ?? null,
    display,
    targetRules: target,
    displayLimit: input.display_limit ?? null,
    startAt: parseTokyoDateTimeInput(input.start_at)!,
    endAt: input.end_at ? parseTokyoDateTimeInput(input.end_at)! : null,
  };
}

/** One audited write, then the change told to every instance after the commit. */
async function write(
  deps: PopupEditorDeps,
  staff: Staff,
  action: string,
  id: number | null,
  change: (tx: Tx, before: PopupEditorAnswer | null) => Promise<number>,
) {
  const now = deps.now?.() ?? new Date();
  const range = countRange({}, now);
  let written = 0;
  const result = await auditedWrite(
    deps.db,
    { userId: staff.userId, email: staff.email, role: staff.role },
    async (tx) => {
      const before = id === null ? null : await readPopup(tx, id, now, range, true);
      written = await change(tx, before);
      const after = await readPopup(tx, written, now, range);
      return { action, entity: "popup", entityId: written, before, after, result: after };
    },
  );
  await deps.changes.publish({ entity: "popup", id: written });
  return result;
}

export function createPopup(deps: PopupEditorDeps, staff: Staff, input: PopupPayload) {
  return write(deps, staff, "create", null, (tx) => insertPopup(tx, values(input)));
}

export function editPopup(deps: PopupEditorDeps, staff: Staff, id: number, input: PopupPayload) {
  return write(deps, staff, "update", id, async (tx) => {
    await updatePopup(tx, id, values(input));
    return id;
  });
}

export type PopupAction = "withdraw" | "restore";

/**
 * Withdraw takes a popup out of every queue at once and keeps its row (its events and members'
 * displays name it); restore puts it back under its dates.
 */
export function changePopupWithdrawal(
  deps: PopupEditorDeps,
  staff: Staff,
  id: number,
  action: PopupAction,
) {
  const now = deps.now?.() ?? new Date();
  return write(deps, staff, action, id, async (tx, before) => {
    const withdrawn = before!.state === "withdrawn";
    if (action === "withdraw" && withdrawn)
      throw new BadInput("state", "このポップアップはすでに取り下げられています");
    if (action === "restore" && !withdrawn)
      throw new BadInput("state", "取り下げたポップアップだけを戻せます");
    await setPopupWithdrawn(tx, id, action === "withdraw" ? now : null);
    return id;
  });
}
