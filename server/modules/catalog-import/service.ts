import { sql } from "drizzle-orm";
import type { ImportAnswer, ImportFormat } from "../../../contract/catalog-import";
import type { CatalogChange } from "../../lib/changes";
import { ApiError } from "../../lib/errors";
import { auditedWrites } from "../audit/service";
import {
  createReferenceIn,
  createSeriesIn,
  createVolumeIn,
  type EditorDeps,
  editSeriesIn,
  editVolumeIn,
} from "../catalog-editor/service";
import type { Staff } from "../staff/service";
import { readCatalogCsv } from "./csv";
import { readOnix } from "./onix";
import { type ImportPlan, planImport } from "./plan";
import type { ReadResult } from "./records";

/**
 * The bulk import (issue 23, decision 0093): a delivery read, planned against the catalog, and
 * written through the editor's own writes in ONE transaction with one audit row per row written.
 * A delivery with any problem writes nothing; a failure half-way undoes everything; the
 * CatalogChanges are told only once it all committed.
 */

/** XML (an ONIX message) or not: what a file is when the caller does not say. */
export function sniffFormat(text: string): ImportFormat {
  return /^\uFEFF?\s*</.test(text) ? "onix" : "csv";
}

export function readDelivery(text: string, format: ImportFormat): ReadResult {
  return format === "onix" ? readOnix(text) : readCatalogCsv(text);
}

/** A refused import: its problems, line by line, and nothing written. */
export class ImportRefused extends ApiError {
  constructor(
    readonly answer: ImportAnswer,
    message: string,
    status: 400 | 409 = 400,
  ) {
    super(status, message);
  }
}

const actorOf = (staff: Staff) => ({ userId: staff.userId, email: staff.email, role: staff.role });

function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export async function importDelivery(
  deps: EditorDeps,
  staff: Staff,
  input: { text: string; format: ImportFormat; dryRun: boolean },
): Promise<ImportAnswer> {
  const now = deps.now?.() ?? new Date();
  const read = readDelivery(input.text, input.format);
  const answer = (plan: ImportPlan, dryRun: boolean): ImportAnswer => ({
    dry_run: dryRun,
    format: input.format,
    actions: plan.actions,
    problems: plan.problems,
  });
  if (input.dryRun) return answer(await planImport(deps.db, read, now), true);

  const told: CatalogChange[] = [];
  let step = "";
  let planned: ImportPlan | null = null;
  try {
    await auditedWrites(deps.db, actorOf(staff), async (tx, record) => {
      // Two imports at once would each plan "add" for the same new series: one waits.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog-import'))`);
      // Planned again inside the transaction: what is written is what the catalog holds now.
      const plan = await planImport(tx, read, now);
      planned = plan;
      if (plan.problems.length > 0) {
        throw new ImportRefused(
          answer(plan, false),
          `取り込めない行が${plan.problems.length}件あります。何も登録していません`,
        );
      }
      const ids = new Map<string, number>();
      for (const reference of plan.references) {
        step = reference.source;
        const change = await createReferenceIn(tx, reference.kind, reference.payload);
        await record(change);
        ids.set(reference.key, change.entityId);
      }
      const seriesIds = new Map<string, number>();
      for (const s of plan.series) {
        step = s.source;
        const payload = s.payload(ids);
        const change =
          s.seriesId === null
            ? await createSeriesIn(tx, staff, payload, now, { published: true })
            : await editSeriesIn(tx, staff, s.seriesId, payload, now);
        await record(change);
        seriesIds.set(s.key, change.entityId);
        told.push({ entity: "series", id: change.entityId });
      }
      for (const v of plan.volumes) {
        step = v.source;
        const seriesId = v.seriesId ?? seriesIds.get(v.seriesKey)!;
        const payload = v.payload(ids, seriesId);
        const change =
          v.bookId === null
            ? await createVolumeIn(tx, staff, { ...payload, series_id: seriesId }, now, {
                published: true,
              })
            : await editVolumeIn(tx, staff, v.bookId, payload, now);
        await record(change);
        told.push({ entity: "volume", id: change.entityId });
      }
    });
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    const plan = planned as ImportPlan | null;
    const failed = (message: string, status: 400 | 409 = 400) =>
      new ImportRefused(
        {
          dry_run: false,
          format: input.format,
          actions: plan?.actions ?? [],
          problems: [{ source: step || "ファイル", message }],
        },
        `${step}で取り込みが止まりました（${message}）。何も登録していません`,
        status,
      );
    // A rule the editor's writes check against the catalog as it is now (a volume number taken
    // since the plan), or another write racing this one: the whole delivery is undone.
    if (error instanceof ApiError) throw failed(error.message);
    if (sqlState(error) === "23505")
      throw failed("同時に行われた別の登録と重なりました。ドライランからやり直してください", 409);
    throw error;
  }
  for (const change of told) await deps.changes.publish(change);
  return answer(planned!, false);
}
