import { z } from "zod";
import type { ImportProblem } from "../../../contract/catalog-import";
import { tokyoInstant, tokyoTime } from "../../../contract/tokyo-time";

/**
 * One volume as a delivery names it, whatever the format (CSV line or ONIX product): the series
 * it belongs to by title and publisher, and the volume by its number in that series. Import maps
 * these onto the catalog; the format readers only fill them in.
 */
export interface ImportRecord {
  /** Where the record came from, for the report: "3行目", "Product 2 (9784000000012)". */
  source: string;
  series: {
    title: string;
    titleKana: string;
    publisher: string;
    label: string | null;
    magazine: string | null;
    description: string | null;
    complete: boolean | null;
    genres: string[];
    tags: string[];
    contributors: ImportContributor[];
  };
  volume: {
    number: number;
    title: string;
    /** Tax-included list price in yen, as Japanese deliveries state it. */
    priceInc: number;
    releaseAt: Date;
    pageCount: number | null;
    trialPages: number | null;
    description: string | null;
    isbn: string | null;
  };
}

export interface ImportContributor {
  name: string;
  /** Needed only for an author the catalog does not have yet. */
  nameKana: string;
  /** The role as the store credits it (contract AUTHOR_ROLES); the editor's schema checks it. */
  role: string;
}

export type ReadResult = { records: ImportRecord[]; problems: ImportProblem[] };

/** A delivery is bounded so one upload cannot hold the import for minutes. */
export const MAX_IMPORT_RECORDS = 5_000;

/** A cell the format requires; its length and the catalog's other rules are the editor's. */
const required = (field: string) =>
  z
    .string({ message: `${field}がありません` })
    .trim()
    .min(1, `${field}がありません`);

const optional = z
  .string()
  .trim()
  .nullable()
  .transform((v) => (v === "" ? null : v));

/** A whole number, when the cell holds one; the range is the catalog's rule, not the file's. */
const whole = (field: string) =>
  z.number({ message: `${field}は整数で指定してください` }).int(`${field}は整数で指定してください`);

const DATE = /^(\d{4})-?(\d{2})-?(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;

/**
 * "2026-12-01", "20261201" or "2026-12-01 10:00": a Tokyo wall-clock time, since that is when a
 * Japanese release happens, whatever zone the importing server runs in.
 */
export function tokyoReleaseDate(value: string): Date | null {
  const m = DATE.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map((p) => (p ? Number(p) : 0));
  if (hour > 23 || minute > 59) return null;
  const at = tokyoInstant(year, month, day, hour, minute);
  // 2026-02-31 would carry into March: refuse it instead of importing another day.
  const back = tokyoTime(at);
  return back.year === year && back.month === month && back.day === day ? at : null;
}

/** A Date already read (a test, a caller), or the delivery's text. */
const releaseDate = z.union([z.string(), z.date()]).transform((value, ctx) => {
  if (value instanceof Date) return value;
  const at = tokyoReleaseDate(value);
  if (!at) {
    ctx.addIssue({ code: "custom", message: `発売日「${value}」はYYYY-MM-DDで指定してください` });
    return z.NEVER;
  }
  return at;
});

const ISBN13 = /^97[89]\d{10}$/;

/** ISBN-13 with its check digit, so a mistyped number is caught at import, not at sale. */
export function isIsbn13(value: string): boolean {
  if (!ISBN13.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

/**
 * What a record must hold to be read at all: required cells, numbers that are numbers, dates
 * that exist, an ISBN whose check digit holds. Everything about the catalog (lengths, price
 * range, roles, trial within the pages) is checked by the editor's schemas when the plan maps
 * the record onto them (plan.ts), so the import and the editor refuse the same things.
 */
const recordSchema = z.object({
  series: z.object({
    title: required("作品名"),
    titleKana: z.string().trim(),
    publisher: required("出版社"),
    label: optional,
    magazine: optional,
    description: optional,
    complete: z.boolean().nullable(),
    genres: z.array(required("ジャンル")),
    tags: z.array(required("タグ")),
    contributors: z
      .array(
        z.object({
          name: required("著者名"),
          nameKana: z.string().trim(),
          role: required("著者の役割"),
        }),
      )
      .min(1, "著者がありません"),
  }),
  volume: z.object({
    number: whole("巻数"),
    title: required("巻タイトル"),
    priceInc: whole("税込価格"),
    releaseAt: releaseDate,
    pageCount: whole("ページ数").nullable(),
    trialPages: whole("試し読みページ数").nullable(),
    description: optional,
    isbn: z
      .string()
      .nullable()
      .refine(
        (v) => v === null || isIsbn13(v),
        "ISBNは13桁のISBN-13で指定してください（チェックディジットを確認してください）",
      ),
  }),
});

export type RecordDraft = Omit<ImportRecord, "volume" | "source"> & {
  volume: Omit<ImportRecord["volume"], "releaseAt"> & { releaseAt: Date | string };
};

/** Checks one record against the catalog's rules; the first problem is the line's message. */
export function checkRecord(source: string, draft: unknown): ImportRecord | ImportProblem {
  const parsed = recordSchema.safeParse(draft);
  if (!parsed.success) return { source, message: parsed.error.issues[0].message };
  return { source, ...(parsed.data as Omit<ImportRecord, "source">) };
}

export function isProblem(value: ImportRecord | ImportProblem): value is ImportProblem {
  return "message" in value;
}

/**
 * Two records for one volume (same series, publisher and number) in one delivery: the second is
 * refused rather than letting the later line silently win.
 */
export function refuseRepeats(result: ReadResult): ReadResult {
  const seen = new Map<string, string>();
  const records: ImportRecord[] = [];
  const problems = [...result.problems];
  for (const record of result.records) {
    const key = JSON.stringify([
      record.series.publisher,
      record.series.title,
      record.volume.number,
    ]);
    const first = seen.get(key);
    if (first) {
      problems.push({
        source: record.source,
        message: `${first}と同じ巻（${record.volume.number}巻）です`,
      });
      continue;
    }
    seen.set(key, record.source);
    records.push(record);
  }
  return { records, problems };
}
