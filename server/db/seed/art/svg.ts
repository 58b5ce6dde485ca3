import { SANS_FAMILY, SERIF_FAMILY } from "../../../modules/media/fonts.ts";

/**
 * Small SVG building blocks for the store's demo art. Text is set in Noto Sans/Serif JP, shipped
 * through npm and found by the rasteriser through fontconfig (fonts.ts).
 */

export const SANS = `${SANS_FAMILY}, sans-serif`;
export const SERIF = `${SERIF_FAMILY}, serif`;

export function esc(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** Rounds to one decimal so the SVG stays short and the same input gives the same text. */
export const n = (v: number) => Math.round(v * 10) / 10;

/** Width of a character in ems: full-width (kana, kanji, full-width forms) 1, the rest about half. */
export function charEm(ch: string): number {
  const c = ch.codePointAt(0) ?? 0;
  if (c >= 0x2e80 || (c >= 0x2010 && c <= 0x2027) || (c >= 0x3000 && c <= 0x30ff)) return 1;
  if (/[A-Z%]/.test(ch)) return 0.68;
  if (ch === " ") return 0.3;
  return 0.56;
}

export function textEm(text: string): number {
  let w = 0;
  for (const ch of text) w += charEm(ch);
  return w;
}

/** Characters that must not start a line (Japanese line-breaking rules, kinsoku). */
const NO_START = /[、。，．・ー～！？!?）」』】〕…%ぁぃぅぇぉっゃゅょァィゥェォッャュョ]/;
const NO_END = /[（「『【〔]/;
const WORD = /[A-Za-z0-9%.,'’&]/;
/** After these a Japanese line breaks naturally: punctuation and spaces. */
const GOOD_END = /[\s、。・！？!?）」』】～]/;
/** Particles: a good break when a kanji or katakana word follows, not inside a kana word. */
const PARTICLE = /[のでとにをがはもへ]/;

function scriptOf(ch: string): "kanji" | "hira" | "kata" | "other" {
  if (/[\u4e00-\u9fff々]/.test(ch)) return "kanji";
  if (/[\u3040-\u309f]/.test(ch)) return "hira";
  if (/[\u30a0-\u30ffー]/.test(ch)) return "kata";
  return "other";
}

/** How bad a line break between chars[k - 1] and chars[k] is; Infinity where rules forbid it. */
function breakCost(chars: string[], k: number): number {
  const before = chars[k - 1]!;
  const after = chars[k]!;
  if (NO_START.test(after) || NO_END.test(before)) return Infinity;
  if (WORD.test(before) && WORD.test(after)) return Infinity;
  if (GOOD_END.test(before)) return 0;
  if (PARTICLE.test(before) && scriptOf(after) !== "hira") return 0.2;
  if (scriptOf(before) !== scriptOf(after)) return 0.6;
  return scriptOf(before) === "hira" ? 2.4 : 1.6;
}

/**
 * Splits text into at most `maxLines` lines of at most `perLine` ems, of even length, breaking
 * where Japanese breaks naturally (after particles and punctuation, between scripts) and never
 * inside a latin word or number or before a closing mark; what does not fit ends with "…".
 */
export function wrap(text: string, perLine: number, maxLines: number): string[] {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  const total = textEm(chars.join(""));
  if (total <= perLine || maxLines <= 1) return fitLine(chars, perLine);
  const count = Math.min(maxLines, Math.ceil(total / perLine));
  const out: string[] = [];
  let start = 0;
  for (let line = 0; line < count - 1; line++) {
    const rest = textEm(chars.slice(start).join(""));
    const target = rest / (count - line);
    let best = -1;
    let bestCost = Infinity;
    let w = 0;
    for (let k = start + 1; k < chars.length; k++) {
      w += charEm(chars[k - 1]!);
      if (w > perLine + 0.01) break;
      const cost = (Math.abs(w - target) / Math.max(1, target)) * 1.2 + breakCost(chars, k);
      if (cost < bestCost) {
        bestCost = cost;
        best = k;
      }
    }
    if (best < 0) break;
    out.push(chars.slice(start, best).join("").trim());
    start = best;
    while (chars[start] === " ") start++;
  }
  const last = fitLine(chars.slice(start), perLine);
  out.push(last[0] ?? "");
  return out.filter((l) => l !== "");
}

/** One line of at most `perLine` ems, cut with "…" when longer. */
function fitLine(chars: string[], perLine: number): string[] {
  const text = chars.join("").trim();
  if (textEm(text) <= perLine + 0.01) return text ? [text] : [];
  const kept = [...chars];
  while (kept.length > 1 && textEm(kept.join("")) + 1 > perLine) kept.pop();
  return [`${kept.join("").trim()}…`];
}

/** Splits "本題～副題～" into its title and subtitle. */
export function splitTitle(title: string): { main: string; sub?: string } {
  const m = /^(.+?)\s*[～〜]([^～〜]+)[～〜]\s*$/.exec(title);
  if (m) return { main: m[1]!, sub: m[2]! };
  const edition = /^(.+?)\s*([［【（][^］】）]+[］】）])$/.exec(title);
  if (edition) return { main: edition[1]!, sub: edition[2]! };
  return { main: title };
}

export interface TextOpts {
  size: number;
  fill: string;
  family?: string;
  weight?: number | "bold";
  anchor?: "start" | "middle" | "end";
  stroke?: string;
  strokeWidth?: number;
  spacing?: number;
  opacity?: number;
}

function textAttrs(o: TextOpts): string {
  const parts = [
    `font-family="${o.family ?? SANS}"`,
    `font-size="${n(o.size)}"`,
    `font-weight="${o.weight ?? "bold"}"`,
    `fill="${o.fill}"`,
  ];
  if (o.anchor) parts.push(`text-anchor="${o.anchor}"`);
  if (o.stroke) {
    parts.push(
      `stroke="${o.stroke}" stroke-width="${n(o.strokeWidth ?? o.size / 8)}" stroke-linejoin="round" paint-order="stroke"`,
    );
  }
  if (o.spacing) parts.push(`letter-spacing="${n(o.spacing)}"`);
  if (o.opacity !== undefined) parts.push(`opacity="${o.opacity}"`);
  return parts.join(" ");
}

/** Horizontal lines of text, the first baseline at y. */
export function lines(texts: string[], x: number, y: number, lineHeight: number, o: TextOpts) {
  return texts
    .map(
      (t, i) => `<text x="${n(x)}" y="${n(y + i * lineHeight)}" ${textAttrs(o)}>${esc(t)}</text>`,
    )
    .join("");
}

/**
 * Vertical Japanese text (tategaki): columns run top to bottom and follow each other right to
 * left, the first column's centre at x.
 */
export function columns(texts: string[], x: number, y: number, pitch: number, o: TextOpts) {
  return texts
    .map(
      (t, i) =>
        `<text x="${n(x - i * pitch)}" y="${n(y)}" writing-mode="tb" glyph-orientation-vertical="0" ${textAttrs(o)}>${esc(t)}</text>`,
    )
    .join("");
}

/** A rectangle's attributes. */
export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = "") =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}" ${extra}/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}" ${extra}/>`;

export function polygon(points: Array<[number, number]>, fill: string, extra = "") {
  return `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}" fill="${fill}" ${extra}/>`;
}

/** A star burst (a badge's outline) of `spikes` points around (cx, cy). */
export function burst(cx: number, cy: number, outer: number, inner: number, spikes: number) {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < spikes * 2; i++) {
    const a = (i * Math.PI) / spikes - Math.PI / 2;
    const r = i % 2 === 0 ? outer : inner;
    pts.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r]);
  }
  return pts;
}

export function svgDoc(width: number, height: number, body: string, defs = ""): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}
