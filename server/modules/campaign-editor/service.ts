import { randomUUID } from "node:crypto";
import { GENRES } from "../../../contract/genres";
import { campaignBannerUrl, mediaUrl } from "../../../contract/media";
import type {
  CampaignListQuery,
  CampaignPayload,
  TargetSeriesAnswer,
} from "../../../contract/ops-campaigns";
import {
  CAMPAIGN_LIMITS,
  type CampaignEditorAnswer,
  type CampaignEditorRow,
  type CampaignEditorState,
  type CampaignKind,
  type EditorPolicyType,
  policyFlags,
  policyLabel,
} from "../../../contract/ops-campaigns-rules";
import { type EditorList, EXTRAS_PAGE_SIZE } from "../../../contract/ops-extras-rules";
import { roleMay } from "../../../contract/ops-roles";
import { parseTokyoDateTimeInput, tokyoDateTimeInput } from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import type { ChangeBus } from "../../lib/changes";
import { ApiError, BadInput, NotFound } from "../../lib/errors";
import { JobRefusal } from "../../lib/jobs";
import type { Storage } from "../../lib/storage";
import { auditedWrite } from "../audit/service";
import {
  type Campaign,
  type CampaignPolicy,
  type CampaignValues,
  campaignSummaries,
  editorCampaign,
  editorCampaigns,
  insertCampaign,
  lockCampaign,
  type PolicyValues,
  setCampaignImg,
  type TargetValues,
  updateCampaign,
} from "../campaign/editing";
import {
  genreChoices,
  knownTargets,
  seriesFormChoices,
  seriesOfLabelOrGenre,
} from "../catalog/editing";
import { seriesOfVolumeItems } from "../catalog/series-lookups";
import { couponsOfCampaign } from "../commerce/coupon-editing";
import { ART_WIDTHS, artKey } from "../content/art";
import { ART_BOUNDS, webpDerivatives } from "../content/images";
import { dropOldSets, publishSet } from "../content/sets";
import type { UploadedFile } from "../content/uploads";
import { dramaCdExists } from "../dramacd/service";
import { pickupGenresOf, setCampaignPickups } from "../home/pickup-editing";
import { recordArt } from "../media/art";
import type { Staff } from "../staff/service";
import { createdBefore, MadeByTwin, recordCreation } from "./create-requests";

/**
 * The /ops campaign editor (issue 24, decision 0101), built as the coupon editor is: each save
 * is one auditedWrite (the campaign, its policies, targets and home pickups, with the audit row
 * holding before and after), then a "campaign" change on the bus, so every instance drops the
 * prices, cards and pages it keeps within 5 s. The banner is made like an appeal image (the
 * content pipeline's sizes and sets) but at once, in the request: one picture, a few widths.
 */

export interface CampaignDeps {
  db: Db;
  changes: ChangeBus;
  storage: Storage;
  now?: () => Date;
}

const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

const stateOf = (c: Campaign, now: Date): CampaignEditorState =>
  c.startAt > now ? "upcoming" : c.endAt !== null && c.endAt <= now ? "ended" : "running";

const kindOf = (c: Campaign): CampaignKind =>
  c.infoFlag ? "info" : c.couponFlag ? "coupon" : "policy";

function offerOf(c: Campaign, policies: readonly CampaignPolicy[]): string {
  if (c.infoFlag) return "お知らせ";
  const labels = policies.map((p) =>
    policyLabel({
      policy_type: p.policyType,
      sale_pct: p.salePct,
      free_count: p.freeCount,
      trial_page_count: p.trialPageCount,
      label: p.label,
    }),
  );
  if (c.couponFlag) labels.unshift("クーポン");
  return labels.join("・") || "—";
}

function row(
  c: Campaign,
  policies: readonly CampaignPolicy[],
  targets: number,
  now: Date,
): CampaignEditorRow {
  return {
    campaign_id: c.campaignId,
    name: c.name,
    kind: kindOf(c),
    offer: offerOf(c, policies),
    start_at: tokyoDateTimeInput(c.startAt),
    end_at: c.endAt ? tokyoDateTimeInput(c.endAt) : null,
    state: stateOf(c, now),
    targets,
  };
}

