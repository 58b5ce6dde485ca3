import { crc32, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { textCells } from "./font.ts";
import {
  pageLayout,
  renderBanner,
  renderCover,
  renderJacket,
  renderPage,
  renderSquare,
} from "./images.ts";
import { MediaInputError } from "./params.ts";
import { Raster } from "./raster.ts";

interface Decoded {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/** An independent PNG reader: checks the structure and undoes every row filter. */
function decodePng(png: Buffer): Decoded {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let pos = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (pos < png.length) {
    const len = png.readUInt32BE(pos);
    const type = png.toString("latin1", pos + 4, pos + 8);
    const data = png.subarray(pos + 8, pos + 8 + len);
    expect(png.readUInt32BE(pos + 8 + len)).toBe(crc32(png.subarray(pos + 4, pos + 8 + len)));
    types.push(type);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([...data.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    }
    if (type === "IDAT") idat.push(data);
    pos += 12 + len;
  }
  expect(types[0]).toBe("IHDR");
  expect(types.at(-1)).toBe("IEND");
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 3;
  expect(raw.length).toBe(height * (1 + stride));
  const rgb = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    if (filter > 4) throw new Error(`bad filter ${filter} on row ${y}`);
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i];
      const a = i >= 3 ? rgb[y * stride + i - 3] : 0;
      const b = y > 0 ? rgb[(y - 1) * stride + i] : 0;
      const c = i >= 3 && y > 0 ? rgb[(y - 1) * stride + i - 3] : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      rgb[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  return { width, height, rgb };
}

function crop(img: { width: number; rgb: Uint8Array }, x: number, y: number, w: number, h: number) {
  const out = new Uint8Array(w * h * 3);
  for (let row = 0; row < h; row++) {
    const from = ((y + row) * img.width + x) * 3;
    out.set(img.rgb.subarray(from, from + w * 3), row * w * 3);
  }
  return out;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe("covers", () => {
  it("is a valid PNG of the requested size, identical for the same input", () => {
    const png = renderCover({ seriesId: 123, volume: 3 });
    const img = decodePng(png);
    expect([img.width, img.height]).toEqual([300, 424]);
    expect(renderCover({ seriesId: 123, volume: 3 }).equals(png)).toBe(true);
    expect(decodePng(renderCover({ seriesId: 123, width: 150, height: 212 }))).toMatchObject({
      width: 150,
      height: 212,
    });
  });

  it("differs between series and between volumes", () => {
    const a = renderCover({ seriesId: 1, volume: 1 });
    expect(renderCover({ seriesId: 2, volume: 1 }).equals(a)).toBe(false);
    expect(renderCover({ seriesId: 1, volume: 2 }).equals(a)).toBe(false);
  });

  it("rejects bad ids and sizes", () => {
    expect(() => renderCover({ seriesId: 0 })).toThrow(MediaInputError);
    expect(() => renderCover({ seriesId: 1.5 })).toThrow(MediaInputError);
    expect(() => renderCover({ seriesId: 1, width: 5000 })).toThrow(/width/);
    expect(() => renderCover({ seriesId: 1, volume: -1 })).toThrow(/volume/);
  });
});

describe("book pages", () => {
  const input = { bookId: 42, pageCount: 180 };

  it("is a valid 720x1024 PNG and depends on the page", () => {
    const p1 = renderPage({ ...input, page: 1 });
    const img = decodePng(p1);
    expect([img.width, img.height]).toEqual([720, 1024]);
    expect(renderPage({ ...input, page: 1 }).equals(p1)).toBe(true);
    expect(renderPage({ ...input, page: 2 }).equals(p1)).toBe(false);
  });

  it("draws the page number where the layout says, and only the digit differs", () => {
    const pages = [1, 2].map((page) => decodePng(renderPage({ ...input, page })));
    const layout = pageLayout({ ...input, page: 1 });
    expect(pageLayout({ ...input, page: 2 }).label).toEqual(layout.label);
    const { x, y, w, h } = layout.label;

    // The caption box holds exactly the drawn text "P. n" on white inside a black frame.
    for (const [i, img] of pages.entries()) {
      const expected = new Raster(img.width, img.height);
      const l = pageLayout({ ...input, page: i + 1 });
      expected.fillRect(x, y, w, h, [255, 255, 255]);
      expected.strokeRect(x, y, w, h, 5, [20, 20, 20]);
      expected.textCentered(
        l.labelText,
        x + w / 2,
        y + (h - 7 * l.labelScale) / 2,
        l.labelScale,
        [20, 20, 20],
      );
      expect(
        sameBytes(
          crop(img, x, y, w, h),
          crop({ width: expected.width, rgb: expected.data }, x, y, w, h),
        ),
      ).toBe(true);
    }

    // "P. " is the same on both pages; the cells of the digit are not.
    const scale = layout.labelScale;
    const textX = Math.round(x + w / 2 - (textCells("P. 1") * scale) / 2);
    const textY = Math.round(y + (h - 7 * scale) / 2);
    const digitX = textX + (textCells("P. ") + 1) * scale;
    const prefix = pages.map((img) => crop(img, textX, textY, digitX - textX, 7 * scale));
    const digit = pages.map((img) => crop(img, digitX, textY, 5 * scale, 7 * scale));
    expect(sameBytes(prefix[0], prefix[1])).toBe(true);
    expect(sameBytes(digit[0], digit[1])).toBe(false);

    // The footer "n / 180" differs too.
    const fy = layout.footerY;
    const fh = 7 * layout.footerScale;
    expect(sameBytes(crop(pages[0], 0, fy, 720, fh), crop(pages[1], 0, fy, 720, fh))).toBe(false);
  });

  it("rejects pages outside the book", () => {
    expect(() => renderPage({ ...input, page: 0 })).toThrow(/page/);
    expect(() => renderPage({ ...input, page: 181 })).toThrow(/page/);
    expect(() => renderPage({ bookId: -1, page: 1, pageCount: 1 })).toThrow(/bookId/);
  });
});

describe("banners, jackets and squares", () => {
  it("renders each at its default size", () => {
    expect(decodePng(renderBanner({ id: 9 }))).toMatchObject({ width: 702, height: 180 });
    expect(decodePng(renderBanner({ id: 9, label: "Summer sale" }))).toMatchObject({ width: 702 });
    expect(decodePng(renderJacket({ cdId: 3 }))).toMatchObject({ width: 300, height: 300 });
    expect(decodePng(renderSquare({ id: 3, size: 106 }))).toMatchObject({
      width: 106,
      height: 106,
    });
    expect(renderJacket({ cdId: 3 }).equals(renderJacket({ cdId: 4 }))).toBe(false);
  });
});
