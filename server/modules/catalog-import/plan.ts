import type { z } from "zod";
import {
  IMPORT_ACTIONS,
  type ImportAction,
  type ImportActionKind,
  type ImportFieldChange,
  type ImportProblem,
} from "../../../contract/catalog-import";
import {
  referencePayloads,
  type SeriesPayload,
  seriesPayload,
  type VolumePayload,
  volumeCreatePayload,
  volumeUpdatePayload,
} from "../../../contract/ops-catalog";
import type { SeriesAnswer, VolumeAnswer } from "../../../contract/ops-catalog-answers";
import { INT4_MAX } from "../../../contract/row-id";
import { tokyoDateTimeInput } from "../../../contract/tokyo-time";
import type { Db, Tx } from "../../db/client";
import {
  type NamedRow,
  referenceNames,
  referencesNamed,
  seriesNamed,
  volumesOfSeries,
} from "../catalog/editing";
import { getSeries, volumeAnswer } from "../catalog-editor/service";
import type { ImportRecord, ReadResult } from "./records";

/**
 * The plan of a delivery (decision 0093): every record resolved against the catalog by name and
 * mapped onto the editor's own payloads (seriesPayload, volumeCreatePayload, volumeUpdatePayload),
 * which carry every catalog rule, so a delivery is refused for exactly what the editor's form
 * would refuse. The same plan is the dry run's answer and, made again inside the import's
 * transaction, what the import writes.
 */

/** A reference row the import adds first (a tag or an author), by its key in the plan. */
export interface NewReference {
  key: string;
  kind: "tags" | "authors";
  source: string;
  payload: Record<string, unknown>;
}

/** Ids of the rows the plan adds, known once written; the plan uses stand-ins until then. */
export type NewIds = ReadonlyMap<string, number>;

export interface SeriesStep {
  key: string;
  source: string;
  /** null: a new series. */
  seriesId: number | null;
  payload: (ids: NewIds) => SeriesPayload;
}

export interface VolumeStep {
  source: string;
  /** The series it belongs to: there already, or added by the step of this key. */
  seriesId: number | null;
  seriesKey: string;
  /** null: a new volume. */
  bookId: number | null;
  payload: (ids: NewIds, seriesId: number) => VolumePayload & { series_id?: number };
}

export interface ImportPlan {
  actions: ImportAction[];
  problems: ImportProblem[];
  references: NewReference[];
  series: SeriesStep[];
  volumes: VolumeStep[];
}

type Credit = { ref: Ref; role: string; name: string };
/** An existing row's id, or the key of a row the plan adds. */
type Ref = { id: number } | { key: string };

const action = (
  kind: ImportActionKind,
  source: string,
  target: string,
  changes: ImportFieldChange[] = [],
): ImportAction => ({ kind, label: IMPORT_ACTIONS[kind], source, target, changes });

/** The first rule a payload breaks, as the editor's 400 would name it. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const field = issue.path.find((p) => typeof p === "string");
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** "3行目" → 3, "Product 12（ref）" → 12: problems are listed in the delivery's order. */
const orderOf = (source: string) => Number(/\d+/.exec(source)?.[0] ?? 0);

const show = (value: unknown): string | null => {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? "はい" : "いいえ";
  if (Array.isArray(value)) return value.length === 0 ? null : value.join("、");
  return String(value);
};

function changesOf(
  fields: Array<[label: string, before: unknown, after: unknown]>,
): ImportFieldChange[] {
  return fields
    .map(([field, before, after]) => ({ field, before: show(before), after: show(after) }))
    .filter((c) => c.before !== c.after);
}

const same = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

