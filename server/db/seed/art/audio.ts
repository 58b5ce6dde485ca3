import { Mp3Encoder } from "@breezystack/lamejs";
import { Rng } from "../../../lib/seeded-random.ts";
import {
  MAX_TRACK_NO,
  MAX_TRACK_SECONDS,
  MAX_TRIAL_SECONDS,
  type TrackAudioInput,
} from "../../../modules/media/drawings.ts";
import { checkId, checkInt, seedOf } from "../../../modules/media/params.ts";

/**
 * Drama-CD audio, synthesised from (cd, track) so every track has its own tune and the same
 * request always gives the same bytes. Output is MPEG-2 Layer III, 22,050 Hz mono, 64 kbps CBR:
 * small files that every browser plays.
 *
 * Long tracks are not encoded sample by sample. The tune is one loop whose length is a whole
 * number of MP3 frames, and lamejs encodes with the bit reservoir disabled, so every frame is
 * self-contained: we encode a lead-in plus one pass of the loop, and separately a fading ending,
 * then repeat the loop's frames as often as the track needs. Any length costs at most about 30 s
 * of encoding, and the joins are seamless: a settled encoder turns the same periodic signal into
 * the same frames, so a repeated frame is byte for byte what a continuous encoding would give.
 */

export const SAMPLE_RATE = 22_050;
export const BITRATE_KBPS = 64;
/** Samples per frame of MPEG-2 Layer III. */
export const SAMPLES_PER_FRAME = 576;
/** Frames at the start that hold the encoder's delay and warm-up, before the loop is steady. */
const LEAD_FRAMES = 6;
/** Samples of encoder plus decoder delay in LAME's output (576 + 529). */
const CODEC_DELAY = 1105;
const ENDING_SECONDS = 4;
const FADE_OUT_SECONDS = 3;

// ---------------------------------------------------------------------------------------------
// Synthesis

const SCALES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
} as const;

/** Chord progressions as scale degrees (0 = tonic), one chord per bar. */
const PROGRESSIONS = [
  [0, 4, 5, 3],
  [5, 3, 0, 4],
  [0, 5, 3, 4],
  [1, 4, 0, 5],
  [0, 3, 4, 0],
  [3, 4, 2, 5],
] as const;

/** Melody rhythms for one 4-beat bar, in beats. */
const RHYTHMS = [
  [1, 1, 1, 1],
  [2, 1, 1],
  [1.5, 0.5, 1, 1],
  [1, 0.5, 0.5, 2],
  [0.5, 0.5, 1, 2],
  [1, 1, 2],
  [3, 1],
] as const;

const BARS = 8;
const BEATS_PER_BAR = 4;

type Wave = "sine" | "triangle" | "bell";

interface Note {
  start: number;
  length: number;
  freq: number;
  amp: number;
  wave: Wave;
  attack: number;
  release: number;
}

const midiToHz = (m: number) => 440 * 2 ** ((m - 69) / 12);

/** Adds one note into a circular buffer, so a note ringing past the loop's end wraps to its start. */
function addNote(buf: Float32Array, note: Note): void {
  const n = buf.length;
  const step = (2 * Math.PI * note.freq) / SAMPLE_RATE;
  const attack = Math.max(1, Math.round(note.attack * SAMPLE_RATE));
  const release = Math.max(1, Math.round(note.release * SAMPLE_RATE));
  const total = note.length + release;
  const decay = Math.exp(-1.6 / SAMPLE_RATE);
  let level = 1;
  for (let i = 0; i < total; i++) {
    let env = level;
    level *= decay;
    if (i < attack) env *= i / attack;
    if (i >= note.length) env *= 1 - (i - note.length) / release;
    const ph = step * i;
    let v: number;
    if (note.wave === "sine") {
      v = Math.sin(ph);
    } else if (note.wave === "bell") {
      v = Math.sin(ph) + 0.3 * Math.sin(2 * ph) + 0.12 * Math.sin(3 * ph);
    } else {
      const t = (ph / (2 * Math.PI)) % 1;
      v = t < 0.5 ? 4 * t - 1 : 3 - 4 * t;
    }
    buf[(note.start + i) % n] += v * env * note.amp;
  }
}

interface Tune {
  /** One period of music; its length is a whole number of MP3 frames. */
  loop: Float32Array;
}

