import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "../../http/test-client";
import { auditLog } from "../audit/schema";
import { ITEM_TYPE_DRAMA_CD, items } from "../catalog/schema";
import { cdBrands, cdLabels, dramaCds, tracks } from "../dramacd/schema";
import { decodedSeconds, ffmpeg } from "./audio";
import { type ContentTestApp, jobFinished, startContentApp, uploadForm } from "./test-fixture";

/** Issue 23's proof for drama-CD tracks, covers and jackets: real audio, real images. */
let t: ContentTestApp;
let stop: () => Promise<void>;
let dataDir: string;
let browsers: Record<string, Browser>;
const past = new Date("2026-01-01T00:00:00Z");
let trackId: number;
let wav: Buffer;

beforeAll(async () => {
  ({ t, browsers, dataDir, stop } = await startContentApp({
    name: "audio",
    jobTiming: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
    series: { seriesId: 40, name: "月影の楽団", nameKana: "ツキカゲノガクダン", startDate: past },
    volumes: [
      {
        bookId: 401,
        seriesId: 40,
        itemId: 1401,
        volume: 1,
        title: "月影の楽団 1",
        price: 600,
        priceInc: 660,
        itemStartDate: past,
        pageCount: 10,
      },
    ],
    seed: async (db) => {
      await db.insert(cdBrands).values({ brandId: 1, name: "ボイスワークス" });
      await db.insert(cdLabels).values({ labelId: 1, brandId: 1, name: "ボイスワークス・ドラマ" });
      await db.insert(dramaCds).values({
        cdId: 8,
        name: "ドラマCD 月影の楽団",
        nameKana: "ドラマシーディー",
        brandId: 1,
        labelId: 1,
        jacket: "jacket_8.png",
        saleStartDate: past,
      });
      await db.insert(items).values({
        itemId: 5008,
        itemType: ITEM_TYPE_DRAMA_CD,
        cdId: 8,
        price: 2000,
        priceInc: 2200,
      });
      const [row] = await db
        .insert(tracks)
        .values({ cdId: 8, trackNo: 1, name: "序曲", durationSec: 4, fileName: "track_8_1.mp3" })
        .returning({ trackId: tracks.trackId });
      trackId = row!.trackId;
    },
    // The buyer bought the drama CD.
    bought: { itemId: 5008, itemType: ITEM_TYPE_DRAMA_CD, cdId: 8 },
  }));
  // 40 seconds of a 440 Hz tone, made by ffmpeg's own signal source.
  const file = path.join(dataDir, "tone.wav");
  await ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=40", "-ac", "2", "-y", file]);
  wav = await readFile(file);
});
afterAll(() => stop?.());

const finished = (jobId: string) => jobFinished(browsers.editor!, jobId);

async function post(path: string, form: FormData, who = "editor") {
  return browsers[who]!.fetch(path, { method: "POST", body: form });
}

async function secondsOf(response: Response): Promise<number> {
  const file = path.join(dataDir, `probe-${Math.random().toString(36).slice(2)}.mp3`);
  await writeFile(file, Buffer.from(await response.arrayBuffer()));
  return (await decodedSeconds(file)) ?? 0;
}

