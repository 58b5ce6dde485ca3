import { z } from "zod";
import type { AuthorRole } from "./ops-catalog-rules";

/**
 * The bulk import of series and volumes (issue 23, decision 0093): what the import page shows
 * and sends, and what POST /api/ops/catalog/import answers. The catalog's own rules are the
 * editor's schemas (ops-catalog.ts); this file knows only the delivery.
 */

/**
 * The documented header of a catalog CSV (README, "一括登録"): one line per volume, the series
 * repeated on each of its volumes. UTF-8, with or without a BOM, as Excel and Google Sheets save.
 */
export const CSV_COLUMNS = {
  series_title: "作品名（必須）",
  series_title_kana: "作品名の読み（新しい作品では必須）",
  publisher: "出版社（必須、登録済みの名前）",
  label: "レーベル（その出版社に登録済みの名前）",
  magazine: "掲載誌（その出版社に登録済みの名前）",
  authors:
    "著者（必須。役割:名前/ヨミ を | で区切る。例: 原作:山田花子/ヤマダハナコ|漫画:佐藤一郎/サトウイチロウ。未登録の著者はヨミが必須）",
  genres: "ジャンル名（| で区切る、登録済みの名前）",
  tags: "タグ（| で区切る、未登録なら追加）",
  series_description: "作品紹介",
  complete: "完結（1 または 0）",
  volume: "巻数（必須）",
  volume_title: "巻タイトル（必須）",
  price_inc: "税込価格（円、必須）",
  release_date: "発売日（YYYY-MM-DD または YYYY-MM-DD HH:MM、東京時間、必須）",
  page_count: "ページ数（新しい巻では必須）",
  trial_pages: "試し読みページ数（空欄は0）",
  volume_description: "巻紹介",
  isbn: "ISBN-13（チェックディジットを確認します）",
} as const;
export type CsvColumn = keyof typeof CSV_COLUMNS;

/** A sample line under the header: the README and the page's downloadable sample both show it. */
export const CSV_SAMPLE_LINES: Partial<Record<CsvColumn, string>>[] = [
  {
    series_title: "星降る図書館",
    series_title_kana: "ホシフルトショカン",
    publisher: "桜風社",
    label: "",
    authors: "原作:山田花子/ヤマダハナコ|漫画:佐藤一郎/サトウイチロウ",
    genres: "少年・青年",
    tags: "ファンタジー|図書館",
    series_description: "星の降る夜だけ開く図書館の物語。",
    complete: "0",
    volume: "1",
    volume_title: "星降る図書館 1巻",
    price_inc: "660",
    release_date: "2026-11-01",
    page_count: "180",
    trial_pages: "20",
    volume_description: "司書見習いの少女と、星を読む館長。",
    isbn: "978-4-00-000001-7",
  },
];

/** One CSV cell as a spreadsheet writes it: quoted when it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The header and sample lines: what the page offers to download. */
export function sampleCsv(): string {
  const columns = Object.keys(CSV_COLUMNS) as CsvColumn[];
  const lines = CSV_SAMPLE_LINES.map((line) =>
    columns.map((c) => csvCell(line[c] ?? "")).join(","),
  );
  return `${[columns.join(","), ...lines].join("\r\n")}\r\n`;
}

/**
 * ONIX contributor roles (code list 17) onto the roles the editor credits (AUTHOR_ROLES), and no
 * others; the import page lists them.
 */
export const ONIX_ROLES = {
  A01: "著者",
  A07: "漫画",
  A10: "キャラクター原案",
  A12: "作画",
  A38: "原作",
} as const satisfies Record<string, AuthorRole>;

export const IMPORT_FORMATS = { csv: "CSV", onix: "ONIX 3.0（XML）" } as const;
export type ImportFormat = keyof typeof IMPORT_FORMATS;

/** An upload is bounded before it is read: 10 MB holds thousands of ONIX products. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The multipart form of POST /api/ops/catalog/import. */
export const importForm = z.object({
  file: z
    .instanceof(File, { message: "file: 取り込むファイルを選んでください" })
    .refine((f) => f.size > 0, "file: ファイルが空です")
    .refine(
      (f) => f.size <= IMPORT_MAX_BYTES,
      `file: ファイルは${IMPORT_MAX_BYTES / 1024 / 1024}MBまでです`,
    ),
  /** Blank: told from the file itself (XML or not). */
  format: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.enum(["csv", "onix"], { message: "format は csv か onix です" }).optional(),
  ),
  dry_run: z
    .enum(["true", "false"], { message: "dry_run は true か false です" })
    .default("true")
    .transform((v) => v === "true"),
});
export type ImportForm = z.infer<typeof importForm>;

/** What one delivered record would do, in the shop's words. */
export const IMPORT_ACTIONS = {
  series_create: "作品を追加",
  series_update: "作品を更新",
  volume_create: "巻を追加",
  volume_update: "巻を更新",
  author_create: "著者を追加",
  tag_create: "タグを追加",
  unchanged: "変更なし",
} as const;
export type ImportActionKind = keyof typeof IMPORT_ACTIONS;

export interface ImportFieldChange {
  /** The field in the shop's words (税込価格, 発売日…). */
  field: string;
  /** null: the field had no value (a new row). */
  before: string | null;
  after: string | null;
}

export interface ImportAction {
  kind: ImportActionKind;
  /** IMPORT_ACTIONS[kind], so every reader of the answer says the same. */
  label: string;
  /** Where the delivery named it: "3行目", "Product 2（ref）". */
  source: string;
  /** What it is about: "星降る図書館", "星降る図書館 3巻", "山田花子". */
  target: string;
  changes: ImportFieldChange[];
}

/** A record that cannot be imported, and why. */
export interface ImportProblem {
  source: string;
  message: string;
}

export interface ImportAnswer {
  dry_run: boolean;
  format: ImportFormat;
  actions: ImportAction[];
  problems: ImportProblem[];
}
