import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobAnswer } from "../../../contract/content";
import type { Database } from "../../db/client";
import type { Browser } from "../../http/test-client";
import { auditLog } from "../audit/schema";
import { books } from "../catalog/schema";
import { pgBossQueue } from "../jobs/queue";
import { runPagesJob } from "./pages";
import { contentSets } from "./schema";
import {
  type ContentTestApp,
  jobFinished,
  pageJpeg,
  pageNumberOf,
  startContentApp,
  uploadForm,
  zipOf,
} from "./test-fixture";

/**
 * Issue 23's proof for pages: uploads checked by content, made into the reader's WebP files and
 * published at once; bad uploads refused with the file's name and nothing published.
 */
let t: ContentTestApp;
let stop: () => Promise<void>;
let browsers: Record<string, Browser>;
let buyer: Browser;
const past = new Date("2026-01-01T00:00:00Z");
const jobTiming = {
  retryDelaySeconds: 1,
  superviseIntervalSeconds: 1,
  pollingIntervalSeconds: 0.5,
  expireInSeconds: 5,
  heartbeatSeconds: 10,
};

// Volume 301: paid, 5 trial pages, the one uploads go to; 302: for the refusals; 303: the dead worker.
beforeAll(async () => {
  const volume = (bookId: number, v: number) => ({
    bookId,
    seriesId: 30,
    itemId: bookId + 1000,
    volume: v,
    title: `星屑の図書館 ${v}`,
    price: 600,
    priceInc: 660,
    itemStartDate: past,
    pageCount: 12,
    trialPageCount: 5,
  });
  ({ t, browsers, stop } = await startContentApp({
    name: "content",
    jobTiming,
    series: {
      seriesId: 30,
      name: "星屑の図書館",
      nameKana: "ホシクズノトショカン",
      startDate: past,
    },
    volumes: [volume(301, 1), volume(302, 2), volume(303, 3)],
    // The buyer bought volume 301.
    bought: { itemId: 1301, itemType: 0, seriesId: 30, bookId: 301 },
  }));
  buyer = browsers.buyer!;
});
afterAll(() => stop?.());

async function pages(from: number, to: number, name = (n: number) => `p${n}.jpg`) {
  const list = [];
  for (let n = from; n <= to; n++) list.push({ name: name(n), data: await pageJpeg(n) });
  return list;
}

async function upload(bookId: number, files: { name: string; data: Buffer }[], who = "editor") {
  return browsers[who]!.fetch(`/api/ops/volumes/${bookId}/pages`, {
    method: "POST",
    body: uploadForm(files),
  });
}

const finished = (jobId: string, who = "editor") => jobFinished(browsers[who]!, jobId);

async function uploadAndWait(bookId: number, files: { name: string; data: Buffer }[]) {
  const response = await upload(bookId, files);
  expect(response.status).toBe(200);
  const { job_id } = (await response.json()) as { job_id: string };
  return finished(job_id);
}

const sets = (bookId: number) =>
  t.services.db
    .select()
    .from(contentSets)
    .where(and(eq(contentSets.kind, "pages"), eq(contentSets.ownerId, bookId)));
const pageCount = async (bookId: number) =>
  (await t.services.db.select().from(books).where(eq(books.bookId, bookId)))[0]!.pageCount;

describe("who may upload pages and follow a job", () => {
  it("answers a visitor 401, a member 403, support 403 and an editor with a job", async () => {
    const files = await pages(1, 2);
    expect((await upload(301, files, "visitor")).status).toBe(401);
    expect((await upload(301, files, "member")).status).toBe(403);
    const support = await upload(301, files, "support");
    expect(support.status).toBe(403);
    expect(((await support.json()) as { error_message: string }).error_message).toContain(
      "サポート担当",
    );
    const editor = await upload(301, files, "editor");
    expect(editor.status).toBe(200);
    const { result, job_id } = (await editor.json()) as { result: boolean; job_id: string };
    expect(result).toBe(true);
    // Any staff member may follow it; a visitor or a member may not.
    expect((await browsers.visitor!.fetch(`/api/ops/jobs/${job_id}`)).status).toBe(401);
    expect((await browsers.member!.fetch(`/api/ops/jobs/${job_id}`)).status).toBe(403);
    expect((await finished(job_id, "support")).state).toBe("completed");
  });

  it("refuses an upload without the CSRF token, an unknown volume and a bad job id", async () => {
    const files = await pages(1, 1);
    const noToken = await browsers.editor!.fetch("/api/ops/volumes/301/pages", {
      method: "POST",
      body: uploadForm(files),
      csrf: false,
    });
    expect(noToken.status).toBe(403);
    expect((await upload(999_999, files)).status).toBe(404);
    const badId = await browsers.editor!.fetch("/api/ops/jobs/not-a-job");
    expect(badId.status).toBe(400);
    expect(((await badId.json()) as { error_message: string }).error_message).toContain("jobId");
    const none = await browsers.editor!.fetch("/api/ops/volumes/301/pages", {
      method: "POST",
      body: uploadForm([]),
    });
    expect(none.status).toBe(400);
  });
});

