import { Rng } from "../../db/seed/random.ts";
import { drawableText, GLYPH_HEIGHT, textCells } from "./font.ts";
import { checkId, checkInt, checkSide, MediaInputError, seedOf } from "./params.ts";
import { encodePng } from "./png.ts";
import { BLACK, fitScale, hsl, Raster, type Rgb, WHITE } from "./raster.ts";

/**
 * The store's artwork is drawn here from ids alone: the same id always gives the same bytes, so
 * a file can be produced on first request, cached on disk and served as immutable. Japanese text
 * is never drawn (the pages show names as HTML); images carry latin labels and numbers only.
 */

export const MAX_PAGE_COUNT = 10_000;
export const MAX_VOLUME = 9999;

export interface CoverInput {
  seriesId: number;
  volume?: number;
  title?: string;
  width?: number;
  height?: number;
}

export interface PageInput {
  bookId: number;
  page: number;
  pageCount: number;
  width?: number;
  height?: number;
}

export interface BannerInput {
  id: number;
  label?: string;
  width?: number;
  height?: number;
}

export interface JacketInput {
  cdId: number;
  width?: number;
  height?: number;
}

export interface SquareInput {
  id: number;
  label?: string;
  size?: number;
}

interface Palette {
  hue: number;
  top: Rgb;
  bottom: Rgb;
  accent: Rgb;
  light: Rgb;
  dark: Rgb;
}

function palette(rng: Rng): Palette {
  const hue = rng.next() * 360;
  const accentHue = hue + 150 + rng.next() * 60;
  return {
    hue,
    top: hsl(hue, 0.55, 0.64),
    bottom: hsl(hue + 25, 0.6, 0.27),
    accent: hsl(accentHue, 0.75, 0.6),
    light: hsl(hue, 0.45, 0.94),
    dark: hsl(hue + 20, 0.45, 0.13),
  };
}

/** A label the font can draw in full, or undefined when it has other characters (kana, kanji). */
function latinLabel(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const wanted = text.toUpperCase().replace(/\s+/g, " ").trim();
  const drawable = drawableText(wanted);
  return drawable.length > 0 && drawable === wanted ? drawable.slice(0, 40) : undefined;
}

function checkLabel(field: string, text: unknown): string | undefined {
  if (text === undefined) return undefined;
  if (typeof text !== "string" || text.length > 200) {
    throw new MediaInputError(field, "must be a string of at most 200 characters");
  }
  return text;
}

/** Background texture shared by covers, banners, jackets and squares. */
function pattern(r: Raster, rng: Rng, p: Palette, s: number): void {
  const { width: w, height: h } = r;
  switch (rng.int(0, 4)) {
    case 0: {
      const gap = 34 * s;
      for (let x = -h; x < w + h; x += gap) r.line(x, 0, x + h * 0.6, h, 9 * s, p.light, 0.13);
      break;
    }
    case 1: {
      const pitch = 30 * s;
      for (let y = pitch / 2; y < h + pitch; y += pitch) {
        for (let x = (Math.round(y / pitch) % 2) * (pitch / 2); x < w + pitch; x += pitch) {
          r.circle(x, y, 5.5 * s, p.light, 0.16);
        }
      }
      break;
    }
    case 2: {
      const cx = w * (0.6 + rng.next() * 0.4);
      const cy = h * rng.next() * 0.4;
      for (let rad = 20 * s; rad < Math.hypot(w, h); rad += 26 * s) {
        r.circle(cx, cy, rad, p.light, 0.14, 7 * s);
      }
      break;
    }
    case 3: {
      const cx = w / 2;
      const cy = h * 0.45;
      const reach = Math.hypot(w, h);
      const rays = 18;
      for (let k = 0; k < rays; k += 2) {
        const a0 = (k / rays) * Math.PI * 2;
        const a1 = ((k + 1) / rays) * Math.PI * 2;
        r.polygon(
          [
            [cx, cy],
            [cx + Math.cos(a0) * reach, cy + Math.sin(a0) * reach],
            [cx + Math.cos(a1) * reach, cy + Math.sin(a1) * reach],
          ],
          p.light,
          0.12,
        );
      }
      break;
    }
    default: {
      const cell = 24 * s;
      for (let y = 0; y < h; y += cell) {
        for (let x = 0; x < w; x += cell) {
          if ((Math.round(x / cell) + Math.round(y / cell)) % 2 === 0) {
            r.fillRect(x, y, cell, cell, p.dark, 0.1);
          }
        }
      }
    }
  }
}

