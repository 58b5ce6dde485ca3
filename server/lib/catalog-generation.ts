/**
 * How many catalog changes this process has heard (decision 0087). What is kept about the
 * catalog (cache.ts entries made with `catalog: true`, kept pages, member answers) is dropped
 * when the count moves. The count lives on globalThis because the page bundle (React Router's
 * build, whose loaders import the server's modules) carries its own copy of these modules: both
 * copies must see one count.
 */
export type SearchReread = (seriesIds: readonly number[] | "all") => void;

interface CatalogState {
  catalog: number;
  search: number;
  rereads: Set<SearchReread>;
}

const KEY = Symbol.for("komaya.catalog-generation");
const holder = globalThis as unknown as Record<symbol, CatalogState | undefined>;
holder[KEY] ??= { catalog: 0, search: 0, rereads: new Set() };
const state = holder[KEY];

export function catalogGeneration(): number {
  return state.catalog;
}

/** The catalog changed: everything kept about it is stale from now on. */
export function forgetCatalog(): void {
  state.catalog++;
}

/** How many times the search tables were brought up to date for a change. */
export function searchGeneration(): number {
  return state.search;
}

/** A copy of the search tables (each bundle's) asks to be told when to read them again. */
export function onSearchReread(reread: SearchReread): void {
  state.rereads.add(reread);
}

/** The search tables now hold the change: every copy of them reads these series again. */
export function rereadSearch(seriesIds: readonly number[] | "all"): void {
  state.search++;
  for (const reread of state.rereads) reread(seriesIds);
}
