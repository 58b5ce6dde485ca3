import { parse } from "csv-parse/sync";
import { CSV_COLUMNS, type CsvColumn } from "../../../contract/catalog-import";
import {
  checkRecord,
  type ImportContributor,
  isProblem,
  MAX_IMPORT_RECORDS,
  type ReadResult,
  refuseRepeats,
} from "./records";

const REQUIRED: CsvColumn[] = [
  "series_title",
  "publisher",
  "authors",
  "volume",
  "volume_title",
  "price_inc",
  "release_date",
];

const list = (value: string | undefined) =>
  (value ?? "")
    .split("|")
    .map((v) => v.trim())
    .filter((v) => v !== "");

/** "原作:山田花子/ヤマダハナコ" → role 原作, name 山田花子, reading ヤマダハナコ. */
function contributors(value: string | undefined): ImportContributor[] | string {
  const out: ImportContributor[] = [];
  for (const part of list(value)) {
    const colon = part.search(/[:：]/);
    if (colon < 0) return `著者「${part}」は 役割:名前 の形で指定してください`;
    const role = part.slice(0, colon).trim();
    const [name, nameKana = ""] = part
      .slice(colon + 1)
      .split("/")
      .map((v) => v.trim());
    out.push({ role, name, nameKana });
  }
  return out;
}

const whole = (value: string | undefined) => {
  const v = (value ?? "").trim();
  return v === "" ? null : /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
};

/**
 * Reads a catalog CSV into records; each line that cannot be imported is a problem naming its
 * line (the header is line 1). A file whose header is not the documented one is refused whole.
 */
export function readCatalogCsv(input: string): ReadResult {
  let rows: { record: Record<string, string>; info: { lines: number } }[];
  try {
    rows = parse(input, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim()),
      skip_empty_lines: true,
      info: true,
      trim: true,
      max_record_size: 64 * 1024,
    }) as typeof rows;
  } catch (error) {
    return {
      records: [],
      problems: [
        { source: "ファイル", message: `CSVとして読めません（${(error as Error).message}）` },
      ],
    };
  }
  if (rows.length === 0)
    return { records: [], problems: [{ source: "ファイル", message: "登録する行がありません" }] };
  const header = Object.keys(rows[0].record);
  const unknown = header.filter((h) => !(h in CSV_COLUMNS));
  const missing = REQUIRED.filter((h) => !header.includes(h));
  if (unknown.length > 0 || missing.length > 0)
    return {
      records: [],
      problems: [
        {
          source: "1行目（見出し）",
          message: [
            unknown.length > 0 ? `不明な列: ${unknown.join(", ")}` : "",
            missing.length > 0 ? `必須の列がありません: ${missing.join(", ")}` : "",
          ]
            .filter(Boolean)
            .join("。"),
        },
      ],
    };
  if (rows.length > MAX_IMPORT_RECORDS)
    return {
      records: [],
      problems: [
        { source: "ファイル", message: `一度に登録できるのは${MAX_IMPORT_RECORDS}行までです` },
      ],
    };

  const result: ReadResult = { records: [], problems: [] };
  for (const { record: row, info } of rows) {
    const source = `${info.lines}行目`;
    const credits = contributors(row.authors);
    if (typeof credits === "string") {
      result.problems.push({ source, message: credits });
      continue;
    }
    const complete = (row.complete ?? "").trim();
    if (complete !== "" && complete !== "0" && complete !== "1") {
      result.problems.push({ source, message: "完結は1または0で指定してください" });
      continue;
    }
    const checked = checkRecord(source, {
      series: {
        title: row.series_title,
        titleKana: row.series_title_kana ?? "",
        publisher: row.publisher,
        label: row.label ?? null,
        magazine: row.magazine ?? null,
        description: row.series_description ?? null,
        complete: complete === "" ? null : complete === "1",
        genres: list(row.genres),
        tags: list(row.tags),
        contributors: credits,
      },
      volume: {
        number: whole(row.volume),
        title: row.volume_title,
        priceInc: whole(row.price_inc),
        releaseAt: row.release_date ?? "",
        pageCount: whole(row.page_count),
        trialPages: whole(row.trial_pages),
        description: row.volume_description ?? null,
        isbn: (row.isbn ?? "").replace(/-/g, "") || null,
      },
    });
    if (isProblem(checked)) result.problems.push(checked);
    else result.records.push(checked);
  }
  return refuseRepeats(result);
}