/** The picture in the middle of a cover: a disc with one of a few motifs. */
function emblem(r: Raster, rng: Rng, p: Palette, cx: number, cy: number, rad: number): void {
  r.circle(cx, cy, rad + 7 * (rad / 96), p.light, 0.9, 4 * (rad / 96));
  r.circle(cx, cy, rad, p.accent);
  const k = rad / 96;
  const motif = rng.int(0, 3);
  r.circleMask(cx, cy, rad, () => {
    switch (motif) {
      case 0: {
        // A figure's bust rising from the bottom of the disc.
        r.ellipse(cx, cy + rad * 0.85, rad * 0.66, rad * 0.55, p.dark);
        r.circle(cx, cy - rad * 0.12, rad * 0.36, p.dark);
        r.circle(cx - rad * 0.12, cy - rad * 0.2, rad * 0.06, p.light);
        r.circle(cx + rad * 0.12, cy - rad * 0.2, rad * 0.06, p.light);
        break;
      }
      case 1: {
        const pts: [number, number][] = [];
        for (let i = 0; i < 10; i++) {
          const a = -Math.PI / 2 + (i * Math.PI) / 5;
          const d = i % 2 === 0 ? rad * 0.72 : rad * 0.3;
          pts.push([cx + Math.cos(a) * d, cy + Math.sin(a) * d]);
        }
        r.polygon(pts, p.light);
        r.circle(cx, cy, rad * 0.12, p.accent);
        break;
      }
      case 2: {
        // A moon over mountains.
        r.circle(cx + rad * 0.3, cy - rad * 0.35, rad * 0.2, p.light);
        r.polygon(
          [
            [cx - rad, cy + rad],
            [cx - rad, cy + rad * 0.3],
            [cx - rad * 0.35, cy - rad * 0.05],
            [cx + rad * 0.05, cy + rad * 0.45],
            [cx + rad * 0.45, cy + rad * 0.1],
            [cx + rad, cy + rad * 0.5],
            [cx + rad, cy + rad],
          ],
          p.dark,
        );
        break;
      }
      default: {
        r.circle(cx - rad * 0.08, cy, rad * 0.6, p.light);
        r.circle(cx + rad * 0.2, cy - rad * 0.12, rad * 0.52, p.accent);
        for (let i = 0; i < 3; i++) {
          r.circle(cx + rad * (0.2 + i * 0.18), cy + rad * (0.3 - i * 0.28), 4 * k, p.light);
        }
      }
    }
  });
}

export function renderCover(input: CoverInput): Buffer {
  const seriesId = checkId("seriesId", input.seriesId);
  const volume =
    input.volume === undefined ? undefined : checkInt("volume", input.volume, 0, MAX_VOLUME);
  const title = checkLabel("title", input.title);
  const width = checkSide("width", input.width ?? 300);
  const height = checkSide("height", input.height ?? 424);
  const s = Math.min(width / 300, height / 424);

  // A series keeps its palette, pattern and motif on every volume; the volume shifts the accent.
  const rng = new Rng(seedOf(`cover:${seriesId}`));
  const p = palette(rng);
  if (volume !== undefined) p.accent = hsl(p.hue + 150 + ((volume * 47) % 120), 0.75, 0.6);
  const r = new Raster(width, height);
  r.gradientRect(0, 0, width, height, p.top, p.bottom, rng.pick([0, 20, -20]));
  pattern(r, rng.fork("pattern"), p, s);

  const rad = Math.min(width * 0.34, height * 0.26);
  emblem(r, rng.fork("emblem"), p, width / 2, height * 0.47, rad);
  const sparkle = rng.fork(`sparkle-${volume ?? 0}`);
  for (let i = 0; i < 7; i++) {
    r.circle(
      sparkle.next() * width,
      height * (0.14 + sparkle.next() * 0.56),
      (2 + sparkle.int(0, 4)) * s,
      p.light,
      0.8,
    );
  }

  const band = Math.round(height * 0.1);
  r.fillRect(0, 0, width, band, p.dark, 0.88);
  const heading = latinLabel(title) ?? `NO. ${seriesId}`;
  const headScale = fitScale(heading, width * 0.9, Math.max(1, Math.round(4 * s)));
  r.textCentered(heading, width / 2, (band - GLYPH_HEIGHT * headScale) / 2, headScale, p.light);

  if (volume !== undefined) {
    const label = `VOL. ${volume}`;
    const plateW = Math.round(width * 0.84);
    const plateH = Math.round(height * 0.16);
    const plateX = Math.round((width - plateW) / 2);
    const plateY = Math.round(height * 0.79);
    r.fillRect(plateX, plateY, plateW, plateH, p.light);
    r.strokeRect(plateX, plateY, plateW, plateH, Math.max(2, Math.round(3 * s)), p.dark);
    const scale = Math.min(
      fitScale(label, plateW * 0.86, 64),
      Math.floor((plateH * 0.7) / GLYPH_HEIGHT),
    );
    r.textCentered(label, width / 2, plateY + (plateH - GLYPH_HEIGHT * scale) / 2, scale, p.dark);
  } else {
    r.fillRect(0, height - band, width, band, p.dark, 0.6);
  }
  return encodePng(width, height, r.data);
}

