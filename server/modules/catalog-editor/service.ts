import type {
  CatalogListQuery,
  DramaCdPayload,
  ReferenceKind,
  SeriesPayload,
  TrackPayload,
  VolumePayload,
} from "../../../contract/ops-catalog";
import type {
  DramaCdAnswer,
  ReferenceAnswer,
  SeriesAnswer,
  VolumeAnswer,
} from "../../../contract/ops-catalog-answers";
import {
  CATALOG_PAGE_SIZE,
  PRICE_FIELDS,
  type PublicationState,
  REFERENCE_ID_FIELD,
  SCHEDULE_FIELDS,
} from "../../../contract/ops-catalog-rules";
import type { AuditEntity, OpsRight } from "../../../contract/ops-roles";
import { roleMay } from "../../../contract/ops-roles";
import { parseTokyoDateTimeInput, tokyoDateTimeInput } from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import type { CatalogChange, ChangeBus } from "../../lib/changes";
import { ApiError, BadInput, NotFound } from "../../lib/errors";
import { type AuditActor, auditedWrite } from "../audit/service";
import {
  cdItemPrices,
  editorSeries,
  editorSeriesList,
  editorVolume,
  editorVolumeList,
  insertReference,
  insertSeries,
  insertVolume,
  publicationState,
  type ReferenceRow,
  referenceList,
  referenceRow,
  type SeriesValues,
  seriesIsThere,
  setSeriesPublication,
  setVolumePublication,
  updateReference,
  updateSeries,
  updateVolume,
  type VolumeRecord,
  type VolumeValues,
  writeCdItem,
} from "../catalog/editing";
import {
  type DramaCdValues,
  editorDramaCd,
  editorDramaCdList,
  editorTrack,
  insertDramaCd,
  insertTrack,
  setDramaCdPublication,
  setTrackWithdrawal,
  type TrackRecord,
  updateDramaCd,
  updateTrack,
} from "../dramacd/editing";
import { priceExTax } from "../pricing/rules";
import type { Staff } from "../staff/service";

/**
 * The catalog editor (issue 23, decision 0091): every write is one auditedWrite (the change and
 * its audit row with before and after, in one transaction) followed, once committed, by one
 * CatalogChange on the bus, so every instance drops what it keeps. Answers use the payloads'
 * own shapes (snake_case, Tokyo datetime-local text), so a form loads what it sends.
 */

export interface EditorDeps {
  db: Db;
  changes: ChangeBus;
  now?: () => Date;
}

const clock = (deps: EditorDeps) => deps.now?.() ?? new Date();

const actorOf = (staff: Staff): AuditActor => ({
  userId: staff.userId,
  email: staff.email,
  role: staff.role,
});

const local = (at: Date | null | undefined) => (at ? tokyoDateTimeInput(at) : null);
const instant = (value: string | null | undefined) =>
  value ? parseTokyoDateTimeInput(value) : null;

/**
 * One change the editor makes inside a transaction, as its audit row and its CatalogChange name
 * it. The `…In` functions make one in the caller's transaction, so a bulk import (decision 0093)
 * writes many in one; the editor's calls below each make one in a transaction of its own.
 */
export interface EditorChange<T> {
  action: string;
  entity: EditorEntity;
  entityId: number;
  before: unknown;
  after: unknown;
  result: T;
}
type EditorEntity = AuditEntity & CatalogChange["entity"];

/** An audited write, then its change told to every instance after the commit. */
async function write<T>(
  deps: EditorDeps,
  staff: Staff,
  change: (tx: Tx) => Promise<EditorChange<T>>,
): Promise<T> {
  let told = null as CatalogChange | null;
  const result = await auditedWrite(deps.db, actorOf(staff), async (tx) => {
    const done = await change(tx);
    told = { entity: done.entity, id: done.entityId };
    return done;
  });
  if (told) await deps.changes.publish(told);
  return result;
}

/** A new row: nothing before, its answer after (the answer the form loads). */
async function created<T>(
  tx: Tx,
  entity: EditorEntity,
  id: number,
  read: (tx: Tx, id: number) => Promise<T>,
): Promise<EditorChange<T>> {
  const after = await read(tx, id);
  return { action: "create", entity, entityId: id, before: null, after, result: after };
}

