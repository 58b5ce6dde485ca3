import { randomUUID } from "node:crypto";
import { access, mkdir, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ArtShape } from "../../../../contract/media.ts";
import { READER_PAGE_WIDTHS } from "../../../../contract/reader.ts";
import {
  ART_KINDS,
  artFrame,
  artKey,
  COVER_SIZE,
  coverKey,
  DEFAULT_TRIAL_SECONDS,
  JACKET_SIZE,
  jacketKey,
  PAGE_SIZE,
  pageKey,
  STORE_COMPLETE,
  storeDir,
  trackKey,
  trialKey,
  tuneOf,
} from "../../../modules/media/store.ts";
import type { Db } from "../../client.ts";
import { renderTrackMp3, renderTrialMp3 } from "./audio.ts";
import { artCaption, jacketCaption, seriesCaption } from "./captions.ts";
import { encodeDrawing } from "./draw.ts";
import {
  bannerDrawing,
  coverDrawing,
  jacketDrawing,
  pageDrawing,
  squareDrawing,
} from "./images.ts";
import { seedOf } from "./params.ts";

/**
 * Masters are drawn at twice the size a page shows them, so a sharp screen's width (?w=) is a
 * reduction of the master, but no wider than the widest the store's pages ask: covers 480 (the
 * cards' srcset), banners and carousels 1080. Drawing time grows with the pixels.
 */
const SCALE = 2;
const COVER_MASTER_WIDTH = 480;
const ART_MASTER_MAX_WIDTH = 1080;

/** Drawings in flight: sharp renders on libuv's threads, so a few at once use every core. */
const PARALLEL = 4;

export interface MediaSeedResult {
  /** Files written now (the rest were in the store already). */
  written: number;
  kept: number;
  seconds: number;
}

type Job = { key: string; produce: () => Promise<Buffer> };

/**
 * Writes the demo's finished media into the store (DATA_DIR/media/store) for what the database
 * refers to: a cover per series, the numbered page set up to the longest book, a jacket per
 * drama CD, each linked piece of art in its frame and every shape a slot may ask, and the audio
 * bank's tracks and trials at the lengths the tracks have. Files already there are kept, so a
 * run that was stopped continues; the `complete` mark is written last.
 */