// ---------------------------------------------------------------------------------------------
// Book pages

const PAPER: Rgb = [250, 250, 246];
const INK: Rgb = BLACK;
const GREY: Rgb = [150, 150, 150];
const LIGHT_GREY: Rgb = [222, 222, 222];

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface PageLayout {
  scale: number;
  content: Box;
  /** The caption box holding "P. n" in the top centre. */
  label: Box;
  labelText: string;
  labelScale: number;
  footerText: string;
  footerScale: number;
  footerY: number;
}

export function pageLabel(page: number): string {
  return `P. ${page}`;
}

/**
 * Where the page number goes. Exported so tests (and anyone checking reading order by pixels)
 * can look at exactly the region that carries the number.
 */
export function pageLayout(input: PageInput): PageLayout {
  const width = input.width ?? 720;
  const height = input.height ?? 1024;
  const s = Math.min(width / 720, height / 1024);
  const mx = Math.round(40 * s);
  const top = Math.round(40 * s);
  const bottom = Math.round(110 * s);
  const content = { x: mx, y: top, w: width - 2 * mx, h: height - top - bottom };
  const labelText = pageLabel(input.page);
  const pad = Math.round(14 * s);
  const labelScale = Math.min(
    Math.max(2, Math.round(10 * s)),
    fitScale(labelText, content.w * 0.8 - 2 * pad, 64),
  );
  const lw = textCells(labelText) * labelScale + 2 * pad;
  const lh = GLYPH_HEIGHT * labelScale + 2 * pad;
  const label = {
    x: Math.round((width - lw) / 2),
    y: content.y + Math.round(22 * s),
    w: lw,
    h: lh,
  };
  const footerText = `${input.page} / ${input.pageCount}`;
  const footerScale = Math.min(
    Math.max(2, Math.round(6 * s)),
    fitScale(footerText, width * 0.9, 64),
    Math.max(1, Math.floor((bottom * 0.6) / GLYPH_HEIGHT)),
  );
  const footerY = Math.round(height - bottom + (bottom - GLYPH_HEIGHT * footerScale) / 2);
  return { scale: s, content, label, labelText, labelScale, footerText, footerScale, footerY };
}

/** Splits the content area into rows of panels, a different arrangement on each page. */
function panels(rng: Rng, page: number, content: Box, s: number): Box[] {
  if (page === 1) return [content];
  const gapY = Math.round(18 * s);
  const gapX = Math.round(14 * s);
  const rows = rng.int(2, 4);
  const rowWeights = Array.from({ length: rows }, () => 0.7 + rng.next() * 0.6);
  const total = rowWeights.reduce((a, b) => a + b, 0);
  const usableH = content.h - gapY * (rows - 1);
  const out: Box[] = [];
  let y = content.y;
  for (let i = 0; i < rows; i++) {
    const h =
      i === rows - 1 ? content.y + content.h - y : Math.round((usableH * rowWeights[i]) / total);
    const cols = rng.int(1, rows === 4 ? 2 : 3);
    const colWeights = Array.from({ length: cols }, () => 0.6 + rng.next() * 0.8);
    const colTotal = colWeights.reduce((a, b) => a + b, 0);
    const usableW = content.w - gapX * (cols - 1);
    let x = content.x;
    for (let j = 0; j < cols; j++) {
      const w =
        j === cols - 1
          ? content.x + content.w - x
          : Math.round((usableW * colWeights[j]) / colTotal);
      out.push({ x, y, w, h });
      x += w + gapX;
    }
    y += h + gapY;
  }
  return out;
}

function figure(r: Raster, cx: number, base: number, size: number, c: Rgb): void {
  r.ellipse(cx, base, size * 0.55, size * 0.45, c);
  r.circle(cx, base - size * 0.7, size * 0.32, c);
}