/** A change to an existing row: its answer before (for the change's own checks) and after. */
async function changed<T>(
  tx: Tx,
  target: { action: string; entity: EditorEntity; id: number },
  read: (tx: Tx) => Promise<T>,
  change: (tx: Tx, before: T) => Promise<unknown>,
): Promise<EditorChange<T>> {
  const before = await read(tx);
  await change(tx, before);
  const after = await read(tx);
  const { action, entity, id } = target;
  return { action, entity, entityId: id, before, after, result: after };
}

/** `created` in a transaction of its own. */
function writeNew<T>(
  deps: EditorDeps,
  staff: Staff,
  entity: EditorEntity,
  insert: (tx: Tx) => Promise<number>,
  read: (tx: Tx, id: number) => Promise<T>,
): Promise<T> {
  return write(deps, staff, async (tx) => created(tx, entity, await insert(tx), read));
}

/** `changed` in a transaction of its own. */
function writeChange<T>(
  deps: EditorDeps,
  staff: Staff,
  target: { action: string; entity: EditorEntity; id: number },
  read: (tx: Tx) => Promise<T>,
  change: (tx: Tx, before: T) => Promise<unknown>,
): Promise<T> {
  return write(deps, staff, (tx) => changed(tx, target, read, change));
}

/** A right the staff member's role must hold, beyond the one the route checked. */
function requireAlso(staff: Staff, right: OpsRight) {
  if (!roleMay(staff.role, right)) {
    throw new ApiError(403, "価格・公開スケジュールの変更はこの権限ではできません");
  }
}

/**
 * Prices need prices.write and dates schedules.write: a create sets them all; an update needs
 * the right only for the fields it changes.
 */
function requireFieldRights(staff: Staff, nextValues: object, beforeValues: object | null) {
  const next = nextValues as Record<string, unknown>;
  const before = beforeValues as Record<string, unknown> | null;
  const changed = (field: string) =>
    field in next && (before === null || (next[field] ?? null) !== (before[field] ?? null));
  if (PRICE_FIELDS.some(changed)) requireAlso(staff, "prices.write");
  if (SCHEDULE_FIELDS.some(changed)) requireAlso(staff, "schedules.write");
}

const pageOf = (query: CatalogListQuery) => ({
  q: query.q,
  page: query.page,
  pageSize: CATALOG_PAGE_SIZE,
});

const listAnswer = <T>(rows: T[], total: number, query: CatalogListQuery) => ({
  total,
  page: query.page,
  page_size: CATALOG_PAGE_SIZE,
  rows,
});

// ---------------------------------------------------------------- series

type SeriesDetail = NonNullable<Awaited<ReturnType<typeof editorSeries>>>;

function volumeRow(v: VolumeRecord, now: Date) {
  return {
    book_id: v.bookId,
    item_id: v.itemId,
    volume: v.volume,
    title: v.title,
    price_inc: v.priceInc,
    sale_price_inc: v.salePriceInc,
    item_start_date: local(v.itemStartDate),
    state: publicationState(v, now),
  };
}

export function seriesAnswer(d: SeriesDetail, now: Date): SeriesAnswer {
  const s = d.series;
  return {
    series_id: s.seriesId,
    name: s.name,
    name_kana: s.nameKana,
    description: s.description,
    publisher_id: s.publisherId,
    label_id: s.labelId,
    magazine_id: s.magazineId,
    genre_ids: d.genreIds,
    category_ids: d.categoryIds,
    tag_ids: d.tagIds,
    authors: d.credits.map((c) => ({ author_id: c.authorId, role: c.role, name: c.name })),
    complete_flag: s.completeFlag,
    new_flag: s.newFlag,
    publish_at: local(s.publishAt),
    state: publicationState(s, now) as PublicationState,
    withdrawn_at: local(s.withdrawnAt),
    volume_count: s.volumeCount,
    latest_book_id: s.latestBookId,
    volumes: d.volumes.map((v) => volumeRow(v, now)),
  };
}