function composeTune(cdId: number, trackNo: number): Tune {
  const rng = new Rng(seedOf(`tune:${cdId}:${trackNo}`));
  const root = rng.int(55, 64);
  const scale = SCALES[rng.pick(["major", "major", "minor", "dorian"] as const)];
  const progression = rng.pick(PROGRESSIONS);
  const bpm = rng.int(84, 120);
  // A multiple of 18 samples per beat makes the 32-beat loop a multiple of 576 samples.
  const samplesPerBeat = 18 * Math.round((SAMPLE_RATE * 60) / bpm / 18);
  const loop = new Float32Array(BARS * BEATS_PER_BAR * samplesPerBeat);
  const beat = samplesPerBeat;

  /** MIDI note of a scale degree, octaves included (degree 7 is the tonic an octave up). */
  const degree = (d: number) => {
    const oct = Math.floor(d / 7);
    return root + 12 * oct + scale[((d % 7) + 7) % 7];
  };

  const bassPattern = rng.pick([
    [0, 2],
    [0, 1.5, 2, 3.5],
    [0, 1, 2, 3],
    [0, 2.5, 3],
  ] as const);
  const arpUpDown = rng.chance(0.5);
  const motif: { rhythm: readonly number[]; steps: number[] }[] = [];

  let melodyDegree = 7 + progression[0];
  for (let bar = 0; bar < BARS; bar++) {
    const chord = progression[bar % progression.length];
    const barStart = bar * BEATS_PER_BAR * beat;

    for (const at of bassPattern) {
      addNote(loop, {
        start: barStart + Math.round(at * beat),
        length: Math.round(beat * 0.85),
        freq: midiToHz(degree(chord) - 12),
        amp: 0.3,
        wave: "triangle",
        attack: 0.01,
        release: 0.08,
      });
    }

    const chordTones = [chord, chord + 2, chord + 4, chord + 7];
    const arp = arpUpDown ? [0, 1, 2, 3, 2, 1, 2, 3] : [0, 1, 2, 3, 0, 1, 2, 3];
    for (let e = 0; e < 8; e++) {
      addNote(loop, {
        start: barStart + Math.round((e * beat) / 2),
        length: Math.round(beat * 0.45),
        freq: midiToHz(degree(chordTones[arp[e]])),
        amp: 0.11,
        wave: "sine",
        attack: 0.02,
        release: 0.12,
      });
    }

    // Bars 4-5 answer bars 0-1 with the same figure over the new chords; phrase ends (bars 3
    // and 7) settle on a chord tone, the last one on the tonic.
    let figure: { rhythm: readonly number[]; steps: number[] };
    if (bar === 4 || bar === 5) {
      figure = motif[bar - 4];
    } else {
      const rhythm =
        bar === 3 || bar === 7
          ? rng.pick([
              [2, 2],
              [3, 1],
              [1, 3],
            ] as const)
          : rng.pick(RHYTHMS);
      const steps = rhythm.map(() => rng.pick([-2, -1, -1, 0, 1, 1, 2, 3, -3]));
      figure = { rhythm, steps };
      if (bar < 2) motif.push(figure);
    }
    let at = 0;
    for (let i = 0; i < figure.rhythm.length; i++) {
      melodyDegree += figure.steps[i];
      // Strong beats snap to the nearest chord tone; the line stays within about an octave.
      if (at % 2 === 0) {
        const tones = [chord, chord + 2, chord + 4, chord + 7, chord + 9, chord + 11];
        melodyDegree = tones.reduce((best, t) =>
          Math.abs(t - melodyDegree) < Math.abs(best - melodyDegree) ? t : best,
        );
      }
      if (bar === BARS - 1 && i === figure.rhythm.length - 1) melodyDegree = 7;
      melodyDegree = Math.min(13, Math.max(3, melodyDegree));
      const len = figure.rhythm[i];
      if (!(len <= 0.5 && rng.chance(0.15))) {
        addNote(loop, {
          start: barStart + Math.round(at * beat),
          length: Math.round(len * beat * 0.92),
          freq: midiToHz(degree(melodyDegree) + 12),
          amp: 0.24,
          wave: "bell",
          attack: 0.012,
          release: 0.1,
        });
      }
      at += len;
    }
  }

  // A soft kick on beats 1 and 3 and a brushed tick off the beat keep time.
  const noise = rng.fork("noise");
  for (let b = 0; b < BARS * BEATS_PER_BAR; b++) {
    const start = b * beat;
    if (b % 2 === 0) {
      const len = Math.round(0.14 * SAMPLE_RATE);
      let phase = 0;
      for (let i = 0; i < len; i++) {
        const f = 50 + 70 * Math.exp(-i / (0.03 * SAMPLE_RATE));
        phase += (2 * Math.PI * f) / SAMPLE_RATE;
        loop[(start + i) % loop.length] += 0.35 * Math.sin(phase) * (1 - i / len) ** 2;
      }
    }
    const tickStart = start + Math.round(beat / 2);
    const tickLen = Math.round(0.03 * SAMPLE_RATE);
    let prev = 0;
    for (let i = 0; i < tickLen; i++) {
      const x = noise.next() * 2 - 1;
      loop[(tickStart + i) % loop.length] += 0.05 * (x - prev) * (1 - i / tickLen);
      prev = x;
    }
  }
  return { loop };
}

