import { crc32, deflateRawSync } from "node:zlib";
import sharp from "sharp";

// No server imports: the Playwright e2e and the benchmark make their archives with this too.

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
