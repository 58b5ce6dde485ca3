import { Hono } from "hono";
import { importForm } from "../../../contract/catalog-import";
import { OPS_RIGHTS, type OpsRight, roleMay } from "../../../contract/ops-roles";
import type { AppEnv, AppServices } from "../../lib/context";
import { ApiError, BadInput } from "../../lib/errors";
import { parseInput } from "../../lib/input";
import { staffWith } from "../staff/request";
import { ImportRefused, importDelivery, sniffFormat } from "./service";

/** The import sets prices and release dates as well as the catalog. */
const ALSO_NEEDED: OpsRight[] = ["prices.write", "schedules.write"];

/**
 * POST /api/ops/catalog/import (decision 0093): a multipart upload (`file`, `format`, `dry_run`),
 * bounded in size by the app before it is read (IMPORT_MAX_BYTES). A dry run answers the plan;
 * an import answers what it wrote, or 400 with the problems and nothing written.
 */
export function catalogImportRoutes(services: AppServices): Hono<AppEnv> {
  const deps = { db: services.db, changes: services.changes };
  const routes = new Hono<AppEnv>();

  routes.post("/", async (c) => {
    const staff = await staffWith(c, services, "catalog.write");
    for (const right of ALSO_NEEDED) {
      if (!roleMay(staff.role, right))
        throw new ApiError(403, `一括登録には「${OPS_RIGHTS[right].label}」の権限が必要です`);
    }
    const type = c.req.header("content-type") ?? "";
    if (!/^multipart\/form-data/i.test(type))
      throw new ApiError(415, "ファイルは multipart/form-data で送信してください", {
        field: "file",
      });
    const form = parseInput(importForm, await c.req.parseBody());
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(await form.file.arrayBuffer());
    } catch {
      throw new BadInput("file", "file: 文字コードをUTF-8にして保存したファイルを選んでください");
    }
    const format = form.format ?? sniffFormat(text);
    try {
      const answer = await importDelivery(deps, staff, { text, format, dryRun: form.dry_run });
      return c.json({ result: true, ...answer });
    } catch (error) {
      if (!(error instanceof ImportRefused)) throw error;
      return c.json(
        { result: false, error_message: error.message, ...error.answer },
        error.status as 400 | 409,
      );
    }
  });

  return routes;
}