function unique<T>(values: T[], keyOf: (v: T) => string = String): T[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = keyOf(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const firstOf = <T>(values: (T | null | undefined)[]): T | null =>
  values.find((v) => v !== null && v !== undefined && v !== "") ?? null;

/** One series of the delivery: its records, in order, resolved. */
interface Group {
  key: string;
  title: string;
  publisher: NamedRow;
  records: Resolved[];
}

interface Resolved {
  record: ImportRecord;
  labelId: number | null;
  magazineId: number | null;
  genreIds: number[];
  tags: Ref[];
  credits: Credit[];
}

export async function planImport(db: Db | Tx, read: ReadResult, now: Date): Promise<ImportPlan> {
  const problems: ImportProblem[] = [...read.problems];
  const refused = new Set(problems.map((p) => p.source));
  const refuse = (source: string, message: string) => {
    // The first issue of each record is its line in the report.
    if (refused.has(source)) return;
    refused.add(source);
    problems.push({ source, message });
  };

  const records = read.records;
  const named = await referencesNamed(db, {
    publishers: records.map((r) => r.series.publisher),
    genres: records.flatMap((r) => r.series.genres),
    tags: records.flatMap((r) => r.series.tags),
    authors: records.flatMap((r) => r.series.contributors.map((c) => c.name)),
  });
  const byName = (rows: NamedRow[]) => {
    const map = new Map<string, number>();
    for (const row of rows) if (!map.has(row.name)) map.set(row.name, row.id);
    return map;
  };
  const publisherIds = byName(named.publishers);
  const genreIds = byName(named.genres);
  const tagIds = byName(named.tags);
  const authorIds = byName(named.authors);
  const within = (rows: Array<NamedRow & { publisherId: number }>, publisherId: number) =>
    byName(rows.filter((r) => r.publisherId === publisherId));

  // New tags and authors, each added once however many records name it.
  const references: NewReference[] = [];
  const actions: ImportAction[] = [];
  const newRef = new Map<string, NewReference>();
  const refOf = (
    kind: "tags" | "authors",
    name: string,
    source: string,
    payload: () => Record<string, unknown> | string,
  ): Ref | string => {
    const existing = (kind === "tags" ? tagIds : authorIds).get(name);
    if (existing !== undefined) return { id: existing };
    const key = `${kind}:${name}`;
    if (newRef.has(key)) return { key };
    const body = payload();
    if (typeof body === "string") return body;
    const parsed = referencePayloads[kind].safeParse(body);
    if (!parsed.success) return firstIssue(parsed.error);
    const reference = { key, kind, source, payload: parsed.data as Record<string, unknown> };
    newRef.set(key, reference);
    references.push(reference);
    actions.push(
      action(
        kind === "tags" ? "tag_create" : "author_create",
        source,
        name,
        changesOf(
          kind === "tags"
            ? [["タグ名", null, name]]
            : [
                ["著者名", null, name],
                ["著者名の読み", null, (parsed.data as { name_kana: string }).name_kana],
              ],
        ),
      ),
    );
    return { key };
  };

  const groups = new Map<string, Group>();
  for (const record of records) {
    const { source, series: s } = record;
    const publisherId = publisherIds.get(s.publisher);
    if (publisherId === undefined) {
      refuse(source, `出版社「${s.publisher}」が登録されていません`);
      continue;
    }
    const labelId = s.label ? within(named.labels, publisherId).get(s.label) : null;
    if (labelId === undefined) {
      refuse(source, `レーベル「${s.label}」は出版社「${s.publisher}」に登録されていません`);
      continue;
    }
    const magazineId = s.magazine ? within(named.magazines, publisherId).get(s.magazine) : null;
    if (magazineId === undefined) {
      refuse(source, `掲載誌「${s.magazine}」は出版社「${s.publisher}」に登録されていません`);
      continue;
    }
    const missingGenre = s.genres.find((g) => !genreIds.has(g));
    if (missingGenre !== undefined) {
      refuse(source, `ジャンル「${missingGenre}」が登録されていません`);
      continue;
    }
    const tags: Ref[] = [];
    const credits: Credit[] = [];
    let failed: string | null = null;
    for (const tag of s.tags) {
      const ref = refOf("tags", tag, source, () => ({ name: tag }));
      if (typeof ref === "string") failed ??= `タグ「${tag}」: ${ref}`;
      else tags.push(ref);
    }
    for (const c of s.contributors) {
      const ref = refOf("authors", c.name, source, () =>
        c.nameKana === ""
          ? `著者「${c.name}」は登録されていないため、読み（カナ）が必要です`
          : { name: c.name, name_kana: c.nameKana },
      );
      if (typeof ref === "string")
        failed ??= ref.startsWith("著者「") ? ref : `著者「${c.name}」: ${ref}`;
      else credits.push({ ref, role: c.role, name: c.name });
    }
    if (failed) {
      refuse(source, failed);
      continue;
    }
    const key = `${publisherId}\u0000${s.title}`;
    const group = groups.get(key) ?? {
      key,
      title: s.title,
      publisher: { id: publisherId, name: s.publisher },
      records: [],
    };
    groups.set(key, group);
    group.records.push({
      record,
      labelId,
      magazineId,
      genreIds: s.genres.map((g) => genreIds.get(g)!),
      tags,
      credits,
    });
  }

  // What is there already: series by (publisher, title), their volumes by number.
  const existingSeries = new Map<string, number>();
  for (const row of await seriesNamed(
    db,
    unique([...groups.values()].map((g) => g.publisher.id)),
    unique([...groups.values()].map((g) => g.title)),
  )) {
    const key = `${row.publisherId}\u0000${row.name}`;
    if (!existingSeries.has(key)) existingSeries.set(key, row.seriesId);
  }
  const existingVolumes = new Map<string, VolumeAnswer>();
  for (const v of await volumesOfSeries(db, [...existingSeries.values()])) {
    existingVolumes.set(`${v.seriesId}:${v.volume}`, volumeAnswer(v, now));
  }

  // Stand-in ids for the rows the plan adds, so their payloads are checked before any is written.
  const standIns = new Map(references.map((r, i) => [r.key, INT4_MAX - i]));
  const standInNames = new Map(references.map((r, i) => [INT4_MAX - i, String(r.payload.name)]));
  const idOf = (ref: Ref, ids: NewIds) => ("id" in ref ? ref.id : ids.get(ref.key)!);

  const seriesSteps: SeriesStep[] = [];
  const volumeSteps: VolumeStep[] = [];
  for (const group of groups.values()) {
    const first = group.records[0]!;
    const { source } = first.record;
    const seriesId = existingSeries.get(group.key) ?? null;
    const before = seriesId === null ? null : await getSeries(db, seriesId, now);
    const merged = (delivered: Resolved[]) => ({
      delivered,
      scalar: <T>(pick: (r: Resolved) => T | null) => firstOf(delivered.map(pick)),
      genres: unique(delivered.flatMap((r) => r.genreIds)),
      tags: unique(
        delivered.flatMap((r) => r.tags),
        (ref) => JSON.stringify(ref),
      ),
      credits: unique(
        delivered.flatMap((r) => r.credits),
        (c) => `${JSON.stringify(c.ref)}:${c.role}`,
      ),
      // A new series enters the store with its first volume, not before.
      firstRelease: tokyoDateTimeInput(
        new Date(Math.min(...delivered.map((r) => r.record.volume.releaseAt.getTime()))),
      ),
    });

    // A blank cell keeps what the series has; what the delivery states replaces it.
    const buildFrom = (
      {
        scalar,
        genres: genreList,
        tags: tagList,
        credits: creditList,
        firstRelease,
      }: ReturnType<typeof merged>,
      ids: NewIds,
    ): Record<string, unknown> => ({
      name: group.title,
      name_kana: scalar((r) => r.record.series.titleKana) ?? before?.name_kana ?? "",
      description: scalar((r) => r.record.series.description) ?? before?.description ?? "",
      publisher_id: group.publisher.id,
      label_id: scalar((r) => r.labelId) ?? before?.label_id ?? null,
      magazine_id: scalar((r) => r.magazineId) ?? before?.magazine_id ?? null,
      genre_ids: genreList.length > 0 ? genreList : (before?.genre_ids ?? []),
      category_ids: before?.category_ids ?? [],
      tag_ids: tagList.length > 0 ? tagList.map((t) => idOf(t, ids)) : (before?.tag_ids ?? []),
      authors: creditList.map((c) => ({ author_id: idOf(c.ref, ids), role: c.role })),
      complete_flag: scalar((r) => r.record.series.complete) ?? before?.complete_flag ?? false,
      new_flag: before?.new_flag ?? false,
      publish_at: before ? before.publish_at : firstRelease,
    });
    // Each record's own series fields first, so a bad credit names its own line.
    const delivered = group.records.filter((r) => {
      const own = seriesPayload.safeParse(buildFrom(merged([r]), standIns));
      if (!own.success) refuse(r.record.source, firstIssue(own.error));
      return own.success;
    });
    if (delivered.length === 0) continue;
    const all = merged(delivered);
    const { credits: creditList, tags: tagList } = all;
    const build = (ids: NewIds) => buildFrom(all, ids);
    const checked = seriesPayload.safeParse(build(standIns));
    if (!checked.success) {
      refuse(source, firstIssue(checked.error));
      continue;
    }
    const p = checked.data;
    const names = await nameBook(db, before, p, standInNames);
    const fields: Array<[string, unknown, unknown]> = [
      ["出版社", before ? group.publisher.name : null, group.publisher.name],
      ["作品名の読み", before?.name_kana, p.name_kana],
      ["作品紹介", before?.description, p.description],
      ["レーベル", names.label(before?.label_id), names.label(p.label_id)],
      ["掲載誌", names.magazine(before?.magazine_id), names.magazine(p.magazine_id)],
      ["ジャンル", names.genres(before?.genre_ids), names.genres(p.genre_ids)],
      ["タグ", names.tags(before?.tag_ids), names.tags(p.tag_ids)],
      ["著者", names.credits(before), creditList.map((c) => `${c.role}:${c.name}`)],
      ["完結", before?.complete_flag, p.complete_flag],
      ["公開日時", before?.publish_at?.replace("T", " "), p.publish_at?.replace("T", " ")],
    ];
    const changed =
      !before ||
      p.name_kana !== before.name_kana ||
      p.description !== before.description ||
      (p.label_id ?? null) !== before.label_id ||
      (p.magazine_id ?? null) !== before.magazine_id ||
      !same([...p.genre_ids].sort(), [...before.genre_ids].sort()) ||
      !same(p.tag_ids, before.tag_ids) ||
      creditList.some((c) => !("id" in c.ref)) ||
      tagList.some((t) => !("id" in t)) ||
      !same(
        p.authors.map((a) => `${a.author_id}:${a.role}`),
        before.authors.map((a) => `${a.author_id}:${a.role}`),
      ) ||
      p.complete_flag !== before.complete_flag;
    if (changed) {
      actions.push(
        action(before ? "series_update" : "series_create", source, group.title, changesOf(fields)),
      );
      seriesSteps.push({
        key: group.key,
        source,
        seriesId,
        payload: (ids) => seriesPayload.parse(build(ids)),
      });
    } else {
      actions.push(action("unchanged", source, group.title));
    }

    for (const { record } of delivered) {
      const v = record.volume;
      const target = `${group.title} ${v.number}巻`;
      const current = seriesId === null ? null : existingVolumes.get(`${seriesId}:${v.number}`);
      const release = tokyoDateTimeInput(v.releaseAt);
      const buildVolume = (
        forSeries: number,
      ): Record<string, unknown> & { item_start_date: string } =>
        current
          ? {
              ...current,
              title: v.title,
              description: v.description ?? current.description,
              page_count: v.pageCount ?? current.page_count,
              trial_page_count: v.trialPages ?? current.trial_page_count,
              price_inc: v.priceInc,
              item_start_date: release,
              // A volume entering the store at its release follows the release when it moves.
              publish_at:
                current.publish_at === current.item_start_date ? release : current.publish_at,
            }
          : {
              series_id: forSeries,
              volume: v.number,
              title: v.title,
              description: v.description ?? "",
              page_count: v.pageCount ?? undefined,
              trial_page_count: v.trialPages ?? 0,
              onsale_flag: true,
              price_inc: v.priceInc,
              item_start_date: release,
              publish_at: release,
            };
      const schema = current ? volumeUpdatePayload : volumeCreatePayload;
      const checkedVolume = schema.safeParse(buildVolume(seriesId ?? INT4_MAX));
      if (!checkedVolume.success) {
        refuse(record.source, firstIssue(checkedVolume.error));
        continue;
      }
      const q = checkedVolume.data;
      const volumeFields: Array<[string, unknown, unknown]> = [
        ["巻タイトル", current?.title, q.title],
        ["巻紹介", current?.description, q.description],
        ["ページ数", current?.page_count, q.page_count],
        ["試し読みページ数", current?.trial_page_count, q.trial_page_count],
        ["税込価格", current ? `${current.price_inc}円` : null, `${q.price_inc}円`],
        ["発売日", current?.item_start_date.replace("T", " "), q.item_start_date.replace("T", " ")],
        ["公開日時", current?.publish_at?.replace("T", " "), q.publish_at?.replace("T", " ")],
      ];
      const volumeChanges = changesOf(volumeFields);
      if (current && volumeChanges.length === 0) {
        actions.push(action("unchanged", record.source, target));
        continue;
      }
      actions.push(
        action(current ? "volume_update" : "volume_create", record.source, target, volumeChanges),
      );
      volumeSteps.push({
        source: record.source,
        seriesId,
        seriesKey: group.key,
        bookId: current?.book_id ?? null,
        payload: (_ids, forSeries) =>
          (current ? volumeUpdatePayload : volumeCreatePayload).parse(buildVolume(forSeries)),
      });
    }
  }

  problems.sort((a, b) => orderOf(a.source) - orderOf(b.source));
  return { actions, problems, references, series: seriesSteps, volumes: volumeSteps };
}

/** Names of the rows a series links to, for the dry run's before → after. */
async function nameBook(
  db: Db | Tx,
  before: SeriesAnswer | null,
  after: SeriesPayload,
  standIns: ReadonlyMap<number, string>,
) {
  const ids = (...lists: (readonly number[] | number | null | undefined)[]) =>
    unique(lists.flatMap((l) => (l == null ? [] : typeof l === "number" ? [l] : [...l])));
  const labels = await referenceNames(db, "labels", ids(before?.label_id, after.label_id));
  const magazines = await referenceNames(
    db,
    "magazines",
    ids(before?.magazine_id, after.magazine_id),
  );
  const genres = await referenceNames(db, "genres", ids(before?.genre_ids, after.genre_ids));
  const tags = await referenceNames(db, "tags", ids(before?.tag_ids, after.tag_ids));
  // Rows the plan adds have stand-in ids: their names come from the delivery.
  const nameIn = (map: Map<number, string>, id: number) =>
    map.get(id) ?? standIns.get(id) ?? `#${id}`;
  const one = (map: Map<number, string>) => (id: number | null | undefined) =>
    id ? nameIn(map, id) : null;
  const many = (map: Map<number, string>) => (list: readonly number[] | undefined) =>
    list ? list.map((id) => nameIn(map, id)) : null;
  return {
    label: one(labels),
    magazine: one(magazines),
    genres: many(genres),
    tags: many(tags),
    credits: (s: SeriesAnswer | null) => s?.authors.map((a) => `${a.role}:${a.name}`) ?? null,
  };
}