function speechBubble(r: Raster, rng: Rng, b: Box, s: number): void {
  const rx = Math.min(b.w * 0.3, 120 * s);
  const ry = Math.min(b.h * 0.2, 60 * s);
  if (rx < 24 * s || ry < 16 * s) return;
  const cx = b.x + rx + 16 * s + rng.next() * Math.max(0, b.w - 2 * rx - 32 * s);
  const cy = b.y + ry + 16 * s + rng.next() * Math.max(0, b.h * 0.5 - ry);
  const tailX = cx + (rng.chance(0.5) ? -1 : 1) * rx * 0.4;
  r.polygon(
    [
      [cx - rx * 0.15, cy + ry * 0.6],
      [cx + rx * 0.15, cy + ry * 0.6],
      [tailX, cy + ry * 1.6],
    ],
    INK,
  );
  r.ellipse(cx, cy, rx + 3 * s, ry + 3 * s, INK);
  r.ellipse(cx, cy, rx, ry, WHITE);
  r.polygon(
    [
      [cx - rx * 0.11, cy + ry * 0.6],
      [cx + rx * 0.11, cy + ry * 0.6],
      [tailX + (cx - tailX) * 0.12, cy + ry * 1.42],
    ],
    WHITE,
  );
  const words = rng.pick(["!?", "...", "!!", "HM?", "OK!", "WOW", "HEY!", "?"]);
  const scale = Math.max(1, Math.min(Math.round(5 * s), fitScale(words, rx * 1.3, 64)));
  r.textCentered(words, cx, cy - (GLYPH_HEIGHT * scale) / 2, scale, INK);
}

function panelArt(r: Raster, rng: Rng, b: Box, s: number): void {
  const kind = rng.int(0, 4);
  switch (kind) {
    case 0: {
      // Sky in screentone over a horizon, a figure standing on it.
      const horizon = b.y + b.h * (0.55 + rng.next() * 0.2);
      r.screentone(b.x, b.y, b.w, horizon - b.y, 9 * s, (_u, v) => (1 - v) * 3.2 * s, GREY);
      r.fillRect(b.x, horizon, b.w, b.y + b.h - horizon, LIGHT_GREY);
      r.line(b.x, horizon, b.x + b.w, horizon, 3 * s, INK);
      const size = Math.min(b.h * 0.35, b.w * 0.3);
      figure(r, b.x + b.w * (0.25 + rng.next() * 0.5), horizon + size * 0.2, size, INK);
      break;
    }
    case 1: {
      // Speed lines rushing to a focus point.
      const fx = b.x + b.w * (0.35 + rng.next() * 0.3);
      const fy = b.y + b.h * (0.35 + rng.next() * 0.3);
      const reach = Math.hypot(b.w, b.h);
      const inner = Math.min(b.w, b.h) * 0.22;
      for (let i = 0; i < 90; i++) {
        const a = rng.next() * Math.PI * 2;
        const start = inner + rng.next() * inner;
        r.line(
          fx + Math.cos(a) * start,
          fy + Math.sin(a) * start,
          fx + Math.cos(a) * reach,
          fy + Math.sin(a) * reach,
          (1 + rng.next() * 2.5) * s,
          INK,
        );
      }
      const mark = rng.pick(["!", "!!", "?!"]);
      const scale = Math.max(2, Math.min(Math.round(9 * s), fitScale(mark, inner * 1.4, 64)));
      r.textCentered(mark, fx, fy - (GLYPH_HEIGHT * scale) / 2, scale, INK);
      break;
    }
    case 2: {
      // A street at dusk: buildings with lit windows.
      r.gradientRect(b.x, b.y, b.w, b.h, [200, 200, 200], [245, 245, 245]);
      let x = b.x - rng.next() * 30 * s;
      while (x < b.x + b.w) {
        const bw = (40 + rng.next() * 70) * s;
        const bh = b.h * (0.3 + rng.next() * 0.5);
        const top = b.y + b.h - bh;
        r.fillRect(x, top, bw - 4 * s, bh, [70, 70, 70]);
        for (let wy = top + 10 * s; wy < b.y + b.h - 14 * s; wy += 16 * s) {
          for (let wx = x + 8 * s; wx < x + bw - 14 * s; wx += 14 * s) {
            if (rng.chance(0.6)) r.fillRect(wx, wy, 6 * s, 8 * s, [230, 230, 210]);
          }
        }
        x += bw;
      }
      break;
    }
    case 3: {
      // A close-up face.
      const cx = b.x + b.w / 2;
      const cy = b.y + b.h * 0.58;
      const rx = Math.min(b.w * 0.28, b.h * 0.34);
      const ry = rx * 1.15;
      r.ellipse(cx, cy, rx, ry, INK, 1, 4 * s);
      r.polygon(
        [
          [cx - rx * 1.1, cy - ry * 0.1],
          [cx - rx * 0.9, cy - ry * 1.05],
          [cx, cy - ry * 1.25],
          [cx + rx * 0.95, cy - ry * 1.0],
          [cx + rx * 1.1, cy - ry * 0.1],
          [cx + rx * 0.5, cy - ry * 0.55],
          [cx, cy - ry * 0.35],
          [cx - rx * 0.5, cy - ry * 0.6],
        ],
        INK,
      );
      for (const side of [-1, 1]) {
        const ex = cx + side * rx * 0.4;
        const ey = cy + ry * 0.05;
        r.ellipse(ex, ey, rx * 0.15, ry * 0.2, INK);
        r.circle(ex - rx * 0.04, ey - ry * 0.07, rx * 0.05, WHITE);
      }
      r.line(cx - rx * 0.18, cy + ry * 0.55, cx + rx * 0.18, cy + ry * 0.55, 3 * s, INK);
      break;
    }
    default: {
      // A quiet panel: hatching at the bottom, left for the dialogue.
      for (let y = b.y + b.h * 0.7; y < b.y + b.h + b.w; y += 10 * s) {
        r.line(b.x, y, b.x + b.w, y - b.w * 0.5, 1.5 * s, GREY);
      }
    }
  }
  if (kind !== 1 && rng.chance(0.6)) speechBubble(r, rng, b, s);
}