describe("a good upload", () => {
  it("publishes a 20-page ZIP's pages in natural order (p2 before p10) as WebP", async () => {
    const files = await pages(1, 20);
    // The archive's own order is scrambled: the names decide.
    const zip = zipOf(
      [...files].reverse().map((f) => ({ name: `vol1/${f.name}`, data: f.data, method: "store" })),
    );
    const answer = await uploadAndWait(301, [{ name: "第1巻.cbz", data: zip }]);
    expect(answer).toEqual({ result: true, state: "completed", progress: 100 });
    expect(await pageCount(301)).toBe(20);
    const live = (await sets(301)).filter((s) => s.state === "published");
    expect(live).toHaveLength(1);
    expect(live[0]!.itemCount).toBe(20);
    for (const page of [1, 2, 10, 20]) {
      const served = await buyer.fetch(`/media/books/301/pages/${page}.png?w=360`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(await pageNumberOf(Buffer.from(await served.arrayBuffer()))).toBe(page);
    }
    const thumb = await browsers.visitor!.fetch("/media/books/301/thumbs/1.png");
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    // The upload itself is gone once published; the set's files are all that is kept.
    expect(await t.services.storage.list("uploads")).toEqual([]);
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "volume"), eq(auditLog.entityId, "301")));
    expect(audit).toMatchObject({ action: "pages" });
  });

  it("serves a visitor only the trial pages of the uploaded volume, and a buyer all", async () => {
    expect((await browsers.visitor!.fetch("/media/books/301/pages/5.png")).status).toBe(200);
    expect((await browsers.visitor!.fetch("/media/books/301/pages/6.png")).status).toBe(403);
    expect((await browsers.visitor!.fetch("/media/books/301/thumbs/6.png")).status).toBe(403);
    const last = await buyer.fetch("/media/books/301/pages/20.png?w=360");
    expect(last.status).toBe(200);
    expect(await pageNumberOf(Buffer.from(await last.arrayBuffer()))).toBe(20);
    expect((await buyer.fetch("/media/books/301/pages/21.png")).status).toBe(404);
  });

  it("keeps a reader of the old pages in them while new pages are published, never a mix", async () => {
    const opened = (await (await browsers.visitor!.fetch("/api/reader/301")).json()) as {
      pages: { url: string }[];
    };
    const oldUrl = opened.pages[0]!.url;
    expect(oldUrl).toMatch(/\?s=[0-9a-f-]{36}$/);
    // The new upload: pages 31–37, so every served page says which upload it came from.
    const response = await upload(301, await pages(31, 37));
    const { job_id } = (await response.json()) as { job_id: string };
    const seen = new Set<string>();
    let state = "queued";
    while (state !== "completed" && state !== "failed") {
      const page = await browsers.visitor!.fetch("/media/books/301/pages/1.png?w=360");
      expect(page.status).toBe(200);
      const n = await pageNumberOf(Buffer.from(await page.arrayBuffer()));
      seen.add(n === 1 ? "old" : n === 31 ? "new" : `mixed:${n}`);
      state = (
        (await (await browsers.editor!.fetch(`/api/ops/jobs/${job_id}`)).json()) as JobAnswer
      ).state;
    }
    expect(state).toBe("completed");
    expect([...seen].every((s) => s === "old" || s === "new")).toBe(true);
    expect(await pageCount(301)).toBe(7);
    // The reader who opened the old set reads on in it; a new reader gets the new one.
    const old = await browsers.visitor!.fetch(`${oldUrl}&w=360`);
    expect(await pageNumberOf(Buffer.from(await old.arrayBuffer()))).toBe(1);
    const fresh = await browsers.visitor!.fetch("/media/books/301/pages/1.png?w=360");
    expect(await pageNumberOf(Buffer.from(await fresh.arrayBuffer()))).toBe(31);
  });
});