export async function listCampaigns(
  db: Db,
  query: CampaignListQuery,
  now = new Date(),
): Promise<EditorList<CampaignEditorRow>> {
  const { rows, total } = await editorCampaigns(
    db,
    { q: query.q, state: query.state, page: query.page, pageSize: EXTRAS_PAGE_SIZE },
    now,
  );
  const { policies, targets } = await campaignSummaries(
    db,
    rows.map((r) => r.campaignId),
  );
  return {
    total,
    page: query.page,
    page_size: EXTRAS_PAGE_SIZE,
    rows: rows.map((r) =>
      row(r, policies.get(r.campaignId) ?? [], targets.get(r.campaignId) ?? 0, now),
    ),
  };
}

async function readCampaign(db: Db | Tx, id: number, now: Date): Promise<CampaignEditorAnswer> {
  const found = await editorCampaign(db, id);
  if (!found) throw new NotFound("キャンペーンが見つかりませんでした");
  const { campaign: c, policies, targets } = found;
  const [pickupGenres, coupons] = await Promise.all([
    pickupGenresOf(db, id),
    couponsOfCampaign(db as Db, id),
  ]);
  return {
    ...row(c, policies, targets.length, now),
    description: c.description,
    img: c.img,
    banner: c.img ?? mediaUrl(`/media/campaign/${c.campaignId}.png`),
    action_url: c.actionUrl,
    genre_ids: c.genreIds,
    new_flag: c.newFlag,
    moment_flag: c.momentFlag,
    free_flag: c.freeFlag,
    sale_flag: c.saleFlag,
    trial_flag: c.trialFlag,
    pickup_more_url: c.pickupMoreUrl,
    pickup_display_number: c.pickupDisplayNumber,
    sort_order: c.sortOrder,
    policies: policies.map((p) => ({
      policy_type: p.policyType as EditorPolicyType,
      sale_pct: p.salePct,
      free_count: p.freeCount,
      trial_page_count: p.trialPageCount,
      label: p.label,
    })),
    series_ids: targets.flatMap((t) =>
      t.seriesId !== null && t.itemId === null ? [t.seriesId] : [],
    ),
    item_ids: targets.flatMap((t) => (t.itemId !== null ? [t.itemId] : [])),
    cd_ids: targets.flatMap((t) => (t.cdId !== null ? [t.cdId] : [])),
    pickup_genres: pickupGenres,
    coupons,
  };
}

export const getCampaign = (db: Db, id: number, now = new Date()) => readCampaign(db, id, now);

/** What the form offers: the store's genres (display and home pickups). */
export async function campaignFormChoices(db: Db) {
  const [references, catalogGenres] = await Promise.all([seriesFormChoices(db), genreChoices(db)]);
  return {
    genres: GENRES.map(([id, name]) => ({ id, name })),
    /** What the series targets can be filled from: the catalog's labels and genres. */
    labels: references.labels.map((l) => ({ id: l.id, name: l.name })),
    catalogGenres,
  };
}

/** A label's or a genre's series to add as targets; 404 for a label or genre that is not there. */
export async function targetSeries(
  db: Db,
  query: { label_id?: number; genre_id?: number },
): Promise<TargetSeriesAnswer> {
  const of =
    query.label_id !== undefined ? { labelId: query.label_id } : { genreId: query.genre_id! };
  const found = await seriesOfLabelOrGenre(db, of, CAMPAIGN_LIMITS.targets);
  if (found.name === null) {
    throw new NotFound(
      query.label_id !== undefined
        ? "レーベルが見つかりませんでした"
        : "ジャンルが見つかりませんでした",
    );
  }
  return { name: found.name, series_ids: found.seriesIds, total: found.total };
}