/** Second-order band-pass (RBJ cookbook, 0 dB peak). */
class BandPass {
  private b0 = 0;
  private a1 = 0;
  private a2 = 0;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  tune(freq: number, q: number): void {
    const w0 = (2 * Math.PI * freq) / SAMPLE_RATE;
    const alpha = Math.sin(w0) / (2 * q);
    const a0 = 1 + alpha;
    this.b0 = alpha / a0;
    this.a1 = (-2 * Math.cos(w0)) / a0;
    this.a2 = (1 - alpha) / a0;
  }

  run(x: number): number {
    const y = this.b0 * (x - this.x2) - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/** Formant pairs (F1, F2) of the five Japanese vowels a, i, u, e, o. */
const VOWELS = [
  [800, 1200],
  [300, 2300],
  [350, 1300],
  [500, 1900],
  [500, 850],
] as const;

/**
 * Speech-like babble for trial files: a buzzing voice source shaped by vowel formants, in
 * syllables and phrases with falling (or, for questions, rising) pitch. It sounds like someone
 * talking behind a wall, which is what a drama-CD preview should feel like without words.
 */
function babble(rng: Rng, out: Float32Array, from: number, to: number): void {
  const base = 110 + rng.next() * 120;
  const f1 = new BandPass();
  const f2 = new BandPass();
  let phase = 0;
  let t = from;
  while (t < to - SAMPLE_RATE * 0.4) {
    const syllables = rng.int(4, 10);
    const question = rng.chance(0.3);
    for (let s = 0; s < syllables && t < to - SAMPLE_RATE * 0.3; s++) {
      const dur = Math.round((0.13 + rng.next() * 0.12) * SAMPLE_RATE);
      const [fa, fb] = rng.pick(VOWELS);
      f1.tune(fa, 6);
      f2.tune(fb, 9);
      const gain = 0.7 + rng.next() * 0.3;
      const consonant = rng.chance(0.6) ? Math.round((0.02 + rng.next() * 0.03) * SAMPLE_RATE) : 0;
      let prev = 0;
      for (let i = 0; i < consonant && t + i < to; i++) {
        const x = rng.next() * 2 - 1;
        out[t + i] += 0.25 * (x - prev) * (1 - i / consonant);
        prev = x;
      }
      const last = s === syllables - 1;
      const attack = 0.02 * SAMPLE_RATE;
      const release = 0.05 * SAMPLE_RATE;
      for (let i = 0; i < dur && t + consonant + i < to; i++) {
        const progress = (s + i / dur) / syllables;
        let f0 = base * (1.15 - 0.25 * progress);
        if (question && last) f0 *= 1 + 0.35 * (i / dur);
        const dt = f0 / SAMPLE_RATE;
        phase += dt;
        if (phase >= 1) phase -= 1;
        // A sawtooth with polyBLEP edges: a rich source without aliasing whistles.
        let v = 2 * phase - 1;
        if (phase < dt) {
          const x = phase / dt;
          v -= x + x - x * x - 1;
        } else if (phase > 1 - dt) {
          const x = (phase - 1) / dt;
          v -= x * x + x + x + 1;
        }
        const env = Math.min(1, i / attack, (dur - i) / release);
        out[t + consonant + i] += (f1.run(v) * 1.4 + f2.run(v) * 0.8) * env * gain * 0.5;
      }
      t += consonant + dur + Math.round((0.01 + rng.next() * 0.03) * SAMPLE_RATE);
    }
    t += Math.round((0.3 + rng.next() * 0.4) * SAMPLE_RATE);
  }
}

function beep(out: Float32Array, start: number, seconds: number, freq: number, amp: number): void {
  const len = Math.round(seconds * SAMPLE_RATE);
  const edge = Math.round(0.008 * SAMPLE_RATE);
  for (let i = 0; i < len && start + i < out.length; i++) {
    const env = Math.min(1, i / edge, (len - i) / edge);
    out[start + i] += amp * env * Math.sin((2 * Math.PI * freq * i) / SAMPLE_RATE);
  }
}

// ---------------------------------------------------------------------------------------------
// Encoding

function toInt16(x: Float32Array, peak: number): Int16Array {
  const gain = peak > 0 ? 0.85 / peak : 0;
  const out = new Int16Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const v = x[i] * gain;
    out[i] = Math.round(Math.max(-1, Math.min(1, v)) * 32767);
  }
  return out;
}

function peakOf(x: Float32Array): number {
  let p = 0;
  for (let i = 0; i < x.length; i++) p = Math.max(p, Math.abs(x[i]));
  return p;
}

/**
 * Encodes in blocks of about 0.8 s and lets the event loop run between blocks: encoding is the
 * slow part (tens of milliseconds per second of audio), and a server producing a track on a
 * cache miss must keep answering other requests meanwhile.
 */
async function encode(pcm: Int16Array): Promise<Buffer> {
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, BITRATE_KBPS);
  const parts: Buffer[] = [];
  const block = SAMPLES_PER_FRAME * 32;
  // Typed as Uint8Array, but lamejs actually returns Int8Array; only the bytes matter.
  const take = (chunk: ArrayBufferView) => {
    if (chunk.byteLength > 0)
      parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  };
  for (let i = 0; i < pcm.length; i += block) {
    take(encoder.encodeBuffer(pcm.subarray(i, i + block)));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  take(encoder.flush());
  return Buffer.concat(parts);
}

/** Byte offsets of the frames in an MPEG-2 Layer III stream, plus the end offset. */
function frameOffsets(mp3: Buffer): number[] {
  const offsets: number[] = [];
  let pos = 0;
  while (pos + 4 <= mp3.length) {
    if (mp3[pos] !== 0xff || (mp3[pos + 1] & 0xe0) !== 0xe0) {
      throw new Error(`lost MP3 frame sync at byte ${pos}`);
    }
    const bitrate = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160][
      mp3[pos + 2] >> 4
    ];
    const padding = (mp3[pos + 2] >> 1) & 1;
    offsets.push(pos);
    pos += Math.floor((72_000 * bitrate) / SAMPLE_RATE) + padding;
  }
  offsets.push(Math.min(pos, mp3.length));
  return offsets;
}