export async function seedMedia(
  db: Db,
  dataDir: string,
  /** Only these parts (a test that plays tracks needs no art); the `complete` mark is then left. */
  only?: ReadonlyArray<keyof typeof PARTS>,
): Promise<MediaSeedResult> {
  const started = performance.now();
  const store = storeDir(dataDir);
  const jobs: Job[] = [];
  for (const part of only ?? (Object.keys(PARTS) as Array<keyof typeof PARTS>)) {
    jobs.push(...(await PARTS[part](db)));
  }
  let written = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const file = path.join(store, job.key);
      if (await exists(file)) continue;
      await writeAtomically(file, await job.produce());
      written++;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (!only)
    await writeAtomically(
      path.join(store, STORE_COMPLETE),
      Buffer.from(`${new Date().toISOString()}\n`),
    );
  return {
    written,
    kept: jobs.length - written,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

export async function storeIsComplete(dataDir: string): Promise<boolean> {
  return exists(path.join(storeDir(dataDir), STORE_COMPLETE));
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Written under a temporary name and renamed, so the server never sends half a file. */
async function writeAtomically(file: string, data: Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

const png = (drawing: Parameters<typeof encodeDrawing>[0]) => encodeDrawing(drawing, "png");

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

async function coverJobs(db: Db): Promise<Job[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select series_id as id from series order by series_id`,
  );
  return rows.map(({ id }) => ({
    key: coverKey(Number(id)),
    produce: async () =>
      png(
        coverDrawing({
          seriesId: Number(id),
          ...(await seriesCaption(db, Number(id))),
          width: COVER_MASTER_WIDTH,
          height: Math.round((COVER_MASTER_WIDTH * COVER_SIZE.height) / COVER_SIZE.width),
        }),
      ),
  }));
}

/** The widest page the reader asks (READER_PAGE_WIDTHS), so no width is an enlargement. */
const PAGE_MASTER_WIDTH = Math.max(...READER_PAGE_WIDTHS);

async function pageJobs(db: Db): Promise<Job[]> {
  const [row] = await rowsOf<{ pages: number | null }>(
    db,
    sql`select max(page_count) as pages from books`,
  );
  const pages = Number(row?.pages ?? 0);
  const width = PAGE_MASTER_WIDTH;
  const height = Math.round((width * PAGE_SIZE.height) / PAGE_SIZE.width);
  return Array.from({ length: pages }, (_, i) => ({
    key: pageKey(i + 1),
    produce: () => png(pageDrawing({ page: i + 1, width, height })),
  }));
}

async function jacketJobs(db: Db): Promise<Job[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select cd_id as id from drama_cds order by cd_id`,
  );
  return rows.map(({ id }) => ({
    key: jacketKey(Number(id)),
    produce: async () =>
      png(
        jacketDrawing({
          cdId: Number(id),
          ...(await jacketCaption(db, Number(id))),
          width: JACKET_SIZE.width * SCALE,
          height: JACKET_SIZE.height * SCALE,
        }),
      ),
  }));
}

/**
 * The shapes the store's slots ask each kind in (contract/media.ts ART_SHAPES, decision 0037):
 * appeal cards a wide picture, the corner popup a corner banner, the square banner strip and
 * portrait carousels theirs. Drawing every shape of every piece would triple the seed's art; a
 * shape the content asks of another kind is answered with the kind's own frame.
 */
const SHAPES_OF: Record<string, readonly ArtShape[]> = {
  appeal: ["wide"],
  popup: ["corner"],
  banner: ["square"],
  campaign: ["square", "portrait"],
  carousel: ["portrait"],
};

/** Every linked piece of art in its kind's frame and in the shapes its slots ask. */
async function artJobs(db: Db): Promise<Job[]> {
  const rows = await rowsOf<{ kind: string; name: string }>(
    db,
    sql`select kind, name from media_art order by kind, name`,
  );
  return rows
    .filter(({ kind }) => ART_KINDS[kind])
    .flatMap(({ kind, name }) =>
      [undefined, ...(SHAPES_OF[kind] ?? [])].map((shape) => ({
        key: artKey(kind, name, shape),
        produce: async () => {
          const own = ART_KINDS[kind]!;
          const id = (seedOf(`${kind}/${name}`) % 2_147_483_646) + 1;
          const caption = await artCaption(db, kind, name);
          const frame = artFrame(kind, shape);
          const width = Math.min(frame.width * SCALE, ART_MASTER_MAX_WIDTH);
          const height = Math.round((frame.height * width) / frame.width);
          if (own.square !== undefined && width === height) {
            return png(squareDrawing({ id, style: own.style, ...caption.square, size: width }));
          }
          return png(
            bannerDrawing({
              id,
              ...caption.banner,
              keyVisual: kind === "carousel",
              width,
              height,
            }),
          );
        },
      })),
    );
}

/** The tracks' and trials' lengths, each with the tune of the bank its tracks play. */
async function audioJobs(db: Db): Promise<Job[]> {
  const rows = await rowsOf<{
    cd_id: number;
    track_no: number;
    duration_sec: number;
    trial_duration_sec: number | null;
    has_trial: boolean;
  }>(
    db,
    sql`select cd_id, track_no, duration_sec, trial_duration_sec,
      trial_file_name is not null as has_trial from tracks`,
  );
  const jobs = new Map<string, Job>();
  for (const row of rows) {
    const tune = tuneOf(Number(row.cd_id), Number(row.track_no));
    const seconds = Number(row.duration_sec);
    const track = trackKey(tune, seconds);
    jobs.set(track, {
      key: track,
      produce: () => renderTrackMp3({ cdId: tune, trackNo: 1, seconds }),
    });
    if (!row.has_trial) continue;
    const trialSeconds = Math.min(Number(row.trial_duration_sec ?? DEFAULT_TRIAL_SECONDS), seconds);
    const trial = trialKey(tune, trialSeconds);
    jobs.set(trial, {
      key: trial,
      produce: () => renderTrialMp3({ cdId: tune, trackNo: 1, seconds: trialSeconds }),
    });
  }
  return [...jobs.values()];
}

/** What the store holds, in the order it is written: sound first, the many covers last. */
const PARTS = {
  audio: audioJobs,
  jackets: jacketJobs,
  art: artJobs,
  pages: pageJobs,
  covers: coverJobs,
};