export function renderPage(input: PageInput): Buffer {
  const bookId = checkId("bookId", input.bookId);
  const pageCount = checkInt("pageCount", input.pageCount, 1, MAX_PAGE_COUNT);
  const page = checkInt("page", input.page, 1, pageCount);
  const width = checkSide("width", input.width ?? 720);
  const height = checkSide("height", input.height ?? 1024);
  const layout = pageLayout({ bookId, page, pageCount, width, height });
  const s = layout.scale;
  const rng = new Rng(seedOf(`page:${bookId}:${page}`));
  const r = new Raster(width, height, PAPER);
  const border = Math.max(2, Math.round(5 * s));

  for (const [i, b] of panels(rng, page, layout.content, s).entries()) {
    r.fillRect(b.x, b.y, b.w, b.h, WHITE);
    r.clip(b.x, b.y, b.w, b.h);
    panelArt(r, rng.fork(`panel-${i}`), b, s);
    r.unclip();
    r.strokeRect(b.x, b.y, b.w, b.h, border, INK);
  }

  const l = layout.label;
  r.fillRect(l.x, l.y, l.w, l.h, WHITE);
  r.strokeRect(l.x, l.y, l.w, l.h, border, INK);
  r.textCentered(
    layout.labelText,
    l.x + l.w / 2,
    l.y + (l.h - GLYPH_HEIGHT * layout.labelScale) / 2,
    layout.labelScale,
    INK,
  );
  r.textCentered(layout.footerText, width / 2, layout.footerY, layout.footerScale, [60, 60, 60]);
  return encodePng(width, height, r.data);
}

// ---------------------------------------------------------------------------------------------
// Banners, drama-CD jackets and square tiles

const BANNER_WORDS = ["PICK UP", "SPECIAL", "FEATURE", "RECOMMEND", "CHECK IT"];

export function renderBanner(input: BannerInput): Buffer {
  const id = checkId("id", input.id);
  const labelInput = checkLabel("label", input.label);
  const width = checkSide("width", input.width ?? 702);
  const height = checkSide("height", input.height ?? 180);
  const s = Math.min(width / 702, height / 180);
  const rng = new Rng(seedOf(`banner:${id}`));
  const p = palette(rng);
  const r = new Raster(width, height);
  r.gradientRect(0, 0, width, height, p.top, p.bottom, 90);
  pattern(r, rng.fork("pattern"), p, s);
  for (let i = 0; i < 4; i++) {
    const cx = width * (0.68 + rng.next() * 0.32);
    r.circle(cx, height * rng.next(), height * (0.25 + rng.next() * 0.4), p.accent, 0.55);
  }
  r.polygon(
    [
      [0, 0],
      [width * 0.1, 0],
      [0, height * 0.55],
    ],
    p.light,
    0.85,
  );

  const label = latinLabel(labelInput) ?? rng.pick(BANNER_WORDS);
  const area = width * 0.62;
  const scale = Math.min(fitScale(label, area, 64), Math.floor((height * 0.5) / GLYPH_HEIGHT));
  const outline = Math.max(1, Math.round(scale / 3));
  r.textCentered(label, width * 0.4, (height - GLYPH_HEIGHT * scale) / 2, scale, p.light, {
    color: p.dark,
    width: outline,
  });
  const tag = `#${id}`;
  const tagScale = Math.max(1, Math.round(2 * s));
  r.text(
    tag,
    width - textCells(tag) * tagScale - 10 * s,
    height - 10 * s - GLYPH_HEIGHT * tagScale,
    tagScale,
    p.light,
  );
  return encodePng(width, height, r.data);
}

