/**
 * What a file is by its first bytes, never by its name (decision 0089): a text file renamed
 * p001.jpg is text. Only the kinds the pipeline takes in are told apart; anything else is null.
 */
export type SniffedType = "jpeg" | "png" | "webp" | "zip" | "mp3" | "aac" | "m4a" | "wav" | "flac";

export const IMAGE_TYPES: ReadonlySet<SniffedType> = new Set(["jpeg", "png", "webp"]);
export const AUDIO_TYPES: ReadonlySet<SniffedType> = new Set(["mp3", "aac", "m4a", "wav", "flac"]);

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length &&
  [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

export function sniff(bytes: Uint8Array): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return "jpeg";
  if (ascii(bytes, 0, "\x89PNG\r\n\x1a\n")) return "png";
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return "webp";
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WAVE")) return "wav";
  if (ascii(bytes, 0, "PK\x03\x04") || ascii(bytes, 0, "PK\x05\x06")) return "zip";
  if (ascii(bytes, 0, "fLaC")) return "flac";
  if (ascii(bytes, 4, "ftyp")) return "m4a";
  if (ascii(bytes, 0, "ID3")) return "mp3";
  // An MPEG audio frame: 11 sync bits; layer bits 00 are AAC in ADTS, anything else MP3.
  if (bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) {
    return ((bytes[1] ?? 0) & 0x06) === 0 ? "aac" : "mp3";
  }
  return null;
}

/** How the refusals name a type to the uploader. */
export const TYPE_LABELS: Record<SniffedType, string> = {
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  zip: "ZIP",
  mp3: "MP3",
  aac: "AAC",
  m4a: "M4A",
  wav: "WAV",
  flac: "FLAC",
};
