import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import sharp from "sharp";
import type { JobAnswer } from "../../../contract/content";
import type { Db } from "../../db/client";
import type { Browser, createTestApp } from "../../http/test-client";
import type { series } from "../catalog/schema";
import type { insertVolumes } from "../catalog/test-fixture";
import type { QueueTiming } from "../jobs/queue";
import type { userItems } from "../library/schema";

// The Playwright e2e and the benchmark make their archives with this too, so the server is
// imported here only by type, and loaded only when startContentApp runs.

export interface ZipInput {
  name: string;
  data: Buffer;
  /** Stored as is, or deflated (the default). */
  method?: "store" | "deflate";
  /** What the directory claims the entry expands to, when it should lie. */
  declaredSize?: number;
}

/** A ZIP archive written byte by byte, so tests can make the archives tools refuse to make. */
export function zipOf(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const deflate = entry.method !== "store";
    const body = deflate ? deflateRawSync(entry.data, { level: 9 }) : entry.data;
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(0x800, 8);
    head.writeUInt16LE(deflate ? 8 : 0, 10);
    head.writeUInt32LE(crc, 16);
    head.writeUInt32LE(body.length, 20);
    head.writeUInt32LE(size, 24);
    head.writeUInt16LE(name.length, 28);
    head.writeUInt32LE(offset, 42);
    central.push(head, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A page picture that says which page it is by its height (400 × (400 + 10n) px): a page made
 * 360 px wide from it is 360 + 9n px tall, so a test reads the page number off what is served.
 */
export function pageJpeg(n: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 400,
      height: 400 + 10 * n,
      channels: 3,
      background: { r: (n * 37) % 256, g: (n * 91) % 256, b: 200 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The page number a served page (made 360 px wide) was cut from. */
export async function pageNumberOf(bytes: Buffer): Promise<number> {
  const { width, height } = await sharp(bytes).metadata();
  return Math.round(((height! * 400) / width! - 400) / 10);
}

/** Sends files as the upload screens do: multipart, field `file`, with any other fields. */
export function uploadForm(
  files: { name: string; data: Buffer }[],
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const file of files) form.append("file", new Blob([new Uint8Array(file.data)]), file.name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

export type ContentTestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The store the content tests upload to: one publisher and series with its volumes (and what
 * `seed` adds), a browser per role (editor, support, member, visitor, and `buyer`, a member who
 * owns `bought`), and the content jobs running. `stop` takes it all down again.
 */
export async function startContentApp(options: {
  name: string;
  jobTiming: Partial<QueueTiming>;
  series: Pick<typeof series.$inferInsert, "seriesId" | "name" | "nameKana" | "startDate">;
  volumes: Parameters<typeof insertVolumes>[1];
  seed?: (db: Db) => Promise<void>;
  bought: Omit<typeof userItems.$inferInsert, "userId" | "source">;
}) {
  const { Browser, createTestApp } = await import("../../http/test-client");
  const { publishers, series } = await import("../catalog/schema");
  const { insertVolumes } = await import("../catalog/test-fixture");
  const { userItems } = await import("../library/schema");
  const { newStaffAccount, opsBrowser } = await import("../staff/test-fixture");
  const { startContentJobs } = await import("./jobs");
  const dataDir = mkdtempSync(path.join(tmpdir(), `komaya-${options.name}-`));
  const t = await createTestApp({ dataDir, jobTiming: options.jobTiming });
  const db = t.services.db;
  await db.insert(publishers).values({ publisherId: 1, name: "桜風社", nameKana: "オウフウシャ" });
  await db.insert(series).values({ ...options.series, publisherId: 1 });
  await insertVolumes(db, options.volumes);
  await options.seed?.(db);
  const browsers: Record<string, InstanceType<typeof Browser>> = {};
  for (const role of ["editor", "support", "member"] as const) {
    browsers[role] = await opsBrowser(t.app, db, role);
  }
  browsers.visitor = new Browser(t.app);
  await browsers.visitor.open();
  const account = await newStaffAccount(db, null);
  await db
    .insert(userItems)
    .values({ ...options.bought, userId: account.userId, source: "purchase" });
  const buyer = new Browser(t.app);
  await buyer.open();
  const login = await buyer.postJson("/api/account/login", account);
  if (login.status !== 200) throw new Error(`the buyer could not sign in: ${login.status}`);
  browsers.buyer = buyer;
  const stopJobs = await startContentJobs(t.services);
  return {
    t,
    browsers,
    dataDir,
    async stop() {
      await stopJobs();
      await t.services.jobs.close();
      await t.database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Follows a job through /api/ops/jobs/:id as `browser` until it has completed or failed. */
export async function jobFinished(browser: Browser, jobId: string): Promise<JobAnswer> {
  const end = Date.now() + 60_000;
  for (;;) {
    const answer = (await (await browser.fetch(`/api/ops/jobs/${jobId}`)).json()) as JobAnswer;
    if (answer.state === "completed" || answer.state === "failed") return answer;
    if (Date.now() > end) throw new Error(`job ${jobId} still ${answer.state}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