export async function listSeries(db: Db, query: CatalogListQuery, now = new Date()) {
  const { rows, total } = await editorSeriesList(db, pageOf(query));
  return listAnswer(
    rows.map((r) => ({
      series_id: r.seriesId,
      name: r.name,
      name_kana: r.nameKana,
      publisher_name: r.publisherName,
      volumes: Number(r.volumes),
      volume_count: r.volumeCount,
      complete_flag: r.completeFlag,
      new_flag: r.newFlag,
      state: publicationState(r, now),
    })),
    total,
    query,
  );
}

export async function getSeries(db: Db | Tx, seriesId: number, now = new Date()) {
  const detail = await editorSeries(db, seriesId);
  if (!detail) throw new NotFound("作品が見つかりませんでした");
  return seriesAnswer(detail, now);
}

function seriesValues(p: SeriesPayload): SeriesValues {
  return {
    name: p.name,
    nameKana: p.name_kana,
    description: p.description,
    publisherId: p.publisher_id,
    labelId: p.label_id ?? null,
    magazineId: p.magazine_id ?? null,
    genreIds: p.genre_ids,
    categoryIds: p.category_ids,
    tagIds: p.tag_ids,
    credits: p.authors.map((a) => ({ authorId: a.author_id, role: a.role })),
    completeFlag: p.complete_flag,
    newFlag: p.new_flag,
    publishAt: instant(p.publish_at),
  };
}

/** Whether a new row starts as the editor's draft (the default) or already published. */
export interface CreateOptions {
  published?: boolean;
}

export async function createSeriesIn(
  tx: Tx,
  staff: Staff,
  p: SeriesPayload,
  now: Date,
  options: CreateOptions = {},
): Promise<EditorChange<SeriesAnswer>> {
  requireFieldRights(staff, p.publish_at ? p : {}, null);
  const id = await insertSeries(tx, seriesValues(p), now, { draft: !options.published });
  return created(tx, "series", id, (tx, id) => getSeries(tx, id, now));
}

export async function editSeriesIn(
  tx: Tx,
  staff: Staff,
  id: number,
  p: SeriesPayload,
  now: Date,
): Promise<EditorChange<SeriesAnswer>> {
  return changed(
    tx,
    { action: "update", entity: "series", id },
    (tx) => getSeries(tx, id, now),
    async (tx, before) => {
      requireFieldRights(staff, p, before);
      await updateSeries(tx, id, seriesValues(p), now);
    },
  );
}

export async function createSeries(deps: EditorDeps, staff: Staff, p: SeriesPayload) {
  const now = clock(deps);
  return write(deps, staff, (tx) => createSeriesIn(tx, staff, p, now));
}

export async function editSeries(deps: EditorDeps, staff: Staff, id: number, p: SeriesPayload) {
  const now = clock(deps);
  return write(deps, staff, (tx) => editSeriesIn(tx, staff, id, p, now));
}

// ---------------------------------------------------------------- volumes

export function volumeAnswer(v: VolumeRecord, now: Date): VolumeAnswer {
  return {
    book_id: v.bookId,
    series_id: v.seriesId,
    item_id: v.itemId,
    volume: v.volume,
    title: v.title,
    description: v.description,
    page_count: v.pageCount,
    trial_page_count: v.trialPageCount,
    trial_increase_flag: v.trialIncreaseFlag,
    onsale_flag: v.onsaleFlag,
    price: v.price,
    price_inc: v.priceInc,
    sale_price_inc: v.salePriceInc,
    sale_start_at: local(v.saleStartAt),
    sale_end_at: local(v.saleEndAt),
    free_flag: v.freeFlag,
    free_start_at: local(v.freeStartAt),
    free_end_at: local(v.freeEndAt),
    member_free_flag: v.memberFreeFlag,
    member_free_start_at: local(v.memberFreeStartAt),
    member_free_end_at: local(v.memberFreeEndAt),
    item_start_date: local(v.itemStartDate)!,
    publish_at: local(v.publishAt),
    state: publicationState(v, now),
    withdrawn_at: local(v.withdrawnAt),
  };
}

export async function getVolume(db: Db | Tx, bookId: number, now = new Date()) {
  const row = await editorVolume(db, bookId);
  if (!row) throw new NotFound("巻が見つかりませんでした");
  return volumeAnswer(row, now);
}