/** `n` samples of the tune played round and round, starting `from` samples into the loop. */
function playTune(tune: Tune, from: number, n: number): Float32Array {
  const out = new Float32Array(n);
  const loop = tune.loop;
  let phase = from % loop.length;
  for (let i = 0; i < n; ) {
    const take = Math.min(loop.length - phase, n - i);
    out.set(loop.subarray(phase, phase + take), i);
    i += take;
    phase = 0;
  }
  return out;
}

function fadeIn(x: Float32Array): void {
  const len = Math.round(0.01 * SAMPLE_RATE);
  for (let i = 0; i < len && i < x.length; i++) x[i] *= i / len;
}

/** A fade-out ending at `end`, silence after it. */
function fadeOut(x: Float32Array, end: number, fade: number): void {
  const fadeStart = Math.max(0, end - fade);
  for (let i = fadeStart; i < x.length; i++) {
    x[i] *= i >= end ? 0 : Math.cos(((i - fadeStart) / (end - fadeStart)) * (Math.PI / 2)) ** 2;
  }
}

/** Encodes `pcm` and keeps exactly `frames` frames (the rest is trailing silence). */
async function encodeFrames(pcm: Float32Array, frames: number, peak: number): Promise<Buffer> {
  const mp3 = await encode(toInt16(pcm, peak));
  const offsets = frameOffsets(mp3);
  if (offsets.length - 1 < frames) throw new Error("encoder produced fewer frames than needed");
  return mp3.subarray(0, offsets[frames]);
}

/** Frames for a duration; each frame is 576 / 22050 s (about 26 ms). */
function framesFor(seconds: number): number {
  return Math.max(1, Math.round((seconds * SAMPLE_RATE) / SAMPLES_PER_FRAME));
}

/**
 * The samples for `frames` frames: music up to just before the last frame's end (allowing for
 * the codec delay), then silence the truncation can cut.
 */
function timeline(frames: number): { length: number; musicEnd: number } {
  const musicEnd = Math.max(1, frames * SAMPLES_PER_FRAME - CODEC_DELAY - SAMPLES_PER_FRAME);
  return { length: (frames + 2) * SAMPLES_PER_FRAME, musicEnd };
}

