import { Hono } from "hono";
import type { z } from "zod";
import {
  type CatalogListQuery,
  catalogIdParams,
  catalogListQuery,
  dramaCdPayload,
  previewQuery,
  referenceKindParams,
  referenceParams,
  referencePayloads,
  seriesPayload,
  trackPayload,
  volumeCreatePayload,
  volumeUpdatePayload,
} from "../../../contract/ops-catalog";
import type { Db } from "../../db/client";
import type { AppEnv, AppServices } from "../../lib/context";
import { NotFound } from "../../lib/errors";
import { readJson, readParams, readQuery } from "../../lib/input";
import { seriesFormChoices } from "../catalog/editing";
import { dramaCdFormChoices } from "../dramacd/editing";
import { staffWith } from "../staff/request";
import type { Staff } from "../staff/service";
import {
  changePublication,
  changeReferencePublication,
  changeTrackWithdrawal,
  createDramaCd,
  createReference,
  createSeries,
  createTrack,
  createVolume,
  type EditorDeps,
  editDramaCd,
  editReference,
  editSeries,
  editTrack,
  editVolume,
  getDramaCd,
  getReference,
  getSeries,
  getVolume,
  listDramaCds,
  listReferences,
  listSeries,
  listVolumes,
  type PublicationAction,
  type Publishable,
} from "./service";

/**
 * The editor's look at an unpublished series or volume through the store's own assemblers
 * (server/pages/ops-catalog.ts), handed in by the registry since modules sit below pages.
 */
export interface CatalogPreviews {
  seriesPreview(
    services: AppServices,
    seriesId: number,
    as: "visitor" | "member",
    staff: Staff,
  ): Promise<unknown | null>;
  volumePreview(
    services: AppServices,
    bookId: number,
    as: "visitor" | "member",
    staff: Staff,
  ): Promise<unknown | null>;
}

const ACTIONS: PublicationAction[] = ["publish", "withdraw", "restore"];

/** A series, volume or drama CD as the editor's routes handle it; the answer is keyed by `entity`. */
interface EditedEntity<Create extends z.ZodType, Edit extends z.ZodType> {
  path: "/series" | "/volumes" | "/drama-cds";
  entity: Publishable;
  list(db: Db, query: CatalogListQuery): Promise<object>;
  get(db: Db, id: number): Promise<unknown>;
  preview?: { show: CatalogPreviews["seriesPreview"]; notFound: string };
  create: {
    payload: Create;
    write(deps: EditorDeps, staff: Staff, input: z.infer<Create>): Promise<unknown>;
  };
  edit: {
    payload: Edit;
    write(deps: EditorDeps, staff: Staff, id: number, input: z.infer<Edit>): Promise<unknown>;
  };
}

/**
 * One entity's list, row, preview, create, edit and publication routes: reading needs ops.read,
 * writing catalog.write, publishing schedules.write (withdraw and restore: catalog.write).
 */
function editedEntityRoutes<Create extends z.ZodType, Edit extends z.ZodType>(
  routes: Hono<AppEnv>,
  services: AppServices,
  { path, entity, list, get, preview, create, edit }: EditedEntity<Create, Edit>,
) {
  const { db } = services;
  const deps = { db, changes: services.changes };
  routes.get(path, async (c) => {
    await staffWith(c, services, "ops.read");
    return c.json({ result: true, ...(await list(db, readQuery(c, catalogListQuery))) });
  });
  routes.get(`${path}/:id`, async (c) => {
    await staffWith(c, services, "ops.read");
    const { id } = readParams(c, catalogIdParams);
    return c.json({ result: true, [entity]: await get(db, id) });
  });
  if (preview) {
    routes.get(`${path}/:id/preview`, async (c) => {
      const staff = await staffWith(c, services, "ops.read");
      const { id } = readParams(c, catalogIdParams);
      const { as } = readQuery(c, previewQuery);
      const shown = await preview.show(services, id, as, staff);
      if (!shown) throw new NotFound(preview.notFound);
      return c.json({ result: true, as, ...(shown as object) });
    });
  }
  routes.post(path, async (c) => {
    const staff = await staffWith(c, services, "catalog.write");
    const input = await readJson(c, create.payload);
    return c.json({ result: true, [entity]: await create.write(deps, staff, input) });
  });
  routes.post(`${path}/:id`, async (c) => {
    const staff = await staffWith(c, services, "catalog.write");
    const { id } = readParams(c, catalogIdParams);
    const input = await readJson(c, edit.payload);
    return c.json({ result: true, [entity]: await edit.write(deps, staff, id, input) });
  });
  for (const action of ACTIONS) {
    routes.post(`${path}/:id/${action}`, async (c) => {
      const staff = await staffWith(
        c,
        services,
        action === "publish" ? "schedules.write" : "catalog.write",
      );
      const { id } = readParams(c, catalogIdParams);
      return c.json({
        result: true,
        [entity]: await changePublication(deps, staff, entity, id, action),
      });
    });
  }
}