function campaignValues(input: CampaignPayload): Omit<CampaignValues, "img"> {
  const flags = policyFlags(input.policies);
  return {
    name: input.name,
    description: input.description,
    actionUrl: input.action_url,
    genreIds: input.genre_ids,
    couponFlag: input.kind === "coupon",
    infoFlag: input.kind === "info",
    newFlag: input.new_flag,
    momentFlag: input.moment_flag,
    freeFlag: flags.free_flag,
    saleFlag: flags.sale_flag,
    trialFlag: flags.trial_flag,
    pickupMoreUrl: input.pickup_more_url,
    pickupDisplayNumber: input.pickup_display_number,
    startAt: parseTokyoDateTimeInput(input.start_at)!,
    endAt: input.end_at ? parseTokyoDateTimeInput(input.end_at)! : null,
    sortOrder: input.sort_order,
  };
}

/** Each policy keeps only the figure its type reads (campaign-effect.ts), so none lingers. */
function policyValues(input: CampaignPayload): PolicyValues[] {
  return input.policies.map((p) => ({
    policyType: p.policy_type,
    salePct: p.policy_type === 101 ? (p.sale_pct ?? null) : null,
    freeCount: [102, 103, 105].includes(p.policy_type) ? (p.free_count ?? null) : null,
    trialPageCount: p.policy_type === 104 ? (p.trial_page_count ?? null) : null,
    label: p.policy_type === 106 ? (p.label ?? null) : null,
  }));
}

/**
 * The target rows in the form's order (series, then volumes, then drama CDs); an id the store
 * does not know is refused, since the campaign would apply to nothing there.
 */
async function targetValues(tx: Tx, input: CampaignPayload): Promise<TargetValues[]> {
  const known = await knownTargets(tx, { seriesIds: input.series_ids, itemIds: [] });
  const series = input.series_ids.find((id) => !known.seriesIds.has(id));
  if (series) throw new BadInput("series_ids", `作品（ID ${series}）が見つかりません`);
  const volumes = await seriesOfVolumeItems(tx as Db, input.item_ids);
  const item = input.item_ids.find((id) => !volumes.has(id));
  if (item) throw new BadInput("item_ids", `巻（商品ID ${item}）が見つかりません`);
  for (const cdId of input.cd_ids) {
    if (!(await dramaCdExists(tx as Db, cdId))) {
      throw new BadInput("cd_ids", `ドラマCD（ID ${cdId}）が見つかりません`);
    }
  }
  return [
    ...input.series_ids.map((seriesId) => ({ seriesId, itemId: null, cdId: null })),
    ...input.item_ids.map((itemId) => ({ seriesId: volumes.get(itemId)!, itemId, cdId: null })),
    ...input.cd_ids.map((cdId) => ({ seriesId: null, itemId: null, cdId })),
  ];
}

/** Dates are a schedule: a role without schedules.write may save a campaign only as dated. */
function requireScheduleRight(
  staff: Staff,
  input: CampaignPayload,
  before: CampaignEditorAnswer | null,
) {
  if (roleMay(staff.role, "schedules.write")) return;
  const changed =
    before === null ||
    before.start_at !== input.start_at ||
    (before.end_at ?? null) !== (input.end_at ?? null);
  if (changed) throw new ApiError(403, "開催期間の変更はこの権限ではできません");
}

const actor = (staff: Staff) => ({ userId: staff.userId, email: staff.email, role: staff.role });

const trim = (a: CampaignEditorAnswer | null) => (a ? { ...a, coupons: undefined } : null);

async function write(
  deps: CampaignDeps,
  staff: Staff,
  target: { action: string; id: number | null },
  change: (tx: Tx, before: CampaignEditorAnswer | null) => Promise<number>,
): Promise<CampaignEditorAnswer> {
  const now = clock(deps);
  let id = 0;
  const result = await auditedWrite(deps.db, actor(staff), async (tx) => {
    if (target.id !== null && !(await lockCampaign(tx, target.id))) {
      throw new NotFound("キャンペーンが見つかりませんでした");
    }
    const before = target.id === null ? null : await readCampaign(tx, target.id, now);
    id = await change(tx, before);
    const after = await readCampaign(tx, id, now);
    return {
      action: target.action,
      entity: "campaign",
      entityId: id,
      before: trim(before),
      after: trim(after),
      result: after,
    };
  });
  await deps.changes.publish({ entity: "campaign", id });
  return result;
}