describe("bad uploads are refused with the file's name and publish nothing", () => {
  async function refused(files: { name: string; data: Buffer }[]) {
    const before = { count: await pageCount(302), sets: (await sets(302)).length };
    const answer = await uploadAndWait(302, files);
    expect(answer.state).toBe("failed");
    expect(await pageCount(302)).toBe(before.count);
    expect((await sets(302)).length).toBe(before.sets);
    expect(await t.services.storage.list("pages/302")).toEqual([]);
    expect(await t.services.storage.list("uploads")).toEqual([]);
    return answer.error_message ?? "";
  }

  it("a text file renamed .jpg", async () => {
    const message = await refused([
      ...(await pages(1, 2)),
      { name: "p3.jpg", data: Buffer.from("これは画像ではありません\n".repeat(50)) },
    ]);
    expect(message).toContain("p3.jpg");
    expect(message).toContain("画像ファイルではありません");
  });

  it("a truncated JPEG in an archive", async () => {
    const good = await pages(1, 3);
    const cut = good[1]!.data.subarray(0, Math.floor(good[1]!.data.length / 2));
    const zip = zipOf([good[0]!, { name: "p2.jpg", data: cut }, good[2]!].map((f) => ({ ...f })));
    const message = await refused([{ name: "vol.zip", data: zip }]);
    expect(message).toContain("p2.jpg");
    expect(message).toContain("途中で切れています");
  });

  it("a 10 KB zip bomb that expands past the bound", async () => {
    const zip = zipOf([{ name: "p1.png", data: Buffer.alloc(10 * 1024 * 1024) }]);
    expect(zip.length).toBeLessThanOrEqual(10_500);
    const message = await refused([{ name: "bomb.zip", data: zip }]);
    expect(message).toContain("p1.png");
    expect(message).toContain("圧縮率が異常に高い");
  });

  it("a zip bomb whose directory lies about its size", async () => {
    const zip = zipOf([
      { name: "p1.png", data: Buffer.alloc(80 * 1024 * 1024), declaredSize: 4_000 },
    ]);
    const message = await refused([{ name: "liar.zip", data: zip }]);
    expect(message).toContain("p1.png");
  });

  it("an archive of 10,000 entries", async () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => ({
      name: `p${i + 1}.jpg`,
      data: Buffer.from([0xff, 0xd8, 0xff]),
      method: "store" as const,
    }));
    const message = await refused([{ name: "many.zip", data: zipOf(entries) }]);
    expect(message).toContain("many.zip");
    expect(message).toContain("10000件");
  });

  it("an entry named ../../x.png", async () => {
    const [page] = await pages(1, 1);
    const zip = zipOf([{ name: "../../x.png", data: page!.data }]);
    const message = await refused([{ name: "escape.zip", data: zip }]);
    expect(message).toContain("../../x.png");
    expect(message).toContain("フォルダの外");
  });
});

describe("a job whose worker died after publishing", () => {
  it("is taken up again and publishes once", async () => {
    // A first process whose connection to the queue dies right after its run published, as when
    // it is killed before the queue hears the job is done.
    let dead = false;
    const dying: Database = {
      ...t.services.database,
      sql: (text, values) =>
        dead ? Promise.reject(new Error("connection lost")) : t.services.database.sql(text, values),
    };
    const first = pgBossQueue(dying, t.services.logger, { runsJobs: false, timing: jobTiming });
    let firstRuns = 0;
    await first.work("content-pages-dying", async (job) => {
      await runPagesJob(t.services, job as Parameters<typeof runPagesJob>[1]);
      firstRuns += 1;
      dead = true;
    });
    const { storeUpload } = await import("./uploads");
    const { manifestKey } = await storeUpload(t.services.storage, {
      kind: "pages",
      ownerId: 303,
      files: (await pages(1, 4)).map((f) => ({ name: f.name, bytes: f.data })),
    });
    const actor = { userId: 1, email: "editor@komaya.example", role: "editor" };
    const id = await first.send("content-pages-dying", { manifest: manifestKey, actor });
    while (firstRuns === 0) await new Promise((r) => setTimeout(r, 100));
    void first.close().catch(() => {});
    expect(await pageCount(303)).toBe(4);

    let secondRuns = 0;
    const stop = await t.services.jobs.work("content-pages-dying", async (job) => {
      secondRuns += 1;
      await runPagesJob(t.services, job as Parameters<typeof runPagesJob>[1]);
    });
    for (;;) {
      const status = await t.services.jobs.status(id);
      if (status?.state === "completed") break;
      expect(status?.state).not.toBe("failed");
      await new Promise((r) => setTimeout(r, 200));
    }
    await stop();
    expect(secondRuns).toBe(1);
    expect(await sets(303)).toHaveLength(1);
    const audits = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "volume"), eq(auditLog.entityId, "303")));
    expect(audits).toHaveLength(1);
  });
});
