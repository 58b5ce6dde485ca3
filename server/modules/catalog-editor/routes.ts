import { Hono } from "hono";
import {
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
import type { AppEnv, AppServices } from "../../lib/context";
import { NotFound } from "../../lib/errors";
import { readJson, readParams, readQuery } from "../../lib/input";
import { seriesFormChoices } from "../catalog/editing";
import { dramaCdFormChoices } from "../dramacd/editing";
import { staffWith } from "../staff/request";
import type { Staff } from "../staff/service";
import {
  changeDramaCdPublication,
  changeReferencePublication,
  changeSeriesPublication,
  changeVolumePublication,
  createDramaCd,
  createReference,
  createSeries,
  createTrack,
  createVolume,
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

  // ---- series
  routes.get("/series", async (c) => {
    await staffWith(c, services, "ops.read");
    return c.json({ result: true, ...(await listSeries(db, readQuery(c, catalogListQuery))) });
  });
  routes.get("/series/:id", async (c) => {
    await staffWith(c, services, "ops.read");
    const { id } = readParams(c, catalogIdParams);
    return c.json({ result: true, series: await getSeries(db, id) });
  });
  routes.get("/series/:id/preview", async (c) => {
    const staff = await staffWith(c, services, "ops.read");
    const { id } = readParams(c, catalogIdParams);
    const { as } = readQuery(c, previewQuery);
    const preview = await previews.seriesPreview(services, id, as, staff);
    if (!preview) throw new NotFound("作品が見つかりませんでした");
    return c.json({ result: true, as, ...(preview as object) });
  });
  routes.post("/series", async (c) => {
    const staff = await staffWith(c, services, "catalog.write");
    const input = await readJson(c, seriesPayload);
    return c.json({ result: true, series: await createSeries(deps, staff, input) });
  });
  routes.post("/series/:id", async (c) => {
    const staff = await staffWith(c, services, "catalog.write");
    const { id } = readParams(c, catalogIdParams);
    const input = await readJson(c, seriesPayload);
    return c.json({ result: true, series: await editSeries(deps, staff, id, input) });
  });
  for (const action of ACTIONS) {
    routes.post(`/series/:id/${action}`, async (c) => {
      const staff = await staffWith(
        c,
        services,
        action === "publish" ? "schedules.write" : "catalog.write",
      );
      const { id } = readParams(c, catalogIdParams);
      return c.json({
        result: true,
        series: await changeSeriesPublication(deps, staff, id, action),
      });
    });
  }

  // ---- volumes
  routes.get("/volumes", async (c) => {
    await staffWith(c, services, "ops.read");
    return c.json({ result: true, ...(await listVolumes(db, readQuery(c, catalogListQuery))) });
  });
  routes.get("/volumes/:id", async (c) => {
    await staffWith(c, services, "ops.read");
    const { id } = readParams(c, catalogIdParams);
    return c.json({ result: true, volume: await getVolume(db, id) });
  });
  routes.get("/volumes/:id/preview", async (c) => {
    const staff = await staffWith(c, services, "ops.read");
    const { id } = readParams(c, catalogIdParams);
    const { as } = readQuery(c, previewQuery);
    const preview = await previews.volumePreview(services, id, as, staff);
    if (!preview) throw new NotFound("巻が見つかりませんでした");
    return c.json({ result: true, as, ...(preview as object) });
  });
  routes.post("/volumes", async (c) => {
    const staff = await staffWith(c, services, "catalog.write");
    const input = await readJson(c, volumeCreatePayload);
    return c.json({ result: true, volume: await createVolume(deps, staff, input) });
  });
  routes.post("/volumes/:id", async (c) => {
    const staff = await staffWith(c, services, "catalog.write");
    const { id } = readParams(c, catalogIdParams);
    const input = await readJson(c, volumeUpdatePayload);
    return c.json({ result: true, volume: await editVolume(deps, staff, id, input) });
  });
  for (const action of ACTIONS) {
    routes.post(`/volumes/:id/${action}`, async (c) => {
      const staff = await staffWith(
        c,
        services,
        action === "publish" ? "schedules.write" : "catalog.write",
      );
      const { id } = readParams(c, catalogIdParams);
      return c.json({
        result: true,
        volume: await changeVolumePublication(deps, staff, id, action),
      });
    });
  }

  // ---- drama CDs and their tracks
  routes.get("/drama-cds", async (c) => {
    await staffWith(c, services, "ops.read");
    return c.json({ result: true, ...(await listDramaCds(db, readQuery(c, catalogListQuery))) });
  });
  routes.get("/drama-cds/:id", async (c) => {
    await staffWith(c, services, "ops.read");
    const { id } = readParams(c, catalogIdParams);
    return c.json({ result: true, drama_cd: await getDramaCd(db, id) });
  });
  routes.post("/drama-cds", async (c) => {
    const staff = await staffWith(c, services, "catalog.write");
    const input = await readJson(c, dramaCdPayload);
    return c.json({ result: true, drama_cd: await createDramaCd(deps, staff, input) });
  });
  routes.post("/drama-cds/:id", async (c) => {
    const staff = await staffWith(c, services, "catalog.write");
    const { id } = readParams(c, catalogIdParams);
    const input = await readJson(c, dramaCdPayload);
    return c.json({ result: true, drama_cd: await editDramaCd(deps, staff, id, input) });
  });
  for (const action of ACTIONS) {
    routes.post(`/drama-cds/:id/${action}`, async (c) => {
      const staff = await staffWith(
        c,
        services,
        action === "publish" ? "schedules.write" : "catalog.write",
      );
      const { id } = readParams(c, catalogIdParams);
      return c.json({
        result: true,
        drama_cd: await changeDramaCdPublication(deps, staff, id, action),
      });
    });
  }
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