/** A request_id already answered makes nothing: its campaign is answered again (0105). */
export async function createCampaign(deps: CampaignDeps, staff: Staff, input: CampaignPayload) {
  requireScheduleRight(staff, input, null);
  const made = await createdBefore(deps.db, input.request_id, "campaign");
  if (made !== null) return readCampaign(deps.db, made, clock(deps));
  try {
    return await writeNew(deps, staff, input);
  } catch (error) {
    if (error instanceof MadeByTwin) return readCampaign(deps.db, error.entityId, clock(deps));
    throw error;
  }
}

function writeNew(deps: CampaignDeps, staff: Staff, input: CampaignPayload) {
  return write(deps, staff, { action: "create", id: null }, async (tx) => {
    const targets = await targetValues(tx, input);
    const id = await insertCampaign(
      tx,
      { ...campaignValues(input), img: null },
      policyValues(input),
      targets,
    );
    await setCampaignPickups(tx, id, input.pickup_genres);
    // Until a banner is uploaded the store draws one (/media/campaign/{id}.png), and it draws
    // only the names the content names.
    await recordArt(tx as Db, [{ kind: "campaign", name: String(id) }]);
    await recordCreation(tx, input.request_id, "campaign", id, staff.userId);
    return id;
  });
}

export function editCampaign(deps: CampaignDeps, staff: Staff, id: number, input: CampaignPayload) {
  return write(deps, staff, { action: "update", id }, async (tx, before) => {
    requireScheduleRight(staff, input, before);
    const targets = await targetValues(tx, input);
    await updateCampaign(tx, id, campaignValues(input), policyValues(input), targets);
    await setCampaignPickups(tx, id, input.pickup_genres);
    return id;
  });
}

/**
 * Makes an uploaded picture the campaign's banner: the content pipeline's sizes are written
 * under a set of their own, then one audited transaction publishes the set and points the
 * campaign's img at its versioned address, so browsers and shared caches never keep the old one.
 */
export async function uploadBanner(
  deps: CampaignDeps,
  staff: Staff,
  campaignId: number,
  file: UploadedFile,
): Promise<CampaignEditorAnswer> {
  const now = clock(deps);
  if (!(await editorCampaign(deps.db, campaignId))) {
    throw new NotFound("キャンペーンが見つかりませんでした");
  }
  let made: Awaited<ReturnType<typeof webpDerivatives>>;
  try {
    made = await webpDerivatives(file.name, file.bytes, ART_WIDTHS, ART_BOUNDS);
  } catch (error) {
    if (error instanceof JobRefusal) throw new BadInput("file", error.message);
    throw error;
  }
  const setId = randomUUID();
  const written: string[] = [];
  try {
    for (const w of ART_WIDTHS) {
      const key = artKey("campaign", campaignId, setId, w);
      written.push(key);
      await deps.storage.put(key, made.files.get(`w${w}`)!, "image/webp");
    }
    const img = campaignBannerUrl(campaignId, setId);
    await publishSet(
      deps.db,
      actor(staff),
      { setId, kind: "campaign", ownerId: campaignId, itemCount: 1, widths: ART_WIDTHS },
      { entity: "campaign", action: "banner", entityId: campaignId },
      async (tx, previous) => {
        if (!(await lockCampaign(tx, campaignId))) {
          throw new NotFound("キャンペーンが見つかりませんでした");
        }
        await setCampaignImg(tx, campaignId, img);
        return {
          before: { image_set: previous },
          after: { image_set: setId, img, width: made.width, height: made.height },
        };
      },
    );
  } catch (error) {
    await deps.storage.delete(written);
    throw error;
  }
  await deps.changes.publish({ entity: "campaign", id: campaignId });
  await dropOldSets(deps.db, deps.storage, "campaign", campaignId);
  return readCampaign(deps.db, campaignId, now);
}
