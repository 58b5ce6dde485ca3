import type { AppLoadContext } from "react-router";
import { catalogListQuery, referenceKindParams } from "../../../contract/ops-catalog";
import { editorRightsOf } from "../../../contract/ops-catalog-rules";
import { idFromPath } from "../../../contract/row-id";
import { NotFound } from "../../../server/lib/errors";
import { parseInput } from "../../../server/lib/input";
import {
  opsCatalogDramaCdList,
  opsCatalogDramaCdPage,
  opsCatalogPreviewPage,
  opsCatalogReferencePage,
  opsCatalogSeriesList,
  opsCatalogSeriesPage,
  opsCatalogVolumePage,
} from "../../../server/pages/ops-catalog";
import { orPageFailure, pageQuery } from "../../lib/page-failure.server";
import { requireOpsRight } from "../ops/ops.server";

/**
 * The catalog editor's pages (decision 0091). Each asks for ops.read first, as the calls do,
 * and answers the staff member's `rights` with its data, so the page locks what they may not
 * change (support reads only); the writes are the /api/ops/catalog calls, which check their own
 * rights.
 */

const idOr404 = (raw: string | undefined, message: string) => {
  const id = idFromPath(raw);
  if (id === null) throw new NotFound(message);
  return id;
};

/** The staff member's data for a page, with what they may change on it. */
async function withRights<T extends object>(
  context: AppLoadContext,
  request: Request,
  work: () => Promise<T>,
) {
  const staff = await requireOpsRight(context, request, "ops.read");
  const data = await orPageFailure(work);
  return { ...data, rights: editorRightsOf(staff.role) };
}

export function loadCatalogSeriesList(context: AppLoadContext, request: Request) {
  return withRights(context, request, async () => {
    const query = parseInput(catalogListQuery, pageQuery(request));
    return { query, list: await opsCatalogSeriesList(context.services, query) };
  });
}

export function loadCatalogSeries(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
) {
  return withRights(context, request, () =>
    opsCatalogSeriesPage(
      context.services,
      rawId === undefined ? null : idOr404(rawId, "作品が見つかりませんでした"),
    ),
  );
}

export function loadCatalogVolume(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
) {
  return withRights(context, request, () => {
    if (rawId !== undefined) {
      return opsCatalogVolumePage(context.services, {
        bookId: idOr404(rawId, "巻が見つかりませんでした"),
      });
    }
    const seriesId = idFromPath(new URL(request.url).searchParams.get("series"));
    if (seriesId === null) throw new NotFound("巻を追加する作品を選んでください");
    return opsCatalogVolumePage(context.services, { seriesId });
  });
}

export async function loadCatalogPreview(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
) {
  const staff = await requireOpsRight(context, request, "ops.read");
  const page = await orPageFailure(() =>
    opsCatalogPreviewPage(context.services, idOr404(rawId, "作品が見つかりませんでした"), staff),
  );
  return { ...page, rights: editorRightsOf(staff.role) };
}

export function loadCatalogDramaCds(context: AppLoadContext, request: Request) {
  return withRights(context, request, async () => {
    const query = parseInput(catalogListQuery, pageQuery(request));
    return { query, list: await opsCatalogDramaCdList(context.services, query) };
  });
}

export function loadCatalogDramaCd(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
) {
  return withRights(context, request, () =>
    opsCatalogDramaCdPage(
      context.services,
      rawId === undefined ? null : idOr404(rawId, "ドラマCDが見つかりませんでした"),
    ),
  );
}

export function loadCatalogReference(
  context: AppLoadContext,
  request: Request,
  rawKind: string | undefined,
) {
  return withRights(context, request, async () => {
    const { kind } = parseInput(referenceKindParams, { kind: rawKind });
    const query = parseInput(catalogListQuery, pageQuery(request));
    return { query, ...(await opsCatalogReferencePage(context.services, kind, query)) };
  });
}

/**
 * The bulk import page: its documented header for every staff member; the dry run for those who
 * may write the catalog, the import for those who may also set prices and dates.
 */
export function loadCatalogImport(context: AppLoadContext, request: Request) {
  return withRights(context, request, async () => ({}));
}
