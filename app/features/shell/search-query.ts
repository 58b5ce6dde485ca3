/**
 * The search dialog's form and the /search address it leads to (spec 001 §2.1 short keys, §2.6,
 * §5). Multi-choice filters (genre, category, tag) repeat their key: gn=2&gn=5.
 */
export type FinishFilter = 0 | 1 | 2;
export type RatingFilter = "" | "3" | "4" | "4.5";

export interface SearchForm {
  word: string;
  genre: number[];
  category: number[];
  tag: number[];
  label: number | null;
  publisher: number | null;
  generation: number | null;
  rating: RatingFilter;
  /** Mandatory choice: 0 any, 1 complete, 2 ongoing. */
  finish: FinishFilter;
  /** Yen as typed; sent only when not empty. */
  priceStart: string;
  priceEnd: string;
}

export const EMPTY_SEARCH_FORM: SearchForm = {
  word: "",
  genre: [],
  category: [],
  tag: [],
  label: null,
  publisher: null,
  generation: null,
  rating: "",
  finish: 0,
  priceStart: "",
  priceEnd: "",
};

export const FINISH_OPTIONS: ReadonlyArray<{ value: FinishFilter; label: string }> = [
  { value: 0, label: "すべて" },
  { value: 1, label: "完結" },
  { value: 2, label: "連載中" },
];

export const RATING_OPTIONS: ReadonlyArray<{ value: RatingFilter; label: string }> = [
  { value: "", label: "指定なし" },
  { value: "3", label: "★3以上" },
  { value: "4", label: "★4以上" },
  { value: "4.5", label: "★4.5以上" },
];

export interface PricePreset {
  id: "any" | "free" | "to500" | "to1000" | "from1000";
  label: string;
  start: string;
  end: string;
}

/** Spec 001 §2.6: any, free 0-0, up to 500 yen 1-500, up to 1000 500-1000, 1000 or more. */
export const PRICE_PRESETS: readonly PricePreset[] = [
  { id: "any", label: "指定なし", start: "", end: "" },
  { id: "free", label: "無料", start: "0", end: "0" },
  { id: "to500", label: "〜500円", start: "1", end: "500" },
  { id: "to1000", label: "〜1,000円", start: "500", end: "1000" },
  { id: "from1000", label: "1,000円〜", start: "1000", end: "" },
];

/** The preset the two price fields match, or null when they hold another range. */
export function pricePresetOf(start: string, end: string): PricePreset["id"] | null {
  const s = start.trim();
  const e = end.trim();
  return PRICE_PRESETS.find((p) => p.start === s && p.end === e)?.id ?? null;
}

const yen = (value: string): string | null => {
  const v = value.trim();
  return /^\d{1,7}$/.test(v) ? String(Number(v)) : null;
};

/** A message when the price range cannot be searched, else null. */
export function priceProblem(form: Pick<SearchForm, "priceStart" | "priceEnd">): string | null {
  const start = form.priceStart.trim();
  const end = form.priceEnd.trim();
  if ((start !== "" && yen(start) === null) || (end !== "" && yen(end) === null)) {
    return "価格は0以上の整数で入力してください";
  }
  if (start !== "" && end !== "" && Number(start) > Number(end)) {
    return "価格の下限は上限以下にしてください";
  }
  return null;
}

/**
 * The /search address for the form, keys in the order wd gn cg lb pb tg gr rt ft ps pe; null when
 * neither a word nor any filter is set (a search needs something to search for).
 */
export function buildSearchUrl(form: SearchForm): string | null {
  const params = new URLSearchParams();
  const word = form.word.trim();
  if (word) params.set("wd", word);
  for (const g of form.genre) params.append("gn", String(g));
  for (const c of form.category) params.append("cg", String(c));
  if (form.label !== null) params.set("lb", String(form.label));
  if (form.publisher !== null) params.set("pb", String(form.publisher));
  for (const t of form.tag) params.append("tg", String(t));
  if (form.generation !== null) params.set("gr", String(form.generation));
  if (form.rating) params.set("rt", form.rating);
  if (form.finish !== 0) params.set("ft", String(form.finish));
  const start = yen(form.priceStart);
  const end = yen(form.priceEnd);
  if (start !== null) params.set("ps", start);
  if (end !== null) params.set("pe", end);
  const query = params.toString();
  return query ? `/search?${query}` : null;
}

const ids = (values: string[]) => values.map(Number).filter((n) => Number.isInteger(n) && n > 0);
const id = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
};

/** The form a /search address stands for, so the dialog opens with the current search. */
export function searchFormFromParams(params: URLSearchParams): SearchForm {
  const rating = params.get("rt") ?? "";
  const finish = Number(params.get("ft"));
  return {
    word: params.get("wd") ?? "",
    genre: ids(params.getAll("gn")),
    category: ids(params.getAll("cg")),
    tag: ids(params.getAll("tg")),
    label: id(params.get("lb")),
    publisher: id(params.get("pb")),
    generation: id(params.get("gr")),
    rating: RATING_OPTIONS.some((o) => o.value === rating) ? (rating as RatingFilter) : "",
    finish: finish === 1 || finish === 2 ? finish : 0,
    priceStart: yen(params.get("ps") ?? "") ?? "",
    priceEnd: yen(params.get("pe") ?? "") ?? "",
  };
}
