import { Hono } from "hono";
import type { z } from "zod";
import { catalogIdParams, catalogListQuery } from "../../../contract/ops-catalog";
import { lotteryPayload, newsPayload, stampCardPayload } from "../../../contract/ops-extras";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readParams, readQuery } from "../../lib/input";
import { staffWith } from "../staff/request";
import {
  changeNewsPublication,
  createLottery,
  createNews,
  createStampCard,
  editLottery,
  editNews,
  editStampCard,
  getLottery,
  getNews,
  getStampCard,
  listLotteries,
  listNews,
  listStampCards,
  type NewsAction,
} from "./service";

const NEWS_ACTIONS: NewsAction[] = ["publish", "withdraw", "restore"];

/**
 * /api/ops/news, /api/ops/stamp-cards, /api/ops/lotteries (issue 24): thin handlers, each the
 * role check first (reading: ops.read; writing: content.write), then the zod payload, then one
 * audited write.
 */
export function extrasEditorRoutes(services: AppServices): Hono<AppEnv> {
  const { db } = services;
  const deps = { db, changes: services.changes };
  const routes = new Hono<AppEnv>();

  const entity = <P extends z.ZodType>(spec: {
    path: string;
    key: string;
    list: (query: z.infer<typeof catalogListQuery>) => Promise<object>;
    get: (id: number) => Promise<unknown>;
    payload: P;
    create: (staff: Parameters<typeof createNews>[1], input: z.infer<P>) => Promise<unknown>;
    edit: (
      staff: Parameters<typeof createNews>[1],
      id: number,
      input: z.infer<P>,
    ) => Promise<unknown>;
  }) => {
    routes.get(spec.path, async (c) => {
      await staffWith(c, services, "ops.read");
      return c.json({ result: true, ...(await spec.list(readQuery(c, catalogListQuery))) });
    });
    routes.get(`${spec.path}/:id`, async (c) => {
      await staffWith(c, services, "ops.read");
      const { id } = readParams(c, catalogIdParams);
      return c.json({ result: true, [spec.key]: await spec.get(id) });
    });
    routes.post(spec.path, async (c) => {
      const staff = await staffWith(c, services, "content.write");
      const input = await readJson(c, spec.payload);
      return c.json({ result: true, [spec.key]: await spec.create(staff, input) });
    });
    routes.post(`${spec.path}/:id`, async (c) => {
      const staff = await staffWith(c, services, "content.write");
      const { id } = readParams(c, catalogIdParams);
      const input = await readJson(c, spec.payload);
      return c.json({ result: true, [spec.key]: await spec.edit(staff, id, input) });
    });
  };

  entity({
    path: "/news",
    key: "news",
    list: (q) => listNews(db, q),
    get: (id) => getNews(db, id),
    payload: newsPayload,
    create: (staff, input) => createNews(deps, staff, input),
    edit: (staff, id, input) => editNews(deps, staff, id, input),
  });
  for (const action of NEWS_ACTIONS) {
    routes.post(`/news/:id/${action}`, async (c) => {
      const staff = await staffWith(c, services, "content.write");
      const { id } = readParams(c, catalogIdParams);
      return c.json({ result: true, news: await changeNewsPublication(deps, staff, id, action) });
    });
  }
  entity({
    path: "/stamp-cards",
    key: "stamp_card",
    list: (q) => listStampCards(db, q),
    get: (id) => getStampCard(db, id),
    payload: stampCardPayload,
    create: (staff, input) => createStampCard(deps, staff, input),
    edit: (staff, id, input) => editStampCard(deps, staff, id, input),
  });
  entity({
    path: "/lotteries",
    key: "lottery",
    list: (q) => listLotteries(db, q),
    get: (id) => getLottery(db, id),
    payload: lotteryPayload,
    create: (staff, input) => createLottery(deps, staff, input),
    edit: (staff, id, input) => editLottery(deps, staff, id, input),
  });

  return routes;
}
