/**
 * What one piece of demo art costs to produce (decision 0032): bytes and milliseconds per cover,
 * banner and reader page, as WebP and PNG, drawn cold (no disk cache). Never run as a test.
 *
 *   npx tsx bench/art.ts [--count 40]
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { encodeDrawing } from "../server/db/seed/art/encode.ts";
import {
  bannerDrawing,
  coverDrawing,
  type Drawing,
  pageDrawing,
} from "../server/db/seed/art/images.ts";
import type { ImageFormat } from "../server/modules/media/drawings.ts";

const { count } = z
  .object({ count: z.coerce.number().int().min(1).max(1000).default(40) })
  .parse(parseArgs({ options: { count: { type: "string" } } }).values);

const TITLES = [
  "転生したら魔王の娘だった件～辺境スローライフ～",
  "君と夏の終わりに",
  "ブラック・ヴェイン",
];

const kinds: Record<string, (i: number) => Drawing> = {
  "cover 300×424": (i) =>
    coverDrawing({
      seriesId: i,
      volume: 1 + (i % 12),
      title: TITLES[i % TITLES.length],
      author: "桜井ゆかり",
      genre: [2, 3, 4, 5, 6, 20][i % 6],
    }),
  "banner 702×240": (i) =>
    bannerDrawing({
      id: i,
      headline: "人気作まとめ買いセール",
      sub: "11/30(日)まで",
      badge: "50%OFF",
      covers: [1, 2, 3].map((k) => ({ seriesId: i * 3 + k, title: TITLES[k - 1] })),
      width: 702,
      height: 240,
    }),
  "page 720×1024": (i) => pageDrawing({ bookId: i, page: 2 + (i % 20), pageCount: 40 }),
};

// Fonts and the SVG library load on first use; that once-per-process cost is not a cover's.
await encodeDrawing(kinds["cover 300×424"]!(1000), "webp");
console.log(`${"art".padEnd(16)} ${"format".padEnd(6)} ${"bytes".padStart(8)} ${"ms".padStart(7)}`);
for (const [name, draw] of Object.entries(kinds)) {
  for (const format of ["webp", "png"] as ImageFormat[]) {
    let bytes = 0;
    const started = performance.now();
    for (let i = 1; i <= count; i++) bytes += (await encodeDrawing(draw(i), format)).length;
    const ms = (performance.now() - started) / count;
    console.log(
      `${name.padEnd(16)} ${format.padEnd(6)} ${String(Math.round(bytes / count)).padStart(8)} ${ms.toFixed(1).padStart(7)}`,
    );
  }
}