describe("a drama-CD track's audio", () => {
  it("is uploaded only by an editor: visitor 401, member 403, support 403", async () => {
    const form = () => uploadForm([{ name: "tone.wav", data: wav }]);
    expect((await post(`/api/ops/tracks/${trackId}/audio`, form(), "visitor")).status).toBe(401);
    expect((await post(`/api/ops/tracks/${trackId}/audio`, form(), "member")).status).toBe(403);
    expect((await post(`/api/ops/tracks/${trackId}/audio`, form(), "support")).status).toBe(403);
  });

  it("refuses a trial clip outside the bounds before queueing anything", async () => {
    const response = await post(
      `/api/ops/tracks/${trackId}/audio`,
      uploadForm([{ name: "tone.wav", data: wav }], { trial_seconds: "9999" }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error_message: string }).error_message).toContain(
      "trial_seconds",
    );
  });

  it("reads its length, encodes it to MP3 and cuts the trial where the editor chose", async () => {
    const response = await post(
      `/api/ops/tracks/${trackId}/audio`,
      uploadForm([{ name: "序曲.wav", data: wav }], { trial_start: "5", trial_seconds: "10" }),
    );
    expect(response.status).toBe(200);
    const { job_id } = (await response.json()) as { job_id: string };
    expect(await finished(job_id)).toEqual({ result: true, state: "completed", progress: 100 });
    const [row] = await t.services.db.select().from(tracks).where(eq(tracks.trackId, trackId));
    expect(row).toMatchObject({ durationSec: 40, trialDurationSec: 10 });
    expect(row!.fileName).toMatch(/^tracks\/\d+\/[0-9a-f-]{36}\/track\.mp3$/);
    const trial = await browsers.visitor!.fetch("/media/cds/8/trials/1.mp3");
    expect(trial.status).toBe(200);
    expect(trial.headers.get("content-type")).toBe("audio/mpeg");
    expect(await secondsOf(trial)).toBeCloseTo(10, 0);
    expect((await browsers.visitor!.fetch("/media/cds/8/tracks/1.mp3")).status).toBe(403);
    const full = await browsers.buyer!.fetch("/media/cds/8/tracks/1.mp3");
    expect(full.status).toBe(200);
    expect(await secondsOf(full)).toBeCloseTo(40, 0);
    // A player seeking asks for a range.
    const part = await browsers.buyer!.fetch("/media/cds/8/tracks/1.mp3", {
      headers: { range: "bytes=100-199" },
    });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const audits = await t.services.db.select().from(auditLog).where(eq(auditLog.entity, "track"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "audio", entityId: String(trackId) });
  });

  it("cuts the first 30 seconds when the editor chose nothing", async () => {
    const response = await post(
      `/api/ops/tracks/${trackId}/audio`,
      uploadForm([{ name: "tone.wav", data: wav }]),
    );
    const { job_id } = (await response.json()) as { job_id: string };
    expect((await finished(job_id)).state).toBe("completed");
    const [row] = await t.services.db.select().from(tracks).where(eq(tracks.trackId, trackId));
    expect(row!.trialDurationSec).toBe(30);
  });

  it("refuses a text file renamed .mp3 and a trial that starts past the end", async () => {
    const before = (
      await t.services.db.select().from(tracks).where(eq(tracks.trackId, trackId))
    )[0];
    const fake = await post(
      `/api/ops/tracks/${trackId}/audio`,
      uploadForm([{ name: "序曲.mp3", data: Buffer.from("ただのテキストです\n".repeat(40)) }]),
    );
    const fakeAnswer = await finished(((await fake.json()) as { job_id: string }).job_id);
    expect(fakeAnswer.state).toBe("failed");
    expect(fakeAnswer.error_message).toContain("序曲.mp3: 音声ファイルではありません");
    const late = await post(
      `/api/ops/tracks/${trackId}/audio`,
      uploadForm([{ name: "tone.wav", data: wav }], { trial_start: "60" }),
    );
    const lateAnswer = await finished(((await late.json()) as { job_id: string }).job_id);
    expect(lateAnswer.error_message).toBe(
      "試聴の開始位置（60秒）がトラックの長さ（40秒）を超えています",
    );
    const after = (await t.services.db.select().from(tracks).where(eq(tracks.trackId, trackId)))[0];
    expect(after).toEqual(before);
  });
});

describe("covers and jackets", () => {
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();

  it("serves an uploaded cover at the widths the cards ask for", async () => {
    const response = await post(
      "/api/ops/volumes/401/cover",
      uploadForm([{ name: "cover.png", data: await picture(900, 1272) }]),
    );
    const { job_id } = (await response.json()) as { job_id: string };
    expect((await finished(job_id)).state).toBe("completed");
    // A width is served at the nearest the cards use; an address without ?w= at 300 px.
    for (const [query, made] of [
      ["?w=240", 240],
      ["?w=250", 240],
      ["?w=300", 320],
      ["", 300],
    ] as const) {
      const cover = await browsers.visitor!.fetch(`/media/books/401/cover.png${query}`);
      expect(cover.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await cover.arrayBuffer())).metadata();
      expect(meta.width).toBe(made);
    }
  });

  it("serves an uploaded jacket, and refuses a picture too small to be one", async () => {
    const small = await post(
      "/api/ops/cds/8/jacket",
      uploadForm([{ name: "tiny.png", data: await picture(50, 50) }]),
    );
    const refused = await finished(((await small.json()) as { job_id: string }).job_id);
    expect(refused.error_message).toContain("tiny.png: 画像が小さすぎます");
    const response = await post(
      "/api/ops/cds/8/jacket",
      uploadForm([{ name: "jacket.png", data: await picture(600, 600) }]),
    );
    const { job_id } = (await response.json()) as { job_id: string };
    expect((await finished(job_id)).state).toBe("completed");
    const jacket = await browsers.visitor!.fetch("/media/cds/8/jacket.png?w=160");
    expect(jacket.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await jacket.arrayBuffer())).metadata()).width).toBe(160);
  });
});
