import { Hono } from "hono";
import { z } from "zod";
import { GENRE_IDS } from "../../../contract/genres";
import { oneOfNumbers } from "../../../contract/input";
import { homeDraftPayload } from "../../../contract/ops-home";
import type { AppEnv, AppServices } from "../../lib/context";
import { readJson, readParams } from "../../lib/input";
import { staffWith } from "../staff/request";
import {
  discardDraft,
  homeEditor,
  homeEditorTabs,
  homePreviewToken,
  publishDraft,
  saveDraft,
} from "./service";

const genreParams = z.object({
  genre: oneOfNumbers(GENRE_IDS, "ジャンルは 1〜6・20・21 のいずれかで指定してください"),
});

/**
 * /api/ops/home (issue 24): the home-layout editor's calls, each the role check first (reading:
 * ops.read; the draft, its preview and publishing: content.write), then the zod payload.
 */
export function homeEditorRoutes(services: AppServices): Hono<AppEnv> {
  const deps = { db: services.db, changes: services.changes };
  const routes = new Hono<AppEnv>();

  routes.get("/home", async (c) => {
    await staffWith(c, services, "ops.read");
    return c.json({ result: true, tabs: await homeEditorTabs(services.db) });
  });
  routes.get("/home/:genre", async (c) => {
    await staffWith(c, services, "ops.read");
    const { genre } = readParams(c, genreParams);
    return c.json({ result: true, editor: await homeEditor(services.db, genre) });
  });
  routes.post("/home/:genre/draft", async (c) => {
    const staff = await staffWith(c, services, "content.write");
    const { genre } = readParams(c, genreParams);
    const input = await readJson(c, homeDraftPayload);
    return c.json({ result: true, editor: await saveDraft(deps, staff, genre, input) });
  });
  routes.post("/home/:genre/draft/discard", async (c) => {
    const staff = await staffWith(c, services, "content.write");
    const { genre } = readParams(c, genreParams);
    return c.json({ result: true, editor: await discardDraft(deps, staff, genre) });
  });
  routes.post("/home/:genre/publish", async (c) => {
    const staff = await staffWith(c, services, "content.write");
    const { genre } = readParams(c, genreParams);
    return c.json({ result: true, ...(await publishDraft(deps, staff, genre)) });
  });
  // The address of /home showing the draft; it works only with this staff member's session.
  routes.post("/home/:genre/preview", async (c) => {
    const staff = await staffWith(c, services, "content.write");
    const { genre } = readParams(c, genreParams);
    return c.json({
      result: true,
      token: homePreviewToken(services.sessionSecret, staff.userId, genre, new Date()),
    });
  });

  return routes;
}