export function renderJacket(input: JacketInput): Buffer {
  const cdId = checkId("cdId", input.cdId);
  const width = checkSide("width", input.width ?? 300);
  const height = checkSide("height", input.height ?? 300);
  const s = Math.min(width, height) / 300;
  const rng = new Rng(seedOf(`jacket:${cdId}`));
  const p = palette(rng);
  const r = new Raster(width, height);
  r.gradientRect(0, 0, width, height, p.top, p.bottom, rng.pick([30, 150, 210, 330]));
  pattern(r, rng.fork("pattern"), p, s);

  // The disc: rings of shifting hue read as the shine of a CD.
  const cx = width * 0.6;
  const cy = height * 0.5;
  const rad = Math.min(width, height) * 0.36;
  r.circle(cx + 4 * s, cy + 5 * s, rad, p.dark, 0.35);
  const ringW = rad / 14;
  for (let i = 0; i < 14; i++) {
    const shade = hsl(p.hue + i * 22, 0.35, 0.78 + 0.14 * Math.sin(i * 0.9));
    r.circle(cx, cy, rad - i * ringW, shade, 1, ringW + 1);
  }
  r.circle(cx, cy, rad * 0.3, p.accent);
  r.circle(cx, cy, rad * 0.3, p.dark, 1, 2 * s);
  r.circle(cx, cy, rad * 0.09, p.top);
  r.circle(cx, cy, rad * 0.09, p.dark, 1, 2 * s);

  // A sound-level meter down the left edge.
  const bars = 9;
  for (let i = 0; i < bars; i++) {
    const bh = height * (0.08 + rng.next() * 0.32);
    r.fillRect(width * 0.05 + i * 9 * s, height * 0.9 - bh, 6 * s, bh, p.light, 0.85);
  }

  const band = Math.round(height * 0.16);
  r.fillRect(0, 0, width, band, p.dark, 0.85);
  const title = "DRAMA CD";
  const scale = Math.min(
    fitScale(title, width * 0.86, 64),
    Math.floor((band * 0.7) / GLYPH_HEIGHT),
  );
  r.textCentered(title, width / 2, (band - GLYPH_HEIGHT * scale) / 2, scale, p.light);
  const code = `NO. ${cdId}`;
  const codeScale = Math.max(1, Math.round(3 * s));
  r.textCentered(code, width / 2, height - 8 * s - GLYPH_HEIGHT * codeScale, codeScale, p.light, {
    color: p.dark,
    width: Math.max(1, Math.round(s)),
  });
  return encodePng(width, height, r.data);
}

export function renderSquare(input: SquareInput): Buffer {
  const id = checkId("id", input.id);
  const labelInput = checkLabel("label", input.label);
  const size = checkSide("size", input.size ?? 240);
  const s = size / 240;
  const rng = new Rng(seedOf(`square:${id}`));
  const p = palette(rng);
  const r = new Raster(size, size);
  r.gradientRect(0, 0, size, size, p.top, p.bottom, 45);
  pattern(r, rng.fork("pattern"), p, s);
  emblem(r, rng.fork("emblem"), p, size / 2, size * 0.44, size * 0.3);
  const label = latinLabel(labelInput) ?? `#${id}`;
  const band = Math.round(size * 0.2);
  r.fillRect(0, size - band, size, band, p.dark, 0.85);
  const scale = Math.min(fitScale(label, size * 0.9, 64), Math.floor((band * 0.65) / GLYPH_HEIGHT));
  r.textCentered(label, size / 2, size - band + (band - GLYPH_HEIGHT * scale) / 2, scale, p.light);
  return encodePng(size, size, r.data);
}