export async function listVolumes(db: Db, query: CatalogListQuery, now = new Date()) {
  const { rows, total } = await editorVolumeList(db, {
    ...pageOf(query),
    seriesId: query.series_id,
  });
  return listAnswer(
    rows.map((v) => ({ ...volumeRow(v, now), series_id: v.seriesId })),
    total,
    query,
  );
}

function volumeValues(p: VolumePayload): VolumeValues {
  return {
    volume: p.volume,
    title: p.title,
    description: p.description,
    pageCount: p.page_count,
    trialPageCount: p.trial_page_count,
    trialIncreaseFlag: p.trial_increase_flag,
    onsaleFlag: p.onsale_flag,
    price: priceExTax(p.price_inc),
    priceInc: p.price_inc,
    salePriceInc: p.sale_price_inc ?? null,
    saleStartAt: instant(p.sale_start_at),
    saleEndAt: instant(p.sale_end_at),
    freeFlag: p.free_flag,
    freeStartAt: instant(p.free_start_at),
    freeEndAt: instant(p.free_end_at),
    memberFreeFlag: p.member_free_flag,
    memberFreeStartAt: instant(p.member_free_start_at),
    memberFreeEndAt: instant(p.member_free_end_at),
    itemStartDate: instant(p.item_start_date)!,
    publishAt: instant(p.publish_at),
  };
}

export async function createVolumeIn(
  tx: Tx,
  staff: Staff,
  p: VolumePayload & { series_id: number },
  now: Date,
  options: CreateOptions = {},
): Promise<EditorChange<VolumeAnswer>> {
  requireFieldRights(staff, p, null);
  const id = await insertVolume(tx, p.series_id, volumeValues(p), now, {
    draft: !options.published,
  });
  return created(tx, "volume", id, (tx, id) => getVolume(tx, id, now));
}

export async function editVolumeIn(
  tx: Tx,
  staff: Staff,
  id: number,
  p: VolumePayload,
  now: Date,
): Promise<EditorChange<VolumeAnswer>> {
  return changed(
    tx,
    { action: "update", entity: "volume", id },
    (tx) => getVolume(tx, id, now),
    async (tx, before) => {
      requireFieldRights(staff, p, before);
      await updateVolume(tx, id, volumeValues(p), now);
    },
  );
}

export async function createVolume(
  deps: EditorDeps,
  staff: Staff,
  p: VolumePayload & { series_id: number },
) {
  const now = clock(deps);
  return write(deps, staff, (tx) => createVolumeIn(tx, staff, p, now));
}

export async function editVolume(deps: EditorDeps, staff: Staff, id: number, p: VolumePayload) {
  const now = clock(deps);
  return write(deps, staff, (tx) => editVolumeIn(tx, staff, id, p, now));
}

// ---------------------------------------------------------------- drama CDs and tracks

function trackAnswer(t: TrackRecord) {
  return {
    track_id: t.trackId,
    cd_id: t.cdId,
    track_no: t.trackNo,
    name: t.name,
    duration_sec: t.durationSec,
    has_trial: t.trialFileName !== null,
    withdrawn_at: local(t.withdrawnAt),
  };
}

export async function getDramaCd(
  db: Db | Tx,
  cdId: number,
  now = new Date(),
): Promise<DramaCdAnswer> {
  const detail = await editorDramaCd(db, cdId);
  const item = await cdItemPrices(db, cdId);
  if (!detail) throw new NotFound("ドラマCDが見つかりませんでした");
  const { cd } = detail;
  return {
    cd_id: cd.cdId,
    name: cd.name,
    name_kana: cd.nameKana,
    brand_id: cd.brandId,
    label_id: cd.labelId,
    series_id: cd.seriesId,
    description: cd.description,
    appeal_text: cd.appealText ?? "",
    ethic_type: cd.ethicType,
    final_flag: cd.finalFlag,
    price_inc: item?.priceInc ?? 0,
    before_price_inc: item?.beforePriceInc ?? null,
    sale_start_date: local(cd.saleStartDate)!,
    sale_end_date: local(cd.saleEndDate),
    state: publicationState({ ...cd, publishAt: null }, now),
    tracks: detail.tracks.map(trackAnswer),
  };
}

