import { z } from "zod";
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
  nameKana: string;
  /** The role as the store credits it: 著者, 原作, 漫画, 作画, キャラクター原案 … */
  role: string;
}

/** What one record (line or product) could not be imported for. */
export interface ImportProblem {
  source: string;
  message: string;
}

export type ReadResult = { records: ImportRecord[]; problems: ImportProblem[] };

/** Roles a delivery may credit, in the store's words (the series page prints them). */
export const CONTRIBUTOR_ROLES = ["著者", "原作", "漫画", "作画", "キャラクター原案", "翻訳"];

/** A delivery is bounded so one upload cannot hold the import for minutes. */
export const MAX_IMPORT_RECORDS = 5_000;

const text = (field: string, max: number) =>
  z
    .string({ message: `${field}がありません` })
    .trim()
    .min(1, `${field}がありません`)
    .max(max, `${field}は${max}文字以内にしてください`);

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field}は${max}文字以内にしてください`)
    .nullable()
    .transform((v) => (v === "" ? null : v));

/** Katakana readings (and the long-vowel mark, spaces and ・) as the catalog keeps them. */
const kana = z
  .string()
  .trim()
  .max(200, "読みは200文字以内にしてください")
  .regex(/^[\u30A0-\u30FF\u3000 ・ー]*$/, "読みは全角カタカナで指定してください");

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

const recordSchema = z
  .object({
    series: z.object({
      title: text("作品名", 200),
      titleKana: kana,
      publisher: text("出版社", 100),
      label: optionalText("レーベル", 100),
      magazine: optionalText("掲載誌", 100),
      description: optionalText("作品紹介", 4000),
      complete: z.boolean().nullable(),
      genres: z.array(text("ジャンル", 50)).max(10, "ジャンルは10件までです"),
      tags: z.array(text("タグ", 50)).max(30, "タグは30件までです"),
      contributors: z
        .array(
          z.object({
            name: text("著者名", 100),
            nameKana: kana,
            role: z.string().refine((r) => CONTRIBUTOR_ROLES.includes(r), {
              message: `著者の役割は${CONTRIBUTOR_ROLES.join("・")}のいずれかです`,
            }),
          }),
        )
        .min(1, "著者がありません")
        .max(20, "著者は20名までです"),
    }),
    volume: z.object({
      number: z
        .number({ message: "巻数は1〜9999の整数で指定してください" })
        .int("巻数は1〜9999の整数で指定してください")
        .min(1, "巻数は1〜9999の整数で指定してください")
        .max(9999, "巻数は1〜9999の整数で指定してください"),
      title: text("巻タイトル", 200),
      priceInc: z
        .number({ message: "税込価格は0〜100000円の整数で指定してください" })
        .int("税込価格は0〜100000円の整数で指定してください")
        .min(0, "税込価格は0〜100000円の整数で指定してください")
        .max(100_000, "税込価格は0〜100000円の整数で指定してください"),
      releaseAt: releaseDate,
      pageCount: z
        .number()
        .int()
        .min(1, "ページ数は1以上です")
        .max(2000, "ページ数は2000以下です")
        .nullable(),
      trialPages: z.number().int().min(0, "試し読みページ数は0以上です").nullable(),
      description: optionalText("巻紹介", 4000),
      isbn: z
        .string()
        .nullable()
        .refine(
          (v) => v === null || isIsbn13(v),
          "ISBNは13桁のISBN-13で指定してください（チェックディジットを確認してください）",
        ),
    }),
  })
  .superRefine((r, ctx) => {
    const { pageCount, trialPages } = r.volume;
    if (pageCount !== null && trialPages !== null && trialPages > pageCount)
      ctx.addIssue({
        code: "custom",
        path: ["volume", "trialPages"],
        message: `試し読みページ数（${trialPages}）がページ数（${pageCount}）を超えています`,
      });
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