/**
 * /api/ops/catalog (issue 23, decision 0091): thin handlers. Each starts with the role check
 * (reading: ops.read; writing: catalog.write, publishing: schedules.write; the service asks for
 * prices.write and schedules.write when a write touches prices or dates), then the zod payload,
 * then one audited write.
 */
export function catalogEditorRoutes(
  services: AppServices,
  previews: CatalogPreviews,
): Hono<AppEnv> {
  const { db } = services;
  const deps = { db, changes: services.changes };
  const routes = new Hono<AppEnv>();

  routes.get("/choices", async (c) => {
    await staffWith(c, services, "ops.read");
    const [series, cds] = await Promise.all([seriesFormChoices(db), dramaCdFormChoices(db)]);
    return c.json({ result: true, ...series, cd_brands: cds.brands, cd_labels: cds.labels });
  });

  editedEntityRoutes(routes, services, {
    path: "/series",
    entity: "series",
    list: listSeries,
    get: getSeries,
    preview: { show: previews.seriesPreview, notFound: "作品が見つかりませんでした" },
    create: { payload: seriesPayload, write: createSeries },
    edit: { payload: seriesPayload, write: editSeries },
  });
  editedEntityRoutes(routes, services, {
    path: "/volumes",
    entity: "volume",
    list: listVolumes,
    get: getVolume,
    preview: { show: previews.volumePreview, notFound: "巻が見つかりませんでした" },
    create: { payload: volumeCreatePayload, write: createVolume },
    edit: { payload: volumeUpdatePayload, write: editVolume },
  });
  editedEntityRoutes(routes, services, {
    path: "/drama-cds",
    entity: "drama_cd",
    list: listDramaCds,
    get: getDramaCd,
    create: { payload: dramaCdPayload, write: createDramaCd },
    edit: { payload: dramaCdPayload, write: editDramaCd },
  });

  // ---- a drama CD's tracks
  routes.post("/drama-cds/:id/tracks", async (c) => {
    const staff = await staffWith(c, services, "catalog.write");
    const { id } = readParams(c, catalogIdParams);
    const input = await readJson(c, trackPayload);
    return c.json({ result: true, track: await createTrack(deps, staff, id, input) });
  });
  routes.post("/tracks/:id", async (c) => {
    const staff = await staffWith(c, services, "catalog.write");
    const { id } = readParams(c, catalogIdParams);
    const input = await readJson(c, trackPayload);
    return c.json({ result: true, track: await editTrack(deps, staff, id, input) });
  });
  for (const action of ["withdraw", "restore"] as const) {
    routes.post(`/tracks/:id/${action}`, async (c) => {
      const staff = await staffWith(c, services, "catalog.write");
      const { id } = readParams(c, catalogIdParams);
      return c.json({ result: true, track: await changeTrackWithdrawal(deps, staff, id, action) });
    });
  }

  // ---- reference lists: authors, publishers, labels, magazines, genres, categories, tags
  routes.get("/:kind", async (c) => {
    await staffWith(c, services, "ops.read");
    const { kind } = readParams(c, referenceKindParams);
    return c.json({
      result: true,
      kind,
      ...(await listReferences(db, kind, readQuery(c, catalogListQuery))),
    });
  });
  routes.get("/:kind/:id", async (c) => {
    await staffWith(c, services, "ops.read");
    const { kind, id } = readParams(c, referenceParams);
    return c.json({ result: true, kind, row: await getReference(db, kind, id) });
  });
  routes.post("/:kind", async (c) => {
    const staff = await staffWith(c, services, "catalog.write");
    const { kind } = readParams(c, referenceKindParams);
    const input = await readJson(c, referencePayloads[kind]);
    return c.json({ result: true, row: await createReference(deps, staff, kind, input) });
  });
  routes.post("/:kind/:id", async (c) => {
    const staff = await staffWith(c, services, "catalog.write");
    const { kind, id } = readParams(c, referenceParams);
    const input = await readJson(c, referencePayloads[kind]);
    return c.json({ result: true, row: await editReference(deps, staff, kind, id, input) });
  });
  for (const action of ["withdraw", "restore"] as const) {
    routes.post(`/:kind/:id/${action}`, async (c) => {
      const staff = await staffWith(c, services, "catalog.write");
      const { kind, id } = readParams(c, referenceParams);
      return c.json({
        result: true,
        row: await changeReferencePublication(deps, staff, kind, id, action),
      });
    });
  }

  return routes;
}
