import type { AppLoadContext } from "react-router";
import { catalogListQuery, referenceKindParams } from "../../../contract/ops-catalog";
import { roleMay } from "../../../contract/ops-roles";
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
 * The catalog editor's pages (decision 0091). Each asks for ops.read first, as the calls do;
 * the writes are the /api/ops/catalog calls, which check their own rights.
 */

const idOr404 = (raw: string | undefined, message: string) => {
  const id = idFromPath(raw);
  if (id === null) throw new NotFound(message);
  return id;
};

export async function loadCatalogSeriesList(context: AppLoadContext, request: Request) {
  await requireOpsRight(context, request, "ops.read");
  return orPageFailure(async () => {
    const query = parseInput(catalogListQuery, pageQuery(request));
    return { query, list: await opsCatalogSeriesList(context.services, query) };
  });
}

export async function loadCatalogSeries(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
) {
  await requireOpsRight(context, request, "ops.read");
  return orPageFailure(() =>
    opsCatalogSeriesPage(
      context.services,
      rawId === undefined ? null : idOr404(rawId, "作品が見つかりませんでした"),
    ),
  );
}

export async function loadCatalogVolume(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
) {
  await requireOpsRight(context, request, "ops.read");
  return orPageFailure(() => {
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
  return orPageFailure(() =>
    opsCatalogPreviewPage(context.services, idOr404(rawId, "作品が見つかりませんでした"), staff),
  );
}

export async function loadCatalogDramaCds(context: AppLoadContext, request: Request) {
  await requireOpsRight(context, request, "ops.read");
  return orPageFailure(async () => {
    const query = parseInput(catalogListQuery, pageQuery(request));
    return { query, list: await opsCatalogDramaCdList(context.services, query) };
  });
}

export async function loadCatalogDramaCd(
  context: AppLoadContext,
  request: Request,
  rawId: string | undefined,
) {
  await requireOpsRight(context, request, "ops.read");
  return orPageFailure(() =>
    opsCatalogDramaCdPage(
      context.services,
      rawId === undefined ? null : idOr404(rawId, "ドラマCDが見つかりませんでした"),
    ),
  );
}

export async function loadCatalogReference(
  context: AppLoadContext,
  request: Request,
  rawKind: string | undefined,
) {
  await requireOpsRight(context, request, "ops.read");
  return orPageFailure(async () => {
    const { kind } = parseInput(referenceKindParams, { kind: rawKind });
    const query = parseInput(catalogListQuery, pageQuery(request));
    return { query, ...(await opsCatalogReferencePage(context.services, kind, query)) };
  });
}

/** The bulk import page: for those who may write the catalog, its prices and its dates. */
export async function loadCatalogImport(context: AppLoadContext, request: Request) {
  const staff = await requireOpsRight(context, request, "catalog.write");
  return {
    mayImport: roleMay(staff.role, "prices.write") && roleMay(staff.role, "schedules.write"),
  };
}
