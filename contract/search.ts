import { z } from "zod";
import { integerIn, oneOfNumbers } from "./input";
import { INT4_MAX } from "./row-id";

/**
 * The search short keys (spec 001 §2.1, §5) as /api/search, /search and /more/{id} take them,
 * from a JSON body or a query string alike: numbers may come as text, tg/gn/cg as one value, a
 * list or comma-separated text, and an empty value means "not given".
 */
const blankToUndefined = (v: unknown) =>
  v === "" || v === null || (Array.isArray(v) && v.length === 0) ? undefined : v;

const id = (message: string) =>
  z.preprocess(
    (v) => blankToUndefined(Array.isArray(v) ? v[0] : v),
    integerIn(1, INT4_MAX, message).optional(),
  );

const idList = (message: string) =>
  z.preprocess(
    (v) => {
      const values = (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v])
        .flatMap((x) => (typeof x === "string" ? x.split(",") : [x]))
        .filter((x) => x !== "" && x !== null);
      return values;
    },
    z.array(integerIn(0, INT4_MAX, message)).max(20, message),
  );

const price = (message: string) =>
  z.preprocess(
    (v) => blankToUndefined(Array.isArray(v) ? v[0] : v),
    integerIn(0, 10_000_000, message).optional(),
  );

/** 0 おすすめ, 1 新着, 2 人気, 3 評価, 4 価格の安い順, 5 価格の高い順. */
export const SEARCH_SORTS = [0, 1, 2, 3, 4, 5] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SORT_LABELS: Record<SearchSort, string> = {
  0: "おすすめ順",
  1: "新着順",
  2: "人気順",
  3: "評価順",
  4: "価格の安い順",
  5: "価格の高い順",
};

/** Rating options of the detailed search (spec 001 §2.6): at least 3, 4 or 4.5 stars. */
export const RATING_OPTIONS = [3, 4, 4.5] as const;

export const searchInputSchema = z
  .object({
    tp: id("特集の指定が正しくありません"),
    wd: z.preprocess(
      (v) => (v === undefined || v === null ? "" : Array.isArray(v) ? v[0] : v),
      z
        .string({ message: "キーワードが正しくありません" })
        .max(100, "キーワードは100文字以内で入力してください")
        .transform((s) => s.replace(/\s+/gu, " ").trim()),
    ),
    tg: idList("タグの指定が正しくありません"),
    gn: idList("ジャンルの指定が正しくありません"),
    cg: idList("カテゴリの指定が正しくありません"),
    pb: id("出版社の指定が正しくありません"),
    lb: id("レーベルの指定が正しくありません"),
    mz: id("掲載誌の指定が正しくありません"),
    at: id("著者の指定が正しくありません"),
    gr: id("年代の指定が正しくありません"),
    rt: z.preprocess((v) => {
      const x = blankToUndefined(Array.isArray(v) ? v[0] : v);
      return x === 0 || x === "0" ? undefined : x;
    }, oneOfNumbers(RATING_OPTIONS, "評価は 3, 4, 4.5 のいずれかです").optional()),
    ft: z.preprocess(
      (v) => blankToUndefined(Array.isArray(v) ? v[0] : v) ?? 0,
      oneOfNumbers([0, 1, 2] as const, "完結の指定は 0, 1, 2 のいずれかです"),
    ),
    ps: price("価格の下限が正しくありません"),
    pe: price("価格の上限が正しくありません"),
    pn: z.preprocess(
      (v) => blankToUndefined(Array.isArray(v) ? v[0] : v) ?? 1,
      integerIn(1, 1000, "ページ番号は1〜1000の整数で指定してください"),
    ),
    sort: z.preprocess(
      (v) => blankToUndefined(Array.isArray(v) ? v[0] : v) ?? 0,
      oneOfNumbers(SEARCH_SORTS, "並び順が正しくありません"),
    ),
  })
  .superRefine((input, ctx) => {
    if (input.ps !== undefined && input.pe !== undefined && input.ps > input.pe) {
      ctx.addIssue({
        code: "custom",
        path: ["pe"],
        message: "価格の上限は下限以上にしてください",
      });
    }
  })
  .transform((input) => ({
    ...input,
    // 0 すべて and 1 総合 mean every genre.
    gn: [...new Set(input.gn.filter((g) => g > 1))],
    tg: [...new Set(input.tg.filter((t) => t > 0))],
    cg: [...new Set(input.cg.filter((c) => c > 0))],
  }));

export type SearchInput = z.output<typeof searchInputSchema>;

/** Keys of a URL's query as the schema reads them: repeated keys become lists. */
export function searchParamsObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length > 1 ? all : all[0]!;
  }
  return out;
}

/** A search runs only with a word or some filter (spec 001 §5). */
export function hasCondition(input: SearchInput): boolean {
  return (
    input.wd !== "" ||
    input.tp !== undefined ||
    input.tg.length > 0 ||
    input.gn.length > 0 ||
    input.cg.length > 0 ||
    input.pb !== undefined ||
    input.lb !== undefined ||
    input.mz !== undefined ||
    input.at !== undefined ||
    input.gr !== undefined ||
    input.rt !== undefined ||
    input.ft !== 0 ||
    input.ps !== undefined ||
    input.pe !== undefined
  );
}

/** The search pattern of an answer (spec 001 §3), plus the keys the page also shows. */
export function searchCondition(input: SearchInput) {
  return {
    word: input.wd,
    genre: input.gn,
    category: input.cg,
    label: input.lb ?? null,
    publisher: input.pb ?? null,
    tag: input.tg,
    generation: input.gr ?? null,
    rating: input.rt ?? null,
    final: input.ft,
    pricestart: input.ps ?? null,
    priceend: input.pe ?? null,
    type: input.tp ?? null,
    page: input.pn,
    author: input.at ?? null,
    magazine: input.mz ?? null,
    sort: input.sort,
  };
}

export type SearchCondition = ReturnType<typeof searchCondition>;

/** The query string of a search, empty keys left out, for links (paging, sort, filters). */
export function searchQueryString(input: Partial<Record<string, unknown>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      for (const v of value) params.append(key, String(v));
    } else {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
