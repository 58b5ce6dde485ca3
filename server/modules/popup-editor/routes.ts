import { Hono } from "hono";
import { catalogIdParams } from "../../../contract/ops-catalog";
import { popupCountsQuery, popupListQuery, popupPayload } from "../../../contract/ops-popups";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readParams, readQuery } from "../../lib/input";
import { staffWith } from "../staff/request";
import {
  changePopupWithdrawal,
  createPopup,
  editPopup,
  getPopup,
  listPopups,
  type PopupAction,
} from "./service";

const ACTIONS: PopupAction[] = ["withdraw", "restore"];

/**
 * /api/ops/popups (issue 24): the role check first (reading: ops.read; writing: content.write),
 * then the zod payload, then one audited write.
 */
export function popupEditorRoutes(services: AppServices): Hono<AppEnv> {
  const { db } = services;
  const deps = { db, changes: services.changes };
  const routes = new Hono<AppEnv>();

  routes.get("/popups", async (c) => {
    await staffWith(c, services, "ops.read");
    return c.json({ result: true, ...(await listPopups(db, readQuery(c, popupListQuery))) });
  });
  routes.get("/popups/:id", async (c) => {
    await staffWith(c, services, "ops.read");
    const { id } = readParams(c, catalogIdParams);
    const popup = await getPopup(db, id, readQuery(c, popupCountsQuery));
    return c.json({ result: true, popup });
  });
  routes.post("/popups", async (c) => {
    const staff = await staffWith(c, services, "content.write");
    const input = await readJson(c, popupPayload);
    return c.json({ result: true, popup: await createPopup(deps, staff, input) });
  });
  routes.post("/popups/:id", async (c) => {
    const staff = await staffWith(c, services, "content.write");
    const { id } = readParams(c, catalogIdParams);
    const input = await readJson(c, popupPayload);
    return c.json({ result: true, popup: await editPopup(deps, staff, id, input) });
  });
  for (const action of ACTIONS) {
    routes.post(`/popups/:id/${action}`, async (c) => {
      const staff = await staffWith(c, services, "content.write");
      const { id } = readParams(c, catalogIdParams);
      return c.json({ result: true, popup: await changePopupWithdrawal(deps, staff, id, action) });
    });
  }
  return routes;
}
