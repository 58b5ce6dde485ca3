import type { SeriesItem } from "../../contract/items";
import type { CatalogListQuery, ReferenceKind } from "../../contract/ops-catalog";
import type { SeriesMain } from "../../contract/series";
import type { AppServices } from "../lib/context";
import { bookItems, seriesItems } from "../modules/cards/series-items";
import { seriesFormChoices } from "../modules/catalog/editing";
import {
  getDramaCd,
  getSeries,
  getVolume,
  listDramaCds,
  listReferences,
  listSeries,
} from "../modules/catalog-editor/service";
import { dramaCdFormChoices } from "../modules/dramacd/editing";
import type { Staff } from "../modules/staff/service";
import { loadSeriesFacts, personalSeriesMainOf } from "./series-answers";

/**
 * The catalog editor's pages (decision 0091) and its live preview: an unpublished series or
 * volume drawn by the store's own assemblers, as a visitor and as a member would see it once
 * published, before it is.
 */

export type PreviewViewer = "visitor" | "member";

export interface SeriesPreview {
  /** The series page's main answer, as the series page renders it. */
  main: SeriesMain;
  /** The series card lists show. */
  card: SeriesItem;
  /** Each volume's card (new releases, rankings by volume). */
  volume_cards: SeriesItem[];
}

/**
 * The series page and cards of a series whatever its state, at `now`. The member view is the
 * signed-in staff member's own account, so member-only prices and free volumes show as a member
 * sees them. null: no such series (or withdrawn).
 */
export async function seriesPreview(
  services: AppServices,
  seriesId: number,
  as: PreviewViewer,
  staff: Staff,
  now = new Date(),
): Promise<SeriesPreview | null> {
  const { db } = services;
  const facts = await loadSeriesFacts(db, seriesId, now, true, true);
  if (!facts) return null;
  const viewer = { userId: as === "member" ? staff.userId : null };
  const [main, [card], volumeCards] = await Promise.all([
    personalSeriesMainOf(db, facts, viewer, now),
    seriesItems(db, [seriesId], { now, preview: true }),
    bookItems(
      db,
      facts.books.map((b) => b.bookId),
      { now, preview: true },
    ),
  ]);
  if (!card) return null;
  // The stored count follows what is in the store; the preview counts as if all were published.
  const volumeCount = facts.books.filter((b) => b.onsaleFlag && b.itemStartDate <= now).length;
  return {
    main: { ...main, series: { ...main.series, volume_count: volumeCount } },
    card: { ...card, volume_count: volumeCount },
    volume_cards: volumeCards.map((c) => ({ ...c, volume_count: volumeCount })),
  };
}

/** One volume's card and its row on the series page, whatever its state. null: none. */
export async function volumePreview(
  services: AppServices,
  bookId: number,
  as: PreviewViewer,
  staff: Staff,
  now = new Date(),
) {
  const volume = await getVolume(services.db, bookId, now).catch(() => null);
  if (!volume) return null;
  const series = await seriesPreview(services, volume.series_id, as, staff, now);
  if (!series) return null;
  const card = series.volume_cards.find((c) => c.book_id === bookId) ?? null;
  const book = series.main.books.find((b) => b.book_id === bookId) ?? null;
  return { series_id: volume.series_id, card, book };
}

export function opsCatalogSeriesList(services: AppServices, query: CatalogListQuery) {
  return listSeries(services.db, query);
}

/** The series form: the series (none when new) and what its pickers offer. */
export async function opsCatalogSeriesPage(services: AppServices, seriesId: number | null) {
  const [series, choices] = await Promise.all([
    seriesId === null ? null : getSeries(services.db, seriesId),
    seriesFormChoices(services.db),
  ]);
  return { series, choices };
}

export async function opsCatalogVolumePage(
  services: AppServices,
  target: { bookId: number } | { seriesId: number },
) {
  const volume = "bookId" in target ? await getVolume(services.db, target.bookId) : null;
  const series = await getSeries(
    services.db,
    volume?.series_id ?? (target as { seriesId: number }).seriesId,
  );
  return {
    volume,
    series: { series_id: series.series_id, name: series.name, volumes: series.volumes },
  };
}

/** The preview page: both viewers side by side. */
export async function opsCatalogPreviewPage(services: AppServices, seriesId: number, staff: Staff) {
  const [visitor, member, series] = await Promise.all([
    seriesPreview(services, seriesId, "visitor", staff),
    seriesPreview(services, seriesId, "member", staff),
    getSeries(services.db, seriesId),
  ]);
  return { visitor, member, series };
}

export function opsCatalogDramaCdList(services: AppServices, query: CatalogListQuery) {
  return listDramaCds(services.db, query);
}

export async function opsCatalogDramaCdPage(services: AppServices, cdId: number | null) {
  const [cd, choices] = await Promise.all([
    cdId === null ? null : getDramaCd(services.db, cdId),
    dramaCdFormChoices(services.db),
  ]);
  return { cd, choices };
}

export async function opsCatalogReferencePage(
  services: AppServices,
  kind: ReferenceKind,
  query: CatalogListQuery,
) {
  const [list, choices] = await Promise.all([
    listReferences(services.db, kind, query),
    kind === "labels" || kind === "magazines" ? seriesFormChoices(services.db) : null,
  ]);
  return { kind, list, publishers: choices?.publishers ?? [] };
}
