import { describe, expect, it } from "vitest";
import { MediaInputError } from "../../../modules/media/params.ts";
import { renderTrackMp3, renderTrialMp3 } from "./audio.ts";

const MPEG2_L3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG2_RATES = [22050, 24000, 16000];

/** An independent walk over the MP3: every frame header must parse and frames must tile the file. */
function readFrames(mp3: Buffer) {
  let pos = 0;
  if (mp3.toString("latin1", 0, 3) === "ID3") {
    const size = (mp3[6] << 21) | (mp3[7] << 14) | (mp3[8] << 7) | mp3[9];
    pos = 10 + size;
  }
  let frames = 0;
  const seen = new Set<string>();
  while (pos < mp3.length) {
    const b1 = mp3[pos + 1];
    const b2 = mp3[pos + 2];
    if (mp3[pos] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at ${pos}`);
    const version = (b1 >> 3) & 3; // 2 = MPEG-2
    const layer = (b1 >> 1) & 3; // 1 = Layer III
    const kbps = MPEG2_L3_KBPS[b2 >> 4];
    const rate = MPEG2_RATES[(b2 >> 2) & 3];
    const padding = (b2 >> 1) & 1;
    const mode = mp3[pos + 3] >> 6; // 3 = mono
    seen.add(`${version}/${layer}/${kbps}/${rate}/${mode}`);
    pos += Math.floor((72_000 * kbps) / rate) + padding;
    frames++;
  }
  expect(pos).toBe(mp3.length);
  return { frames, seconds: (frames * 576) / 22050, headers: [...seen] };
}

describe("drama-CD audio", () => {
  it("renders a 240 s track as 64 kbps 22.05 kHz mono MP3 of that length, the same every time", async () => {
    const mp3 = await renderTrackMp3({ cdId: 7, trackNo: 2, seconds: 240 });
    const info = readFrames(mp3);
    expect(info.headers).toEqual(["2/1/64/22050/3"]);
    expect(Math.abs(info.seconds - 240)).toBeLessThan(0.2);
    expect(mp3.length).toBeGreaterThan(1_900_000);
    const again = await renderTrackMp3({ cdId: 7, trackNo: 2, seconds: 240 });
    expect(again.equals(mp3)).toBe(true);
  });

  it("renders short tracks to length and gives each track its own tune", async () => {
    const a = await renderTrackMp3({ cdId: 7, trackNo: 1, seconds: 8 });
    const b = await renderTrackMp3({ cdId: 7, trackNo: 3, seconds: 8 });
    expect(Math.abs(readFrames(a).seconds - 8)).toBeLessThan(0.2);
    expect(a.equals(b)).toBe(false);
  });

  it("renders a trial shorter than the track, deterministic and distinct", async () => {
    const trial = await renderTrialMp3({ cdId: 7, trackNo: 2, seconds: 12 });
    const info = readFrames(trial);
    expect(info.headers).toEqual(["2/1/64/22050/3"]);
    expect(Math.abs(info.seconds - 12)).toBeLessThan(0.2);
    expect((await renderTrialMp3({ cdId: 7, trackNo: 2, seconds: 12 })).equals(trial)).toBe(true);
    const track = await renderTrackMp3({ cdId: 7, trackNo: 2, seconds: 12 });
    expect(track.equals(trial)).toBe(false);
    expect(trial.length).toBeLessThan(
      (await renderTrackMp3({ cdId: 7, trackNo: 2, seconds: 30 })).length,
    );
  });

  it("rejects bad input", async () => {
    await expect(renderTrackMp3({ cdId: 0, trackNo: 1, seconds: 10 })).rejects.toThrow(
      MediaInputError,
    );
    await expect(renderTrackMp3({ cdId: 1, trackNo: 1, seconds: 0 })).rejects.toThrow(/seconds/);
    await expect(renderTrackMp3({ cdId: 1, trackNo: 1, seconds: 99_999 })).rejects.toThrow(
      /seconds/,
    );
    await expect(renderTrialMp3({ cdId: 1, trackNo: 1, seconds: 600 })).rejects.toThrow(/seconds/);
  });
});
