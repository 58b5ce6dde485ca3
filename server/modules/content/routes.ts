import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import {
  cdUploadParams,
  type JobAnswer,
  jobParams,
  seriesUploadParams,
  trackUploadParams,
  trialFields,
  type UploadAnswer,
  volumeUploadParams,
} from "../../../contract/content";
import type { OpsRight } from "../../../contract/ops-roles";
import type { AppEnv, AppServices } from "../../lib/context";
import { ApiError, BadInput } from "../../lib/errors";
import { parseInput, readParams } from "../../lib/input";
import type { AuditActor } from "../audit/service";
import { seriesOnRecord } from "../catalog/series-record";
import { bookAccess } from "../catalog/service";
import { dramaCdExists } from "../dramacd/service";
import { trackById } from "../dramacd/track-audio";
import { OPS_SESSION_COOKIE, opsAccess, requireRight } from "../staff/service";
import { CONTENT_QUEUES } from "./jobs";
import type { ContentKind } from "./schema";
import type { ContentJobData } from "./upload-job";
import { storeUpload, type UploadedFile } from "./uploads";

/** The staff member behind the request if their role holds the right; else the 401 or 403. */
async function staffWith(c: Context<AppEnv>, services: AppServices, right: OpsRight) {
  const access = await opsAccess(services.db, services.sessionSecret, {
    opsToken: getCookie(c, OPS_SESSION_COOKIE),
    member: c.get("member"),
  });
  const staff = requireRight(access, right);
  return { userId: staff.userId, email: staff.email, role: staff.role } satisfies AuditActor;
}

const MULTIPART = /^multipart\/form-data\s*;/i;

/** The form's files (field `file`, one or several) and its other fields, read once. */
export async function readUpload(c: Context<AppEnv>, max: number) {
  if (!MULTIPART.test(c.req.header("content-type") ?? "")) {
    throw new ApiError(415, "ファイルは multipart/form-data の file 欄で送信してください", {
      field: "file",
    });
  }
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw new BadInput("file", "送信されたファイルを読み取れませんでした");
  }
  const sent = body.file;
  const list = (Array.isArray(sent) ? sent : sent === undefined ? [] : [sent]).filter(
    (f): f is File => typeof f !== "string",
  );
  if (list.length === 0) throw new BadInput("file", "ファイルを選んでください");
  if (list.length > max) throw new BadInput("file", `ファイルは${max}個までにしてください`);
  const files: UploadedFile[] = [];
  for (const file of list) {
    if (file.size === 0) throw new BadInput("file", `${file.name || "ファイル"}: 中身が空です`);
    files.push({ name: file.name || "upload", bytes: Buffer.from(await file.arrayBuffer()) });
  }
  const fields = Object.fromEntries(
    Object.entries(body).filter(([, v]) => typeof v === "string"),
  ) as Record<string, string>;
  return { files, fields };
}

/**
 * The content pipeline's calls (issue 23, decision 0089): uploads of a volume's pages, its cover,
 * a drama CD's jacket, a series' appeal image (decision 0095) and a track's audio, each answered
 * with the job that publishes it, and
 * the job's state. Uploads need catalog.write (admin, editor); any staff member may follow a job.
 */
export function contentRoutes(services: AppServices) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  const enqueue = async (
    queue: string,
    actor: AuditActor,
    upload: {
      kind: ContentKind;
      ownerId: number;
      files: UploadedFile[];
      trial?: { startSec: number; seconds: number };
    },
  ): Promise<UploadAnswer> => {
    const { manifestKey } = await storeUpload(services.storage, upload);
    const data: ContentJobData = { manifest: manifestKey, actor };
    return { result: true, job_id: await services.jobs.send(queue, data) };
  };

  routes.post("/volumes/:volumeId/pages", async (c) => {
    const actor = await staffWith(c, services, "catalog.write");
    const { volumeId } = readParams(c, volumeUploadParams);
    if (!(await bookAccess(db, volumeId))) throw new ApiError(404, "巻が見つかりません");
    const { files } = await readUpload(c, 2_000);
    return c.json(
      await enqueue(CONTENT_QUEUES.pages, actor, { kind: "pages", ownerId: volumeId, files }),
    );
  });

  routes.post("/volumes/:volumeId/cover", async (c) => {
    const actor = await staffWith(c, services, "catalog.write");
    const { volumeId } = readParams(c, volumeUploadParams);
    if (!(await bookAccess(db, volumeId))) throw new ApiError(404, "巻が見つかりません");
    const { files } = await readUpload(c, 1);
    return c.json(
      await enqueue(CONTENT_QUEUES.art, actor, { kind: "cover", ownerId: volumeId, files }),
    );
  });

  routes.post("/cds/:cdId/jacket", async (c) => {
    const actor = await staffWith(c, services, "catalog.write");
    const { cdId } = readParams(c, cdUploadParams);
    if (!(await dramaCdExists(db, cdId))) throw new ApiError(404, "ドラマCDが見つかりません");
    const { files } = await readUpload(c, 1);
    return c.json(
      await enqueue(CONTENT_QUEUES.art, actor, { kind: "jacket", ownerId: cdId, files }),
    );
  });

  routes.post("/series/:seriesId/appeal-image", async (c) => {
    const actor = await staffWith(c, services, "catalog.write");
    const { seriesId } = readParams(c, seriesUploadParams);
    if (!(await seriesOnRecord(db, seriesId))) throw new ApiError(404, "作品が見つかりません");
    const { files } = await readUpload(c, 1);
    return c.json(
      await enqueue(CONTENT_QUEUES.art, actor, { kind: "appeal", ownerId: seriesId, files }),
    );
  });

  routes.post("/tracks/:trackId/audio", async (c) => {
    const actor = await staffWith(c, services, "catalog.write");
    const { trackId } = readParams(c, trackUploadParams);
    if (!(await trackById(db, trackId))) throw new ApiError(404, "トラックが見つかりません");
    const { files, fields } = await readUpload(c, 1);
    const trial = parseInput(trialFields, fields);
    return c.json(
      await enqueue(CONTENT_QUEUES.track, actor, {
        kind: "track",
        ownerId: trackId,
        files,
        trial: { startSec: trial.trial_start, seconds: trial.trial_seconds },
      }),
    );
  });

  routes.get("/jobs/:jobId", async (c) => {
    await staffWith(c, services, "ops.read");
    const { jobId } = readParams(c, jobParams);
    const status = await services.jobs.status(jobId);
    if (!status) throw new ApiError(404, "ジョブが見つかりません");
    c.header("Cache-Control", "no-store");
    const answer: JobAnswer = {
      result: true,
      state: status.state,
      progress: status.progress,
      ...(status.errorMessage ? { error_message: status.errorMessage } : {}),
    };
    return c.json(answer);
  });

  return routes;
}