export async function listDramaCds(db: Db, query: CatalogListQuery, now = new Date()) {
  const { rows, total } = await editorDramaCdList(db, pageOf(query));
  return listAnswer(
    rows.map((r) => ({
      cd_id: r.cdId,
      name: r.name,
      label_name: r.labelName,
      sale_start_date: local(r.saleStartDate),
      state: publicationState({ ...r, publishAt: null }, now),
    })),
    total,
    query,
  );
}

async function dramaCdValues(tx: Tx, p: DramaCdPayload): Promise<DramaCdValues> {
  if (p.series_id && !(await seriesIsThere(tx, p.series_id))) {
    throw new BadInput("series_id", "series_id: 原作の作品が見つかりません");
  }
  return {
    name: p.name,
    nameKana: p.name_kana,
    brandId: p.brand_id,
    labelId: p.label_id,
    seriesId: p.series_id ?? null,
    description: p.description,
    appealText: p.appeal_text || null,
    ethicType: p.ethic_type,
    finalFlag: p.final_flag,
    saleStartDate: instant(p.sale_start_date)!,
    saleEndDate: instant(p.sale_end_date),
  };
}

const cdPrices = (p: DramaCdPayload) => ({
  price: priceExTax(p.price_inc),
  priceInc: p.price_inc,
  beforePrice: p.before_price_inc != null ? priceExTax(p.before_price_inc) : null,
  beforePriceInc: p.before_price_inc ?? null,
});

export async function createDramaCd(deps: EditorDeps, staff: Staff, p: DramaCdPayload) {
  requireFieldRights(staff, p, null);
  const now = clock(deps);
  return writeNew(
    deps,
    staff,
    "drama_cd",
    async (tx) => {
      const id = await insertDramaCd(tx, await dramaCdValues(tx, p));
      await writeCdItem(tx, id, cdPrices(p));
      return id;
    },
    (tx, id) => getDramaCd(tx, id, now),
  );
}

export async function editDramaCd(deps: EditorDeps, staff: Staff, id: number, p: DramaCdPayload) {
  const now = clock(deps);
  return writeChange(
    deps,
    staff,
    { action: "update", entity: "drama_cd", id },
    (tx) => getDramaCd(tx, id, now),
    async (tx, before) => {
      requireFieldRights(staff, p, before);
      await updateDramaCd(tx, id, await dramaCdValues(tx, p));
      await writeCdItem(tx, id, cdPrices(p));
    },
  );
}

async function getTrack(db: Db | Tx, id: number) {
  const track = await editorTrack(db, id);
  if (!track) throw new NotFound("トラックが見つかりませんでした");
  return trackAnswer(track);
}

export async function createTrack(deps: EditorDeps, staff: Staff, cdId: number, p: TrackPayload) {
  return writeNew(
    deps,
    staff,
    "track",
    (tx) => insertTrack(tx, cdId, { trackNo: p.track_no, name: p.name }),
    getTrack,
  );
}

export async function editTrack(deps: EditorDeps, staff: Staff, id: number, p: TrackPayload) {
  return writeChange(
    deps,
    staff,
    { action: "update", entity: "track", id },
    (tx) => getTrack(tx, id),
    (tx) => updateTrack(tx, id, { trackNo: p.track_no, name: p.name }),
  );
}

/**
 * Withdraws one track, or restores it (decision 0094): the CD stays in the store without it, and
 * those who had the CD before keep playing it. Nothing is deleted; a withdrawn track is restored
 * as it was.
 */
export async function changeTrackWithdrawal(
  deps: EditorDeps,
  staff: Staff,
  id: number,
  action: "withdraw" | "restore",
) {
  const now = clock(deps);
  return writeChange(
    deps,
    staff,
    { action, entity: "track", id },
    (tx) => getTrack(tx, id),
    (tx) => setTrackWithdrawal(tx, id, action === "withdraw" ? now : null),
  );
}

// ---------------------------------------------------------------- publication

export type PublicationAction = "publish" | "withdraw" | "restore";

