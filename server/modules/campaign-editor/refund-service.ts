import { type EditorList, EXTRAS_PAGE_SIZE } from "../../../contract/ops-extras-rules";
import type {
  RefundCampaignListQuery,
  RefundCampaignPayload,
} from "../../../contract/ops-refund-campaigns";
import type {
  RefundCampaignAnswer,
  RefundCampaignRow,
  RefundCampaignState,
} from "../../../contract/ops-refund-campaigns-rules";
import { roleMay } from "../../../contract/ops-roles";
import { parseTokyoDateTimeInput, tokyoDateTimeInput } from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import type { ChangeBus } from "../../lib/changes";
import { ApiError, BadInput, NotFound } from "../../lib/errors";
import { auditedWrite } from "../audit/service";
import {
  editorRefundCampaign,
  editorRefundCampaigns,
  insertRefundCampaign,
  lockRefundCampaign,
  type RefundCampaign,
  type RefundCampaignValues,
  refundTally,
  updateRefundCampaign,
} from "../commerce/refund-editing";
import type { Staff } from "../staff/service";
import { createdBefore, MadeByTwin, recordCreation } from "./create-requests";

/**
 * ポイント還元 (refund campaigns) in the /ops campaign editor (issue 24, decision 0105), saved as
 * the other campaigns are: one auditedWrite each, then a "refund_campaign" change on the bus so
 * every instance drops the kept user statuses (enable_refund) and topic pages within 5 s. Once a
 * campaign's window has orders, what they were promised (rate, start, the end behind them) stays.
 */

export interface RefundDeps {
  db: Db;
  changes: ChangeBus;
  now?: () => Date;
}

const NOT_FOUND = "ポイント還元キャンペーンが見つかりませんでした";

const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

const stateOf = (c: RefundCampaign, now: Date): RefundCampaignState =>
  c.purchaseStartAt > now ? "upcoming" : c.purchaseEndAt <= now ? "ended" : "running";

async function answer(db: Db | Tx, c: RefundCampaign, now: Date): Promise<RefundCampaignAnswer> {
  const tally = await refundTally(db, c);
  const row: RefundCampaignRow = {
    refund_id: c.refundCampaignId,
    name: c.name,
    rate_percent: c.ratePercent,
    purchase_start_at: tokyoDateTimeInput(c.purchaseStartAt),
    purchase_end_at: tokyoDateTimeInput(c.purchaseEndAt),
    period_date: c.periodDate,
    point_valid_days: c.pointValidDays,
    state: stateOf(c, now),
    orders: tally.orders,
    points_granted: tally.granted,
    points_pending: tally.pending,
  };
  return { ...row, locked: tally.orders > 0, settled: tally.granted > 0 };
}

export async function listRefundCampaigns(
  db: Db,
  query: RefundCampaignListQuery,
  now = new Date(),
): Promise<EditorList<RefundCampaignAnswer>> {
  const { rows, total } = await editorRefundCampaigns(
    db,
    { q: query.q, state: query.state, page: query.page, pageSize: EXTRAS_PAGE_SIZE },
    now,
  );
  return {
    total,
    page: query.page,
    page_size: EXTRAS_PAGE_SIZE,
    rows: await Promise.all(rows.map((c) => answer(db, c, now))),
  };
}

async function readRefundCampaign(db: Db | Tx, id: number, now: Date) {
  const found = await editorRefundCampaign(db, id);
  if (!found) throw new NotFound(NOT_FOUND);
  return answer(db, found, now);
}

export const getRefundCampaign = (db: Db, id: number, now = new Date()) =>
  readRefundCampaign(db, id, now);

function values(input: RefundCampaignPayload): RefundCampaignValues {
  return {
    name: input.name,
    ratePercent: input.rate_percent,
    purchaseStartAt: parseTokyoDateTimeInput(input.purchase_start_at)!,
    purchaseEndAt: parseTokyoDateTimeInput(input.purchase_end_at)!,
    periodDate: input.period_date,
    pointValidDays: input.point_valid_days,
  };
}