export async function renderTrackMp3(input: TrackAudioInput): Promise<Buffer> {
  const cdId = checkId("cdId", input.cdId);
  const trackNo = checkInt("trackNo", input.trackNo, 1, MAX_TRACK_NO);
  const seconds = checkInt("seconds", input.seconds, 1, MAX_TRACK_SECONDS);
  const tune = composeTune(cdId, trackNo);
  const total = framesFor(seconds);
  const loopFrames = tune.loop.length / SAMPLES_PER_FRAME;
  const endingFrames = framesFor(ENDING_SECONDS);
  const peak = peakOf(tune.loop);

  if (total <= 2 * LEAD_FRAMES + loopFrames + endingFrames) {
    const { length, musicEnd } = timeline(total);
    const pcm = playTune(tune, 0, length);
    fadeIn(pcm);
    fadeOut(pcm, musicEnd, Math.min(FADE_OUT_SECONDS * SAMPLE_RATE, musicEnd * 0.3));
    return encodeFrames(pcm, total, peak);
  }

  // The track is: lead-in, the loop's frames `repeats` times, the first `partial` frames of the
  // loop once more, then an ending that fades out.
  const repeats = Math.floor((total - LEAD_FRAMES - endingFrames) / loopFrames);
  const partial = total - LEAD_FRAMES - endingFrames - repeats * loopFrames;

  const body = playTune(tune, 0, timeline(LEAD_FRAMES + loopFrames).length);
  fadeIn(body);
  const first = await encodeFrames(body, LEAD_FRAMES + loopFrames, peak);
  const at = frameOffsets(first);
  const head = first.subarray(0, at[LEAD_FRAMES]);
  const loop = first.subarray(at[LEAD_FRAMES], at[LEAD_FRAMES + loopFrames]);
  const rest = first.subarray(at[LEAD_FRAMES], at[LEAD_FRAMES + partial]);

  // The ending is encoded on its own, starting LEAD_FRAMES early so the encoder has settled by
  // the first frame we keep; those warm-up frames are dropped.
  // Its first kept frame must sit at the loop phase of output frame LEAD + repeats * loop + partial.
  const endingStart = partial * SAMPLES_PER_FRAME;
  const { length, musicEnd } = timeline(LEAD_FRAMES + endingFrames);
  const tail = playTune(tune, endingStart, length);
  fadeOut(tail, musicEnd, FADE_OUT_SECONDS * SAMPLE_RATE);
  const second = await encodeFrames(tail, LEAD_FRAMES + endingFrames, peak);
  const ending = second.subarray(frameOffsets(second)[LEAD_FRAMES]);

  return Buffer.concat([head, ...Array.from({ length: repeats }, () => loop), rest, ending]);
}

/**
 * A trial file: the opening of the track, quieter, under a speaking voice, framed by a double
 * beep at the start and a falling two-note chime at the end so a listener knows it is a preview.
 */
export async function renderTrialMp3(input: TrackAudioInput): Promise<Buffer> {
  const cdId = checkId("cdId", input.cdId);
  const trackNo = checkInt("trackNo", input.trackNo, 1, MAX_TRACK_NO);
  const seconds = checkInt("seconds", input.seconds, 1, MAX_TRIAL_SECONDS);
  const tune = composeTune(cdId, trackNo);
  const frames = framesFor(seconds);
  const { length, musicEnd } = timeline(frames);
  const music = playTune(tune, 0, length);
  const musicPeak = peakOf(tune.loop) || 1;
  const pcm = new Float32Array(length);
  for (let i = 0; i < length; i++) pcm[i] = (music[i] / musicPeak) * 0.35;

  const sr = SAMPLE_RATE;
  beep(pcm, Math.round(0.05 * sr), 0.1, 1320, 0.45);
  beep(pcm, Math.round(0.22 * sr), 0.1, 1320, 0.45);
  const chime = Math.max(0, musicEnd - Math.round(0.45 * sr));
  const voiceEnd = Math.max(0, chime - Math.round(0.1 * sr));
  babble(new Rng(seedOf(`voice:${cdId}:${trackNo}`)), pcm, Math.round(0.45 * sr), voiceEnd);
  fadeIn(pcm);
  fadeOut(pcm, chime, Math.min(1.5 * sr, chime * 0.3));
  beep(pcm, chime, 0.18, 1320, 0.4);
  beep(pcm, chime + Math.round(0.2 * sr), 0.22, 880, 0.4);
  return encodeFrames(pcm, frames, peakOf(pcm));
}
