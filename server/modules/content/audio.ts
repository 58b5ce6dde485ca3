import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import type { AppServices } from "../../lib/context";
import { JobRefusal, type RunningJob } from "../../lib/jobs";
import { setTrackAudio } from "../dramacd/track-audio";
import { publishSet, setPrefix } from "./sets";
import { AUDIO_TYPES, sniff, TYPE_LABELS } from "./sniff";
import { type ContentJobData, onlyUploadedFile, runSetJob } from "./upload-job";

/** The ffmpeg shipped inside the npm package (decision 0089): no download at install time. */
export const FFMPEG = ffmpegInstaller.path;

/** Runs ffmpeg; answers its exit code and the tail of what it said. */
export function ffmpeg(args: string[]): Promise<{ code: number; log: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, ["-hide_banner", "-nostdin", ...args], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let log = "";
    child.stderr.on("data", (chunk: Buffer) => {
      log = (log + chunk.toString("utf8")).slice(-8_000);
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, log }));
  });
}

/** The length of the audio ffmpeg could decode, in seconds; null when it could decode none. */
export async function decodedSeconds(file: string): Promise<number | null> {
  const { code, log } = await ffmpeg(["-i", file, "-map", "0:a:0", "-f", "null", "-"]);
  const times = [...log.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
  const last = times.at(-1);
  if (code !== 0 || !last) return null;
  return Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]);
}

/** What the player streams: MP3, 44.1 kHz stereo, 128 kbps. */
const MP3_OUT = ["-vn", "-ac", "2", "-ar", "44100", "-codec:a", "libmp3lame", "-b:a", "128k"];

export function trackKey(trackId: number, setId: string, file: "track" | "trial"): string {
  return `${setPrefix("track", trackId, setId)}/${file}.mp3`;
}

/**
 * Where the trial clip starts and how long it is: the editor's choice (default the first 30 s)
 * kept within the track; a start past the end is refused with the track's length.
 */
export function trialWithin(
  durationSec: number,
  trial: { startSec: number; seconds: number },
): { startSec: number; seconds: number } {
  const whole = Math.floor(durationSec);
  if (trial.startSec >= whole) {
    throw new JobRefusal(
      `試聴の開始位置（${trial.startSec}秒）がトラックの長さ（${whole}秒）を超えています`,
    );
  }
  return {
    startSec: trial.startSec,
    seconds: Math.max(1, Math.min(trial.seconds, whole - trial.startSec)),
  };
}

/**
 * Makes an uploaded drama-CD track into what the player streams (decision 0089): its length is
 * read by decoding it whole, it is encoded to MP3, the trial clip is cut where the editor chose,
 * and one transaction points the track at both with its new length.
 */
export async function runTrackJob(
  services: AppServices,
  job: RunningJob<ContentJobData>,
): Promise<void> {
  const { db, storage } = services;
  await runSetJob(
    services,
    job,
    () => "track" as const,
    async ({ manifest, setId, ownerId: trackId, written }) => {
      const dir = await mkdtemp(path.join(tmpdir(), "komaya-audio-"));
      try {
        const file = await onlyUploadedFile(services, manifest, "音声ファイルを1つ選んでください");
        const type = sniff(file.bytes);
        if (!type || !AUDIO_TYPES.has(type)) {
          throw new JobRefusal(
            `${file.name}: 音声ファイルではありません（${type ? `${TYPE_LABELS[type]}ファイル` : "MP3・AAC/M4A・WAV・FLAC のいずれでもありません"}）`,
          );
        }
        const input = path.join(dir, `in.${type}`);
        await writeFile(input, file.bytes);
        const seconds = await decodedSeconds(input);
        if (seconds === null || seconds < 1) {
          throw new JobRefusal(
            `${file.name}: 音声として読み込めません（壊れている可能性があります）`,
          );
        }
        const trial = trialWithin(seconds, manifest.trial ?? { startSec: 0, seconds: 30 });
        await job.progress(20);
        const full = path.join(dir, "track.mp3");
        const clip = path.join(dir, "trial.mp3");
        const encoded = await ffmpeg(["-i", input, "-map", "0:a:0", ...MP3_OUT, "-y", full]);
        if (encoded.code !== 0) throw new Error(`ffmpeg encode failed: ${encoded.log.slice(-500)}`);
        await job.progress(70);
        const fade = Math.min(2, trial.seconds / 4);
        const cut = await ffmpeg([
          "-ss",
          String(trial.startSec),
          "-t",
          String(trial.seconds),
          "-i",
          input,
          "-map",
          "0:a:0",
          "-af",
          `afade=t=out:st=${trial.seconds - fade}:d=${fade}`,
          ...MP3_OUT,
          "-y",
          clip,
        ]);
        if (cut.code !== 0) throw new Error(`ffmpeg trial cut failed: ${cut.log.slice(-500)}`);
        await job.progress(90);
        const fileName = trackKey(trackId, setId, "track");
        const trialFileName = trackKey(trackId, setId, "trial");
        written.push(fileName, trialFileName);
        await storage.put(fileName, await readFile(full), "audio/mpeg");
        await storage.put(trialFileName, await readFile(clip), "audio/mpeg");
        const durationSec = Math.max(1, Math.round(seconds));
        const published = await publishSet(
          db,
          job.data.actor,
          {
            setId,
            kind: "track",
            ownerId: trackId,
            itemCount: 1,
            widths: [],
            trialStartSec: trial.startSec,
            trialSeconds: trial.seconds,
          },
          { entity: "track", action: "audio", entityId: trackId },
          async (tx, previous) => {
            const audio = { durationSec, fileName, trialFileName, trialDurationSec: trial.seconds };
            const before = await setTrackAudio(tx, trackId, audio);
            if (!before) throw new JobRefusal("このトラックは削除されたため、音声を公開できません");
            return {
              before: {
                audio_set: previous,
                duration_sec: before.durationSec,
                file_name: before.fileName,
                trial_file_name: before.trialFileName,
                trial_duration_sec: before.trialDurationSec,
              },
              after: {
                audio_set: setId,
                duration_sec: durationSec,
                file_name: fileName,
                trial_file_name: trialFileName,
                trial_duration_sec: trial.seconds,
                trial_start_sec: trial.startSec,
              },
            };
          },
        );
        if (published) await services.changes.publish({ entity: "track", id: trackId });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
}