const publicationChange = (action: PublicationAction, now: Date) =>
  action === "publish"
    ? { draft: false }
    : action === "withdraw"
      ? { withdrawnAt: now }
      : { withdrawnAt: null };

/** How each publishable row is read and has its publication set (series, volume, drama CD). */
const PUBLISHABLE = {
  series: { read: getSeries, set: setSeriesPublication },
  volume: { read: getVolume, set: setVolumePublication },
  drama_cd: { read: getDramaCd, set: setDramaCdPublication },
};

export type Publishable = keyof typeof PUBLISHABLE;
type PublishableAnswer<E extends Publishable> = Awaited<
  ReturnType<(typeof PUBLISHABLE)[E]["read"]>
>;

/** Publish, withdraw or restore one series, volume or drama CD. */
export async function changePublication<E extends Publishable>(
  deps: EditorDeps,
  staff: Staff,
  entity: E,
  id: number,
  action: PublicationAction,
): Promise<PublishableAnswer<E>> {
  const { read, set } = PUBLISHABLE[entity] as (typeof PUBLISHABLE)[Publishable];
  const now = clock(deps);
  return writeChange(
    deps,
    staff,
    { action, entity, id },
    (tx) => read(tx, id, now) as Promise<PublishableAnswer<E>>,
    (tx) => set(tx, id, publicationChange(action, now), now),
  );
}

// ---------------------------------------------------------------- reference lists

/** Each list's audit entity and how its payload's fields map to its columns. */
const REFERENCE_ENTITY: Record<ReferenceKind, AuditEntity & CatalogChange["entity"]> = {
  authors: "author",
  publishers: "publisher",
  labels: "label",
  magazines: "magazine",
  genres: "genre",
  categories: "category",
  tags: "tag",
};

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A reference row as the editor's list and form read it: snake_case, and its state. */
export function referenceAnswer(row: ReferenceRow): ReferenceAnswer {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === "createdAt") continue;
    out[snake(key)] = value instanceof Date ? local(value) : value;
  }
  return { ...out, withdrawn: row.withdrawnAt !== null };
}

const columnsOf = (payload: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(payload).map(([k, v]) => [camel(k), v]));

export async function listReferences(db: Db, kind: ReferenceKind, query: CatalogListQuery) {
  const { rows, total } = await referenceList(db, kind, pageOf(query));
  return listAnswer(rows.map(referenceAnswer), total, query);
}

export async function getReference(db: Db | Tx, kind: ReferenceKind, id: number) {
  const row = await referenceRow(db, kind, id);
  if (!row) throw new NotFound("見つかりませんでした");
  return referenceAnswer(row);
}

export async function createReferenceIn(
  tx: Tx,
  kind: ReferenceKind,
  payload: Record<string, unknown>,
): Promise<EditorChange<ReferenceAnswer>> {
  const row = referenceAnswer(await insertReference(tx, kind, columnsOf(payload)));
  return created(
    tx,
    REFERENCE_ENTITY[kind],
    Number(row[REFERENCE_ID_FIELD[kind]]),
    async () => row,
  );
}

export async function createReference(
  deps: EditorDeps,
  staff: Staff,
  kind: ReferenceKind,
  payload: Record<string, unknown>,
) {
  return write(deps, staff, (tx) => createReferenceIn(tx, kind, payload));
}

export async function editReference(
  deps: EditorDeps,
  staff: Staff,
  kind: ReferenceKind,
  id: number,
  payload: Record<string, unknown>,
) {
  return writeChange(
    deps,
    staff,
    { action: "update", entity: REFERENCE_ENTITY[kind], id },
    (tx) => getReference(tx, kind, id),
    (tx) => updateReference(tx, kind, id, columnsOf(payload)),
  );
}

export async function changeReferencePublication(
  deps: EditorDeps,
  staff: Staff,
  kind: ReferenceKind,
  id: number,
  action: "withdraw" | "restore",
) {
  const now = clock(deps);
  return writeChange(
    deps,
    staff,
    { action, entity: REFERENCE_ENTITY[kind], id },
    (tx) => getReference(tx, kind, id),
    (tx) => updateReference(tx, kind, id, { withdrawnAt: action === "withdraw" ? now : null }),
  );
}