/** The purchase window and the grant day are a schedule, as a campaign's dates are. */
function requireScheduleRight(
  staff: Staff,
  input: RefundCampaignPayload,
  before: RefundCampaignAnswer | null,
) {
  if (roleMay(staff.role, "schedules.write")) return;
  const changed =
    before === null ||
    before.purchase_start_at !== input.purchase_start_at ||
    before.purchase_end_at !== input.purchase_end_at ||
    before.period_date !== input.period_date;
  if (changed) throw new ApiError(403, "開催期間・付与日の変更はこの権限ではできません");
}

/**
 * Orders already entered keep what they were promised (decision 0105): once the window has
 * orders, the rate and the start stay, and the end may move only to a time still to come, so no
 * entered order falls out of the window. Once points were granted, only the name may change.
 */
function requireKeptPromises(
  input: RefundCampaignPayload,
  before: RefundCampaignAnswer,
  now: Date,
) {
  if (before.settled) {
    const same =
      before.rate_percent === input.rate_percent &&
      before.purchase_start_at === input.purchase_start_at &&
      before.purchase_end_at === input.purchase_end_at &&
      before.period_date === input.period_date &&
      before.point_valid_days === input.point_valid_days;
    if (!same) {
      throw new BadInput(
        "period_date",
        "ポイントを付与済みのため、キャンペーン名のほかは変更できません",
      );
    }
    return;
  }
  if (!before.locked) return;
  if (before.rate_percent !== input.rate_percent) {
    throw new BadInput("rate_percent", "注文が入っているため、還元率は変更できません");
  }
  if (before.purchase_start_at !== input.purchase_start_at) {
    throw new BadInput("purchase_start_at", "注文が入っているため、購入期間の開始は変更できません");
  }
  const end = parseTokyoDateTimeInput(input.purchase_end_at)!;
  if (before.purchase_end_at !== input.purchase_end_at && end <= now) {
    throw new BadInput(
      "purchase_end_at",
      "注文が入っているため、購入期間の終了は今より後の日時にしか変更できません",
    );
  }
}

const actor = (staff: Staff) => ({ userId: staff.userId, email: staff.email, role: staff.role });

async function write(
  deps: RefundDeps,
  staff: Staff,
  target: { action: string; id: number | null },
  change: (tx: Tx, before: RefundCampaignAnswer | null, now: Date) => Promise<number>,
): Promise<RefundCampaignAnswer> {
  const now = clock(deps);
  let id = 0;
  const result = await auditedWrite(deps.db, actor(staff), async (tx) => {
    if (target.id !== null && !(await lockRefundCampaign(tx, target.id))) {
      throw new NotFound(NOT_FOUND);
    }
    const before = target.id === null ? null : await readRefundCampaign(tx, target.id, now);
    id = await change(tx, before, now);
    const after = await readRefundCampaign(tx, id, now);
    return {
      action: target.action,
      entity: "refund_campaign",
      entityId: id,
      before,
      after,
      result: after,
    };
  });
  await deps.changes.publish({ entity: "refund_campaign", id });
  return result;
}

/** A request_id already answered makes nothing: its campaign is answered again. */
export async function createRefundCampaign(
  deps: RefundDeps,
  staff: Staff,
  input: RefundCampaignPayload,
): Promise<RefundCampaignAnswer> {
  requireScheduleRight(staff, input, null);
  const made = await createdBefore(deps.db, input.request_id, "refund_campaign");
  if (made !== null) return readRefundCampaign(deps.db, made, clock(deps));
  try {
    return await write(deps, staff, { action: "create", id: null }, async (tx) => {
      const id = await insertRefundCampaign(tx, values(input));
      await recordCreation(tx, input.request_id, "refund_campaign", id, staff.userId);
      return id;
    });
  } catch (error) {
    if (error instanceof MadeByTwin)
      return readRefundCampaign(deps.db, error.entityId, clock(deps));
    throw error;
  }
}

export function editRefundCampaign(
  deps: RefundDeps,
  staff: Staff,
  id: number,
  input: RefundCampaignPayload,
) {
  return write(deps, staff, { action: "update", id }, async (tx, before, now) => {
    requireScheduleRight(staff, input, before);
    requireKeptPromises(input, before!, now);
    await updateRefundCampaign(tx, id, values(input));
    return id;
  });
}
