import { Rng } from "../../../lib/seeded-random.ts";
import {
  type BannerInput,
  type CoverInput,
  type JacketInput,
  MAX_PAGE_COUNT,
  MAX_VOLUME,
  type PageInput,
  type SquareInput,
} from "../../../modules/media/drawings.ts";
import {
  checkId,
  checkInt,
  checkSide,
  MediaInputError,
  seedOf,
} from "../../../modules/media/params.ts";
import {
  burst,
  circle,
  columns,
  lines,
  n,
  polygon,
  rect,
  SANS,
  SERIF,
  splitTitle,
  svgDoc,
  textEm,
  wrap,
} from "./svg.ts";

/**
 * The store's demo artwork, composed as SVG from an item's id and its Japanese texts: the same
 * input always gives the same picture, so a drawn file is stored once and served as immutable.
 * encode.ts turns the SVG into WebP or PNG.
 */

export interface Drawing {
  svg: string;
  width: number;
  height: number;
}

function checkText(field: string, text: unknown): string | undefined {
  if (text === undefined) return undefined;
  if (typeof text !== "string" || text.length > 200) {
    throw new MediaInputError(field, "must be a string of at most 200 characters");
  }
  const clean = text.replace(/\s+/g, " ").trim();
  return clean === "" ? undefined : clean;
}

// ---------------------------------------------------------------------------------------------
// Colour schemes: each genre has its own family, the id picks one of them.

interface Scheme {
  /** Background gradient, top to bottom. */
  bg: [string, string];
  /** Figures and heavy shapes. */
  ink: string;
  /** Badges, volume marks, highlights. */
  accent: string;
  /** Title band and text on dark ground. */
  paper: string;
  /** Title colour on the paper band. */
  title: string;
}

type Style = "shojo" | "romance" | "bl" | "shonen" | "mens" | "webtoon";

const SCHEMES: Record<Style, Scheme[]> = {
  shojo: [
    {
      bg: ["#ffe3ec", "#f7a8c4"],
      ink: "#7a2d4f",
      accent: "#e8507f",
      paper: "#fff",
      title: "#c2185b",
    },
    {
      bg: ["#e8f4ff", "#b7d7f7"],
      ink: "#2f4f7a",
      accent: "#f28db2",
      paper: "#fff",
      title: "#2d5fa8",
    },
    {
      bg: ["#fff6dc", "#ffd1a6"],
      ink: "#8a4b2a",
      accent: "#ff7f6e",
      paper: "#fff",
      title: "#d0503c",
    },
    {
      bg: ["#efe6ff", "#c9b3f2"],
      ink: "#4b3380",
      accent: "#ff8fc7",
      paper: "#fff",
      title: "#6a3fb5",
    },
  ],
  romance: [
    {
      bg: ["#3a0d1e", "#8f1d3c"],
      ink: "#1d0610",
      accent: "#f2c14e",
      paper: "#fff4f0",
      title: "#9b1236",
    },
    {
      bg: ["#2b1633", "#7b3b72"],
      ink: "#140a18",
      accent: "#f6b4c9",
      paper: "#fff",
      title: "#6b2458",
    },
    {
      bg: ["#f4d6d0", "#c96b7a"],
      ink: "#4a1623",
      accent: "#b3123f",
      paper: "#fff",
      title: "#8c1231",
    },
  ],
  bl: [
    {
      bg: ["#dff3f1", "#6fb7c0"],
      ink: "#173c48",
      accent: "#f0a35e",
      paper: "#fff",
      title: "#1d5c6e",
    },
    {
      bg: ["#1e2a44", "#4d6fa3"],
      ink: "#0b1222",
      accent: "#9fd3e6",
      paper: "#f3f7ff",
      title: "#24406e",
    },
    {
      bg: ["#f3eee4", "#b9a88a"],
      ink: "#3b3226",
      accent: "#5f8f7a",
      paper: "#fff",
      title: "#4a3d2a",
    },
  ],
  shonen: [
    { bg: ["#ffdf3d", "#ff7b1c"], ink: "#1a1a1a", accent: "#e0221f", paper: "#fff", title: "#111" },
    {
      bg: ["#3ec1ff", "#1455c9"],
      ink: "#0b1b3a",
      accent: "#ffd200",
      paper: "#fff",
      title: "#0c2d7a",
    },
    {
      bg: ["#ff4e3a", "#8c0f12"],
      ink: "#160404",
      accent: "#ffe14d",
      paper: "#fff",
      title: "#b30f12",
    },
    {
      bg: ["#7fe07a", "#1c7a3c"],
      ink: "#072612",
      accent: "#ffef5a",
      paper: "#fff",
      title: "#145c2b",
    },
  ],
  mens: [
    { bg: ["#30343b", "#0d0f12"], ink: "#000", accent: "#d9302c", paper: "#f2f2f2", title: "#111" },
    {
      bg: ["#3d2a1e", "#120b07"],
      ink: "#000",
      accent: "#e0a526",
      paper: "#f5efe4",
      title: "#2a1a0e",
    },
    {
      bg: ["#1d3b3a", "#061312"],
      ink: "#000",
      accent: "#57e3c5",
      paper: "#eefaf7",
      title: "#0d2b29",
    },
  ],
  webtoon: [
    {
      bg: ["#ff6fb5", "#6a5cff"],
      ink: "#1c1040",
      accent: "#fff14d",
      paper: "#fff",
      title: "#3b1fa8",
    },
    {
      bg: ["#00d1c1", "#0063d1"],
      ink: "#001a33",
      accent: "#ff5e7e",
      paper: "#fff",
      title: "#004a99",
    },
    { bg: ["#ffb23e", "#ff3e6c"], ink: "#3a0714", accent: "#fff", paper: "#fff", title: "#c4123f" },
  ],
};

const GENRE_STYLES: Record<number, Style> = {
  2: "shojo",
  3: "romance",
  4: "bl",
  5: "shonen",
  6: "mens",
  20: "webtoon",
  21: "romance",
};

function styleOf(genre: number | undefined, rng: Rng): Style {
  if (genre !== undefined && GENRE_STYLES[genre]) return GENRE_STYLES[genre]!;
  return rng.pick(["shojo", "shonen", "bl", "webtoon"] as const);
}

function gradient(id: string, [a, b]: [string, string], angle = 90): string {
  const rad = (angle * Math.PI) / 180;
  const x = n(50 - Math.cos(rad) * 50);
  const y = n(50 - Math.sin(rad) * 50);
  return `<linearGradient id="${id}" x1="${x}%" y1="${y}%" x2="${n(100 - x)}%" y2="${n(100 - y)}%"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
}

// ---------------------------------------------------------------------------------------------
// Scenery and figures

/** Rays from a focus point: the speed lines of action manga. */
function speedLines(rng: Rng, cx: number, cy: number, reach: number, color: string, count = 48) {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + rng.next() * 0.05;
    const spread = 0.012 + rng.next() * 0.02;
    const inner = reach * (0.25 + rng.next() * 0.15);
    out.push(
      polygon(
        [
          [cx + Math.cos(a) * inner, cy + Math.sin(a) * inner],
          [cx + Math.cos(a - spread) * reach, cy + Math.sin(a - spread) * reach],
          [cx + Math.cos(a + spread) * reach, cy + Math.sin(a + spread) * reach],
        ],
        color,
      ),
    );
  }
  return `<g opacity="0.35">${out.join("")}</g>`;
}

function sparkles(rng: Rng, w: number, h: number, color: string, count: number, size: number) {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = rng.next() * w;
    const y = rng.next() * h;
    const s = size * (0.4 + rng.next());
    out.push(polygon(burst(x, y, s, s * 0.22, 4), color, `opacity="${n(0.5 + rng.next() * 0.5)}"`));
  }
  return out.join("");
}

function flowers(rng: Rng, w: number, h: number, color: string, count: number, size: number) {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = rng.next() * w;
    const y = rng.next() * h;
    const r = size * (0.5 + rng.next() * 0.8);
    const petals = Array.from({ length: 5 }, (_, k) => {
      const a = (k / 5) * Math.PI * 2 + i;
      return circle(x + Math.cos(a) * r * 0.55, y + Math.sin(a) * r * 0.55, r * 0.45, color);
    }).join("");
    out.push(
      `<g opacity="${n(0.35 + rng.next() * 0.4)}">${petals}${circle(x, y, r * 0.25, "#fff")}</g>`,
    );
  }
  return out.join("");
}

function bubbles(rng: Rng, w: number, h: number, color: string, count: number, size: number) {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(
      circle(
        rng.next() * w,
        rng.next() * h,
        size * (0.3 + rng.next()),
        "none",
        `stroke="${color}" stroke-width="${n(size * 0.08)}" opacity="${n(0.3 + rng.next() * 0.5)}"`,
      ),
    );
  }
  return out.join("");
}

function skyline(rng: Rng, w: number, base: number, height: number, color: string) {
  const out: string[] = [];
  let x = -rng.next() * 20;
  while (x < w) {
    const bw = height * (0.25 + rng.next() * 0.35);
    const bh = height * (0.35 + rng.next() * 0.65);
    out.push(rect(x, base - bh, bw - 2, bh + 1, color));
    x += bw;
  }
  return out.join("");
}

/**
 * Screentone: a field of round dots, every other row shifted half a step. One path of
 * zero-length round-capped strokes, since SVG patterns are many times slower to rasterise.
 */
function tone(
  x: number,
  y: number,
  w: number,
  h: number,
  pitch: number,
  color: string,
  opacity: number,
) {
  const d: string[] = [];
  for (let row = 0, yy = y + pitch / 2; yy < y + h; row++, yy += pitch * 0.87) {
    for (let xx = x + (row % 2 ? pitch : pitch / 2); xx < x + w; xx += pitch) {
      d.push(`M${n(xx)} ${n(yy)}h0`);
    }
  }
  return `<path d="${d.join("")}" stroke="${color}" stroke-width="${n(pitch * 0.44)}" stroke-linecap="round" opacity="${opacity}"/>`;
}

/**
 * A character's bust in silhouette: shoulders, neck, head and a hairstyle, with a rim of light.
 * (cx, top) is the top of the head; `s` the head's radius.
 */
function figure(
  rng: Rng,
  cx: number,
  top: number,
  s: number,
  fill: string,
  rim: string,
  hair: "spiky" | "long" | "short" | "bob",
  facing = 1,
  /** Given, the face is drawn in this skin tone with bangs and eyes; else a silhouette. */
  skin?: string,
) {
  const hy = top + s;
  const shoulders = `<path d="M${n(cx - s * 2.6)},${n(hy + s * 5)} C${n(cx - s * 2.4)},${n(hy + s * 2.2)} ${n(cx - s * 1.2)},${n(hy + s * 1.8)} ${n(cx)},${n(hy + s * 1.7)} C${n(cx + s * 1.2)},${n(hy + s * 1.8)} ${n(cx + s * 2.4)},${n(hy + s * 2.2)} ${n(cx + s * 2.6)},${n(hy + s * 5)} Z" fill="${fill}"/>`;
  const neck = rect(cx - s * 0.35, hy + s * 0.6, s * 0.7, s * 1.2, fill);
  const head = `<ellipse cx="${n(cx + facing * s * 0.05)}" cy="${n(hy)}" rx="${n(s * 0.88)}" ry="${n(s)}" fill="${fill}"/>`;
  let hairPath = "";
  switch (hair) {
    case "spiky": {
      const pts: Array<[number, number]> = [];
      const spikes = 7 + rng.int(0, 3);
      for (let i = 0; i <= spikes; i++) {
        const a = Math.PI + (i / spikes) * Math.PI;
        const r = i % 2 === 0 ? s * (1.55 + rng.next() * 0.35) : s * 0.95;
        pts.push([cx + Math.cos(a) * r * 1.05, hy + Math.sin(a) * r - s * 0.1]);
      }
      pts.push([cx + s * 1.0, hy + s * 0.2], [cx - s * 1.0, hy + s * 0.2]);
      hairPath = polygon(pts, fill);
      break;
    }
    case "long":
      hairPath = `<path d="M${n(cx - s * 1.05)},${n(hy)} C${n(cx - s * 1.2)},${n(hy - s * 1.5)} ${n(cx + s * 1.2)},${n(hy - s * 1.5)} ${n(cx + s * 1.05)},${n(hy)} C${n(cx + s * 1.3)},${n(hy + s * 2)} ${n(cx + s * 1.7)},${n(hy + s * 3.2)} ${n(cx + s * 1.9)},${n(hy + s * 4)} L${n(cx - s * 1.9)},${n(hy + s * 4)} C${n(cx - s * 1.7)},${n(hy + s * 3.2)} ${n(cx - s * 1.3)},${n(hy + s * 2)} ${n(cx - s * 1.05)},${n(hy)} Z" fill="${fill}"/>`;
      break;
    case "bob":
      hairPath = `<path d="M${n(cx - s * 1.15)},${n(hy + s * 0.9)} C${n(cx - s * 1.35)},${n(hy - s * 1.6)} ${n(cx + s * 1.35)},${n(hy - s * 1.6)} ${n(cx + s * 1.15)},${n(hy + s * 0.9)} Z" fill="${fill}"/>`;
      break;
    default:
      hairPath = `<path d="M${n(cx - s * 0.98)},${n(hy + s * 0.1)} C${n(cx - s * 1.1)},${n(hy - s * 1.4)} ${n(cx + s * 1.2)},${n(hy - s * 1.45)} ${n(cx + s * 1.0)},${n(hy + s * 0.15)} L${n(cx + s * 0.6)},${n(hy - s * 0.45)} L${n(cx - s * 0.2)},${n(hy - s * 0.3)} Z" fill="${fill}"/>`;
  }
  const body = `${hairPath}${shoulders}${neck}${head}`;
  // The rim light: the same shapes drawn a little offset behind, in the light colour.
  const silhouette = `<g transform="translate(${n(-facing * s * 0.12)},${n(-s * 0.06)})" fill="${rim}" opacity="0.9">${body.replaceAll(`fill="${fill}"`, `fill="${rim}"`)}</g>${body}`;
  if (!skin) return silhouette;
  // A face in the manner of manga: skin, bangs over the forehead, large eyes with a highlight.
  const fx = cx + facing * s * 0.05;
  const face = `<ellipse cx="${n(fx)}" cy="${n(hy + s * 0.08)}" rx="${n(s * 0.8)}" ry="${n(s * 0.9)}" fill="${skin}"/>`;
  const neckSkin = rect(cx - s * 0.28, hy + s * 0.7, s * 0.56, s * 0.95, skin);
  const fringe: Array<[number, number]> = [[fx - s * 0.95, hy + s * 0.25]];
  const locks = 5;
  for (let i = 0; i <= locks; i++) {
    const x = fx - s * 0.85 + (i / locks) * s * 1.7;
    fringe.push([x, hy - s * (i % 2 === 0 ? 0.05 : 0.32)]);
  }
  fringe.push(
    [fx + s * 0.95, hy + s * 0.25],
    [fx + s * 0.9, hy - s * 0.9],
    [fx, hy - s * 1.08],
    [fx - s * 0.9, hy - s * 0.9],
  );
  const eyes = [-1, 1]
    .map((side) => {
      const ex = fx + side * s * 0.34 + facing * s * 0.04;
      const ey = hy + s * 0.18;
      return `<ellipse cx="${n(ex)}" cy="${n(ey)}" rx="${n(s * 0.13)}" ry="${n(s * 0.2)}" fill="${fill}"/>${circle(ex - s * 0.04, ey - s * 0.07, s * 0.055, "#fff")}${rect(ex - s * 0.18, ey - s * 0.26, s * 0.36, s * 0.05, fill, `rx="${n(s * 0.02)}"`)}`;
    })
    .join("");
  const mouth = `<path d="M${n(fx - s * 0.1)},${n(hy + s * 0.6)} Q${n(fx)},${n(hy + s * 0.68)} ${n(fx + s * 0.1)},${n(hy + s * 0.6)}" stroke="${fill}" stroke-width="${n(s * 0.04)}" fill="none"/>`;
  const blush = [-1, 1]
    .map(
      (side) =>
        `<ellipse cx="${n(fx + side * s * 0.5)}" cy="${n(hy + s * 0.45)}" rx="${n(s * 0.14)}" ry="${n(s * 0.06)}" fill="#ff8a9a" opacity="0.45"/>`,
    )
    .join("");
  return `${silhouette}${neckSkin}${face}${polygon(fringe, fill)}${eyes}${blush}${mouth}`;
}

const HAIRS = ["spiky", "long", "short", "bob"] as const;
const SKINS = ["#ffe6d5", "#fcdcc8", "#f6d2bc"] as const;

// ---------------------------------------------------------------------------------------------
// Covers

/** 「1」 for most series, 第1巻 for some: the ways a Japanese cover marks its volume. */
function volumeMark(seriesId: number, volume: number): string {
  return seriesId % 3 === 0 ? `第${volume}巻` : String(volume);
}

export function coverDrawing(input: CoverInput): Drawing {
  const seriesId = checkId("seriesId", input.seriesId);
  const volume =
    input.volume === undefined ? undefined : checkInt("volume", input.volume, 0, MAX_VOLUME);
  const title = checkText("title", input.title);
  const author = checkText("author", input.author);
  const width = checkSide("width", input.width ?? 300);
  const height = checkSide("height", input.height ?? 424);
  // Drawn on a 300-wide canvas and scaled, so every width shows the same composition.
  const W = 300;
  const H = (300 * height) / width;

  // A series keeps its style, scheme and layout on every volume; the volume moves the figure.
  const rng = new Rng(seedOf(`cover:${seriesId}`));
  const style = styleOf(input.genre, rng);
  const sc = rng.pick(SCHEMES[style]);
  const layout = rng.int(0, 2);
  const vrng = rng.fork(`volume-${volume ?? 0}`);
  const defs = [gradient("bg", sc.bg, 70 + rng.int(0, 40))];
  const body: string[] = [rect(0, 0, W, H, "url(#bg)")];

  // Scenery behind the figures, in the genre's manner.
  if (style === "shonen" || style === "webtoon") {
    body.push(speedLines(vrng, W * 0.5, H * 0.45, H, sc.paper, 56));
  } else if (style === "mens") {
    body.push(skyline(vrng, W, H * 0.78, H * 0.45, "#000"), rect(0, H * 0.78, W, H, "#000"));
    body.push(
      circle(W * (0.2 + vrng.next() * 0.6), H * 0.25, W * 0.14, sc.accent, `opacity="0.85"`),
    );
  } else if (style === "shojo") {
    body.push(
      flowers(vrng, W, H, sc.accent, 9, W * 0.07),
      bubbles(vrng, W, H, "#fff", 10, W * 0.05),
    );
  } else {
    body.push(tone(0, 0, W, H, 9, sc.paper, 0.25));
    body.push(sparkles(vrng, W, H * 0.7, sc.paper, 10, W * 0.03));
  }

  // One figure, or two facing each other for romance and BL.
  const headR = W * (0.12 + vrng.next() * 0.03);
  const figureTop = H * (layout === 1 ? 0.3 : 0.26);
  // Noir men's titles keep silhouettes; elsewhere most series show their characters' faces.
  const skin = style !== "mens" && rng.chance(0.8) ? rng.pick(SKINS) : undefined;
  if (style === "bl" || style === "romance" || vrng.chance(0.25)) {
    const hairs = [vrng.pick(HAIRS), vrng.pick(HAIRS)] as const;
    body.push(
      figure(
        vrng,
        W * 0.32,
        figureTop + headR * 0.6,
        headR * 0.95,
        sc.ink,
        sc.accent,
        hairs[0],
        1,
        skin,
      ),
    );
    body.push(figure(vrng, W * 0.66, figureTop, headR, sc.ink, sc.paper, hairs[1], -1, skin));
  } else {
    const cx = W * (layout === 0 ? 0.42 : 0.5);
    body.push(
      figure(vrng, cx, figureTop, headR * 1.15, sc.ink, sc.accent, vrng.pick(HAIRS), 1, skin),
    );
  }
  if (style === "shojo" || style === "webtoon")
    body.push(sparkles(vrng, W, H * 0.75, "#fff", 8, W * 0.035));

  const { main, sub } = splitTitle(title ?? "");
  const mark = volume === undefined ? undefined : volumeMark(seriesId, volume);
  if (layout === 0 && main) {
    // Tategaki: the title in a white column down the right edge, the volume under it.
    const colW = W * 0.2;
    const x0 = W - colW - W * 0.04;
    const perCol = Math.floor((H * 0.62) / (colW * 0.62));
    const cols = wrap(main, perCol, 2);
    const size = Math.min(
      colW * (cols.length > 1 ? 0.42 : 0.62),
      (H * 0.62) / Math.max(...cols.map(textEm)),
    );
    const colH = Math.max(...cols.map(textEm)) * size + size * 0.6;
    body.push(rect(x0, H * 0.04, colW, colH, sc.paper, `rx="3"`));
    body.push(
      rect(
        x0 + 3,
        H * 0.04 + 3,
        colW - 6,
        colH - 6,
        "none",
        `stroke="${sc.title}" stroke-width="1.2" rx="2"`,
      ),
    );
    const pitch = size * 1.1;
    const firstX = x0 + colW / 2 + ((cols.length - 1) * pitch) / 2;
    body.push(
      columns(cols, firstX, H * 0.04 + size * 0.3, pitch, {
        size,
        fill: sc.title,
        family: style === "mens" ? SERIF : SANS,
      }),
    );
    if (sub) {
      body.push(
        columns(wrap(sub, Math.floor((H * 0.3) / 11), 1), x0 - 9, H * 0.05, 12, {
          size: 10,
          fill: sc.paper,
          weight: 400,
          stroke: sc.ink,
          strokeWidth: 2.5,
        }),
      );
    }
    if (mark) {
      const r = W * 0.085;
      const cy = H * 0.04 + colH + r + 6;
      body.push(circle(x0 + colW / 2, cy, r, sc.accent, `stroke="${sc.paper}" stroke-width="2"`));
      body.push(
        lines([mark], x0 + colW / 2, cy + r * 0.36, 0, {
          size: textEm(mark) > 1.5 ? r * 0.62 : r * 1.05,
          fill: sc.paper,
          anchor: "middle",
        }),
      );
    }
    if (author) {
      body.push(
        lines([author], W * 0.05, H * 0.955, 0, {
          size: 12,
          fill: sc.paper,
          weight: 400,
          stroke: sc.ink,
          strokeWidth: 3,
        }),
      );
    }
  } else if (main) {
    // A title band across the top (layout 1) or the bottom (layout 2).
    const family = style === "shojo" || style === "romance" ? SERIF : SANS;
    const perLine = 9;
    const rows = wrap(main, perLine, 2);
    const longest = Math.max(...rows.map(textEm));
    const size = Math.min((W * 0.82) / longest, 34);
    const subSize = 11;
    const bandH = rows.length * size * 1.2 + (sub ? subSize * 1.6 : 0) + 18;
    const bandY = layout === 1 ? H * 0.03 : H - bandH - H * 0.09;
    if (layout === 2) body.push(rect(0, bandY, W, bandH, sc.paper, `opacity="0.94"`));
    body.push(
      lines(
        rows,
        W / 2,
        bandY + 9 + size * 0.95,
        size * 1.2,
        layout === 1
          ? {
              size,
              fill: sc.paper,
              family,
              anchor: "middle",
              stroke: sc.title,
              strokeWidth: size * 0.22,
            }
          : { size, fill: sc.title, family, anchor: "middle" },
      ),
    );
    if (sub) {
      body.push(
        lines([`～${sub}～`], W / 2, bandY + 9 + rows.length * size * 1.2 + subSize * 0.9, 0, {
          size: subSize,
          fill: layout === 1 ? sc.paper : sc.ink,
          anchor: "middle",
          weight: 400,
          ...(layout === 1 ? { stroke: sc.ink, strokeWidth: 2.5 } : {}),
        }),
      );
    }
    const footY = H - H * 0.045;
    if (author) {
      body.push(
        lines([author], W * 0.05, footY, 0, {
          size: 12,
          fill: sc.paper,
          weight: 400,
          stroke: sc.ink,
          strokeWidth: 3,
        }),
      );
    }
    if (mark) {
      const big = textEm(mark) < 2;
      const vs = big ? 44 : 20;
      const label = big ? `「${mark}」` : mark;
      body.push(
        lines([label], W * 0.96, layout === 1 ? footY : bandY - 10, 0, {
          size: vs,
          fill: sc.accent,
          anchor: "end",
          stroke: sc.paper,
          strokeWidth: vs * 0.16,
        }),
      );
    }
  } else {
    // No title given (a mini cover inside a banner): the emblem of a title band only.
    body.push(rect(0, H * 0.04, W, H * 0.12, sc.paper, `opacity="0.9"`));
  }
  // The spine-side shadow and a fine frame, as on a printed cover.
  defs.push(gradient("spine", ["#00000033", "#00000000"], 0));
  body.push(rect(0, 0, W * 0.05, H, "url(#spine)"));
  const svg = svgDoc(
    width,
    height,
    `<g transform="scale(${n((width / W) * 1000) / 1000})">${body.join("")}</g>`,
    defs.join(""),
  );
  return { svg, width, height };
}

// ---------------------------------------------------------------------------------------------
// Book pages

const LINES = [
  "まさか…",
  "行くぞ！",
  "待って！",
  "ありがとう",
  "どうして…？",
  "信じてる",
  "今だ！",
  "え？",
  "ずっと好きだった",
  "逃げろ！",
  "大丈夫？",
  "約束だよ",
  "なんだと…！？",
  "ふふっ",
];

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Splits the page into rows of panels, a different arrangement on each page. */
function panels(rng: Rng, page: number, content: Box): Box[] {
  if (page === 1) return [content];
  const gap = 14;
  const rows = rng.int(2, 4);
  const weights = Array.from({ length: rows }, () => 0.7 + rng.next() * 0.6);
  const total = weights.reduce((a, b) => a + b, 0);
  const usable = content.h - gap * (rows - 1);
  const out: Box[] = [];
  let y = content.y;
  for (let i = 0; i < rows; i++) {
    const h = i === rows - 1 ? content.y + content.h - y : (usable * weights[i]!) / total;
    const cols = rng.int(1, rows === 4 ? 2 : 3);
    const cw = Array.from({ length: cols }, () => 0.6 + rng.next() * 0.8);
    const ct = cw.reduce((a, b) => a + b, 0);
    const uw = content.w - gap * (cols - 1);
    let x = content.x;
    for (let j = 0; j < cols; j++) {
      const w = j === cols - 1 ? content.x + content.w - x : (uw * cw[j]!) / ct;
      out.push({ x, y, w, h });
      x += w + gap;
    }
    y += h + gap;
  }
  return out;
}

function panelArt(rng: Rng, b: Box, clip: string): string {
  const out: string[] = [];
  const kind = rng.int(0, 3);
  const cx = b.x + b.w * (0.3 + rng.next() * 0.4);
  if (kind === 0) {
    out.push(speedLines(rng, cx, b.y + b.h * 0.5, Math.hypot(b.w, b.h), "#111", 60));
  } else if (kind === 1) {
    out.push(tone(b.x, b.y, b.w, b.h * 0.6, 8, "#777", 1));
    out.push(skyline(rng, b.x + b.w, b.y + b.h * 0.75, b.h * 0.4, "#555"));
  } else if (kind === 2) {
    out.push(tone(b.x, b.y + b.h * 0.6, b.w, b.h * 0.4, 8, "#777", 1));
  }
  const s = Math.min(b.w, b.h) * 0.16;
  out.push(
    figure(
      rng,
      cx,
      b.y + b.h * 0.3,
      s,
      "#1a1a1a",
      "#fff",
      rng.pick(HAIRS),
      rng.chance(0.5) ? 1 : -1,
    ),
  );
  // A balloon with a line set vertically, as Japanese manga prints dialogue.
  if (b.w > 120 && b.h > 150 && rng.chance(0.8)) {
    const line = rng.pick(LINES);
    const size = Math.min(22, b.h / (textEm(line) + 3));
    const bh = textEm(line) * size + size * 1.6;
    const bw = size * 2.6;
    const bx = cx > b.x + b.w / 2 ? b.x + 16 + bw / 2 : b.x + b.w - 16 - bw / 2;
    const by = b.y + 12 + bh / 2;
    out.push(
      `<ellipse cx="${n(bx)}" cy="${n(by)}" rx="${n(bw / 2 + 6)}" ry="${n(bh / 2 + 6)}" fill="#fff" stroke="#111" stroke-width="2.5"/>`,
    );
    out.push(
      columns([line], bx, by - bh / 2 + size * 0.7, 0, { size, fill: "#111", weight: "bold" }),
    );
  }
  return `<g clip-path="url(#${clip})">${out.join("")}</g>`;
}

/** The box holding the page number at the foot of the page (tests read it by pixels). */
export function pageNumberBox(width: number, height: number): Box {
  const s = width / 720;
  return { x: width / 2 - 70 * s, y: height - 78 * s, w: 140 * s, h: 56 * s };
}

export function pageDrawing(input: PageInput): Drawing {
  const bookId = checkId("bookId", input.bookId);
  const pageCount = checkInt("pageCount", input.pageCount, 1, MAX_PAGE_COUNT);
  const page = checkInt("page", input.page, 1, pageCount);
  const width = checkSide("width", input.width ?? 720);
  const height = checkSide("height", input.height ?? 1024);
  const W = 720;
  const H = (720 * height) / width;
  const rng = new Rng(seedOf(`page:${bookId}:${page}`));
  const defs: string[] = [];
  const body: string[] = [rect(0, 0, W, H, input.strip ? "#fff" : "#fbfaf6")];
  const content = input.strip
    ? { x: 40, y: 7, w: W - 80, h: H - 14 }
    : { x: 40, y: 40, w: W - 80, h: H - 140 };
  for (const [i, b] of panels(rng, page, content).entries()) {
    defs.push(`<clipPath id="c${i}">${rect(b.x, b.y, b.w, b.h, "#000")}</clipPath>`);
    body.push(rect(b.x, b.y, b.w, b.h, "#fff"));
    body.push(panelArt(rng.fork(`panel-${i}`), b, `c${i}`));
    body.push(rect(b.x, b.y, b.w, b.h, "none", `stroke="#111" stroke-width="5"`));
  }
  const box = pageNumberBox(W, H);
  if (!input.strip) {
    body.push(
      lines([`${page} / ${pageCount}`], W / 2, box.y + box.h * 0.7, 0, {
        size: 30,
        fill: "#333",
        anchor: "middle",
      }),
    );
  }
  const svg = svgDoc(
    width,
    height,
    `<g transform="scale(${n((width / W) * 1000) / 1000})">${body.join("")}</g>`,
    defs.join(""),
  );
  return { svg, width, height };
}

// ---------------------------------------------------------------------------------------------
// Banners: campaign, feature, carousel, topic, popup and lottery art

export function bannerDrawing(input: BannerInput): Drawing {
  const id = checkId("id", input.id);
  const headline = checkText("headline", input.headline) ?? "おすすめ作品をチェック";
  const sub = checkText("sub", input.sub);
  const badge = checkText("badge", input.badge);
  const width = checkSide("width", input.width ?? 702);
  const height = checkSide("height", input.height ?? 180);
  if (input.ad) return adDrawing(headline, sub, width, height);
  const covers = (input.covers ?? []).slice(0, 3);
  const rng = new Rng(seedOf(`banner:${id}`));
  // A banner for series takes the first one's genre style; others pick one by their id.
  const picked = rng.pick(["shojo", "shonen", "webtoon", "bl", "romance"] as const);
  const genre = covers[0]?.genre;
  const style = genre !== undefined && GENRE_STYLES[genre] ? GENRE_STYLES[genre]! : picked;
  const sc = rng.pick(SCHEMES[style]);
  const dark = style === "romance" || (style === "bl" && sc.bg[0].startsWith("#1"));
  const defs = [gradient("bg", sc.bg, rng.pick([0, 20, 160]))];
  const body: string[] = [rect(0, 0, width, height, "url(#bg)")];
  body.push(tone(0, 0, width, height, 10, "#fff", 0.18));
  body.push(speedLines(rng, width * 0.8, height * 0.5, Math.hypot(width, height), "#fff", 40));
  if (style === "shojo") body.push(flowers(rng, width, height, sc.accent, 8, height * 0.09));
  body.push(sparkles(rng, width, height, "#fff", 10, height * 0.05));

  // Portrait and square slots stack the art (headline on top, covers below); wide ones set it
  // side by side. A key visual (carousel slides, whose slot prints the headline over the art)
  // carries no text of its own but the covers'.
  const tall = height / width > 0.6;
  const keyVisual = input.keyVisual === true;

  /** Covers fanned out around (cx, cy), each `ch` high; their ids kept apart inside the banner. */
  const fan = (cx: number, cy: number, ch: number, spread: number) => {
    const cw = (ch * 300) / 424;
    covers.forEach((cover, i) => {
      const drawn = coverDrawing({ ...cover, width: 300, height: 424 });
      const off = i - (covers.length - 1) / 2;
      const x = cx - cw / 2 + off * cw * spread;
      const y = cy - ch / 2 + Math.abs(off) * ch * 0.03;
      const inner = drawn.svg
        .replace(
          /^<svg [^>]*>/,
          `<svg x="${n(x)}" y="${n(y)}" width="${n(cw)}" height="${n(ch)}" viewBox="0 0 300 424">`,
        )
        .replace(/id="(bg|spine)"/g, `id="$1${i}"`)
        .replace(/url\(#(bg|spine)\)/g, `url(#$1${i})`);
      body.push(
        `<g transform="rotate(${off * 8} ${n(x + cw / 2)} ${n(cy)})">${rect(x + ch * 0.015, y + ch * 0.02, cw, ch, "#000", `opacity="0.25"`)}${inner}</g>`,
      );
    });
  };
  const pair = (cx: number, top: number, s: number) => {
    const skin = rng.pick(SKINS);
    body.push(
      figure(rng, cx - s * 1.5, top + s * 0.3, s, sc.ink, sc.paper, rng.pick(HAIRS), 1, skin),
    );
    body.push(
      figure(rng, cx + s * 1.4, top, s * 1.05, sc.ink, sc.accent, rng.pick(HAIRS), -1, skin),
    );
  };

  // Where the text goes: the left of a wide banner, the top of a tall one.
  const textX = width * 0.05;
  const badgeR =
    badge && !keyVisual ? Math.min(height * (tall ? 0.15 : 0.3), width * (tall ? 0.2 : 0.09)) : 0;
  let artW = 0;
  if (keyVisual) {
    // The lower third stays scenery: the slot's caption sits there.
    if (tall && covers.length > 0) {
      const cy = height * 0.38;
      body.push(
        polygon(burst(width / 2, cy, width * 0.62, width * 0.4, 16), "#fff", `opacity="0.35"`),
      );
      fan(width / 2, cy, height * 0.6, 0.55);
    } else if (tall) {
      pair(width / 2, height * 0.18, width * 0.1);
    } else {
      pair(width * 0.3, height * 0.16, height * 0.11);
      if (covers.length > 0) fan(width * 0.76, height * 0.44, height * 0.8, 0.6);
    }
  } else if (tall) {
    const ch = height * 0.44;
    if (covers.length > 0) fan(width * 0.42, height - ch / 2 - height * 0.05, ch, 0.5);
    else pair(width * 0.45, height * 0.52, width * 0.1);
  } else {
    // Taller cards (features) give the covers more room; a fan never reaches under the text.
    artW = width * (height / width > 0.4 ? 0.42 : 0.36);
    const fanW = (1 + (covers.length - 1) * 0.62) * (300 / 424);
    if (covers.length > 0)
      fan(width - artW / 2, height / 2, Math.min(height * 0.78, (artW * 0.96) / fanW), 0.62);
    else
      body.push(
        figure(
          rng,
          width - artW / 2,
          height * 0.18,
          height * 0.16,
          sc.ink,
          sc.paper,
          rng.pick(HAIRS),
          -1,
        ),
      );
  }

  if (!keyVisual) {
    // The headline, large, with an outline so it reads on any ground; the sub-line under it.
    const areaW = tall
      ? width * 0.9
      : width - artW - textX - (badge ? badgeR * 2 + width * 0.03 : width * 0.03);
    const maxLines = tall || height / width > 0.4 ? 3 : 2;
    const subBase = Math.max(tall ? 11 : 12, Math.min(height * (tall ? 0.06 : 0.1), 22));
    const room = height * (tall ? 0.4 : 0.7) - (sub ? subBase * 1.8 : 0);
    let size = Math.min(room / 1.15, height * 0.34, width * 0.16);
    let rows = wrap(headline, areaW / size, maxLines);
    while (rows.at(-1)?.endsWith("…") || rows.length * size * 1.15 > room) {
      size *= 0.92;
      rows = wrap(headline, areaW / size, maxLines);
      if (size < 12) break;
    }
    const blockH = rows.length * size * 1.15 + (sub ? subBase * 1.8 : 0);
    const y0 = (tall ? height * 0.05 : (height - blockH) / 2) + size * 0.95;
    body.push(
      lines(rows, textX, y0, size * 1.15, {
        size,
        fill: dark ? "#fff" : sc.paper,
        stroke: dark ? sc.ink : sc.title,
        strokeWidth: size * 0.2,
      }),
    );
    if (sub) {
      // A long sub-line is set smaller rather than cut.
      const subW = tall ? width * 0.9 : areaW;
      const subSize = Math.max(10, Math.min(subBase, subW / textEm(sub)));
      const subRows = wrap(sub, subW / subSize, 1);
      const sy = y0 + (rows.length - 1) * size * 1.15 + subBase * 1.8;
      body.push(
        rect(
          textX - 6,
          sy - subSize * 1.1,
          textEm(subRows[0] ?? "") * subSize + 12,
          subSize * 1.5,
          sc.ink,
          `rx="${n(subSize * 0.3)}" opacity="0.85"`,
        ),
      );
      body.push(lines(subRows, textX, sy, 0, { size: subSize, fill: "#fff", weight: 400 }));
    }
  }
  if (badge && !keyVisual) {
    const bx = tall ? width - badgeR * 1.15 : width - artW - badgeR - width * 0.015;
    const by = tall ? height - badgeR * 1.2 : height * 0.5;
    body.push(
      polygon(
        burst(bx, by, badgeR, badgeR * 0.82, 18),
        sc.accent,
        `stroke="#fff" stroke-width="${n(badgeR * 0.06)}"`,
      ),
    );
    const parts = /^(\d+)(%OFF|巻無料|冊無料|P試し読み|冊試し読み|pt)?(.*)$/.exec(badge);
    if (parts?.[2]) {
      body.push(
        lines([parts[1]!], bx, by + badgeR * 0.12, 0, {
          size: badgeR * (parts[1]!.length > 2 ? 0.62 : 0.78),
          fill: "#fff",
          anchor: "middle",
          stroke: sc.ink,
          strokeWidth: badgeR * 0.06,
        }),
      );
      body.push(
        lines([parts[2] + parts[3]], bx, by + badgeR * 0.5, 0, {
          size: badgeR * 0.3,
          fill: "#fff",
          anchor: "middle",
          stroke: sc.ink,
          strokeWidth: badgeR * 0.04,
        }),
      );
    } else {
      const bs = Math.min((badgeR * 1.4) / Math.max(1, textEm(badge)), badgeR * 0.5);
      body.push(
        lines([badge], bx, by + bs * 0.35, 0, {
          size: bs,
          fill: "#fff",
          anchor: "middle",
          stroke: sc.ink,
          strokeWidth: bs * 0.12,
        }),
      );
    }
  }
  return { svg: svgDoc(width, height, body.join(""), defs.join("")), width, height };
}

/**
 * An advertiser's image as the store shows one: a light grey card with a thin rule, a boxed PR
 * mark, the headline in plain dark type and a grey sub-line. None of the store's own banner
 * look (gradients, speed lines, figures, starburst badges, outlined headlines).
 */
function adDrawing(headline: string, sub: string | undefined, width: number, height: number) {
  const pad = Math.min(width, height) * 0.08;
  const body: string[] = [
    rect(0, 0, width, height, "#f2f3f5"),
    rect(0.5, 0.5, width - 1, height - 1, "none", `stroke="#b9bcc2" stroke-width="1"`),
  ];
  const mark = Math.max(12, Math.min(height * 0.09, 22));
  body.push(
    rect(pad, pad, mark * 2.2, mark * 1.4, "#fff", `stroke="#6b6f76" stroke-width="1.5" rx="3"`),
    lines(["PR"], pad + mark * 1.1, pad + mark * 1.05, 0, {
      size: mark,
      fill: "#4a4e55",
      anchor: "middle",
    }),
  );
  const areaW = width - pad * 2;
  let size = Math.min(height * 0.16, width * 0.07);
  let rows = wrap(headline, areaW / size, 2);
  while (rows.at(-1)?.endsWith("…") && size > 12) {
    size *= 0.9;
    rows = wrap(headline, areaW / size, 2);
  }
  // The headline sits in the middle of the card, the sub-line at its foot.
  const top = (height - rows.length * size * 1.25) / 2 + size * 0.95;
  body.push(lines(rows, pad, top, size * 1.25, { size, fill: "#26282c" }));
  const subText = sub ?? "広告";
  const subSize = Math.max(10, Math.min(height * 0.065, 16));
  body.push(
    lines(wrap(subText, areaW / subSize, 1), pad, height - pad, 0, {
      size: subSize,
      fill: "#6b6f76",
      weight: 400,
    }),
  );
  return { svg: svgDoc(width, height, body.join("")), width, height };
}

// ---------------------------------------------------------------------------------------------
// Drama-CD jackets

export function jacketDrawing(input: JacketInput): Drawing {
  const cdId = checkId("cdId", input.cdId);
  const title = checkText("title", input.title) ?? "ドラマCD";
  const sub = checkText("sub", input.sub);
  const width = checkSide("width", input.width ?? 300);
  const height = checkSide("height", input.height ?? 300);
  const W = 300;
  const H = (300 * height) / width;
  const rng = new Rng(seedOf(`jacket:${cdId}`));
  const style = rng.pick(["romance", "bl", "mens", "webtoon"] as const);
  const sc = rng.pick(SCHEMES[style]);
  const defs = [gradient("bg", sc.bg, rng.pick([45, 135]))];
  const body: string[] = [rect(0, 0, W, H, "url(#bg)"), tone(0, 0, W, H, 8, "#fff", 0.15)];
  // The disc peeking out behind the art, as on a CD's printed jacket.
  const dr = H * 0.4;
  const rings = Array.from({ length: 8 }, (_, i) =>
    circle(
      W * 0.74,
      H * 0.5,
      dr - i * (dr / 10),
      "none",
      `stroke="#fff" stroke-width="1" opacity="${n(0.15 + i * 0.05)}"`,
    ),
  ).join("");
  body.push(
    circle(W * 0.74, H * 0.5, dr, sc.paper, `opacity="0.25"`),
    rings,
    circle(W * 0.74, H * 0.5, dr * 0.14, sc.bg[0]),
  );
  const skin = rng.pick(SKINS);
  body.push(figure(rng, W * 0.34, H * 0.3, W * 0.11, sc.ink, sc.accent, rng.pick(HAIRS), 1, skin));
  body.push(figure(rng, W * 0.62, H * 0.34, W * 0.1, sc.ink, sc.paper, rng.pick(HAIRS), -1, skin));
  body.push(
    rect(0, H * 0.04, W * 0.34, 24, sc.accent),
    lines(["ドラマCD"], W * 0.04, H * 0.04 + 17, 0, { size: 15, fill: "#fff" }),
  );
  const name = title.replace(/^ドラマCD\s*/, "") || title;
  const rows = wrap(name, 11, 2);
  const size = Math.min((W * 0.9) / Math.max(...rows.map(textEm)), 30);
  const ty = H * 0.84 - (rows.length - 1) * size * 1.15;
  body.push(rect(0, ty - size * 1.3, W, H - ty + size * 1.3, "#000", `opacity="0.45"`));
  body.push(
    lines(rows, W / 2, ty, size * 1.15, { size, fill: "#fff", anchor: "middle", family: SERIF }),
  );
  if (sub)
    body.push(
      lines(wrap(sub, 22, 1), W / 2, H * 0.95, 0, {
        size: 11,
        fill: "#fff",
        anchor: "middle",
        weight: 400,
      }),
    );
  const svg = svgDoc(
    width,
    height,
    `<g transform="scale(${n((width / W) * 1000) / 1000})">${body.join("")}</g>`,
    defs.join(""),
  );
  return { svg, width, height };
}

// ---------------------------------------------------------------------------------------------
// Square tiles: appeal and comment images, author portraits, stamps

export function squareDrawing(input: SquareInput): Drawing {
  const id = checkId("id", input.id);
  const label = checkText("label", input.label);
  const sub = checkText("sub", input.sub);
  const size = checkSide("size", input.size ?? 240);
  const S = 240;
  const rng = new Rng(seedOf(`square:${id}`));
  const sc = rng.pick(SCHEMES[rng.pick(["shojo", "shonen", "webtoon", "bl"] as const)]);
  const defs = [gradient("bg", sc.bg, 60)];
  const body: string[] = [rect(0, 0, S, S, "url(#bg)")];
  switch (input.style ?? "appeal") {
    case "stamp": {
      // A round seal: filled when earned, dashed when still to come.
      const off = /off/.test(label ?? "");
      const bonus = /bonus|ボーナス/.test(label ?? "");
      const mark = sub ?? (bonus ? "GET" : "済");
      body.splice(0, 1, rect(0, 0, S, S, off ? "#f4f1ea" : "url(#bg)"));
      body.push(
        circle(
          S / 2,
          S / 2,
          S * 0.4,
          off ? "none" : sc.accent,
          off
            ? `stroke="#bbb" stroke-width="6" stroke-dasharray="14 10"`
            : `stroke="#fff" stroke-width="8"`,
        ),
      );
      if (bonus && !off)
        body.push(polygon(burst(S / 2, S / 2, S * 0.34, S * 0.26, 12), "#fff", `opacity="0.35"`));
      const ms = Math.min(S * 0.36, (S * 0.62) / textEm(mark));
      body.push(
        lines([mark], S / 2, S / 2 + ms * 0.36, 0, {
          size: ms,
          fill: off ? "#bbb" : "#fff",
          anchor: "middle",
          family: SERIF,
        }),
      );
      break;
    }
    case "author": {
      body.push(tone(0, 0, S, S, 9, "#fff", 0.2));
      body.push(
        figure(
          rng,
          S / 2,
          S * 0.16,
          S * 0.15,
          sc.ink,
          sc.paper,
          rng.pick(HAIRS),
          1,
          rng.pick(SKINS),
        ),
      );
      break;
    }
    case "comment": {
      body.push(tone(0, 0, S, S, 9, "#fff", 0.25));
      body.push(
        `<ellipse cx="${S / 2}" cy="${S * 0.46}" rx="${S * 0.42}" ry="${S * 0.34}" fill="#fff" stroke="${sc.ink}" stroke-width="4"/>`,
      );
      body.push(
        polygon(
          [
            [S * 0.32, S * 0.74],
            [S * 0.22, S * 0.94],
            [S * 0.46, S * 0.78],
          ],
          "#fff",
          `stroke="${sc.ink}" stroke-width="4" stroke-linejoin="round"`,
        ),
      );
      const text = label ?? "おすすめ！";
      const rows = wrap(text, 7, 3);
      const ts = Math.min(30, (S * 0.66) / Math.max(...rows.map(textEm)));
      body.push(
        lines(rows, S / 2, S * 0.46 - ((rows.length - 1) * ts * 1.2) / 2 + ts * 0.35, ts * 1.2, {
          size: ts,
          fill: sc.title,
          anchor: "middle",
        }),
      );
      return {
        svg: svgDoc(
          size,
          size,
          `<g transform="scale(${n((size / S) * 1000) / 1000})">${body.join("")}</g>`,
          defs.join(""),
        ),
        width: size,
        height: size,
      };
    }
    default: {
      body.push(speedLines(rng, S / 2, S * 0.4, S, "#fff", 36));
      body.push(
        figure(
          rng,
          S / 2,
          S * 0.18,
          S * 0.13,
          sc.ink,
          sc.accent,
          rng.pick(HAIRS),
          1,
          rng.pick(SKINS),
        ),
      );
      body.push(sparkles(rng, S, S * 0.6, "#fff", 6, S * 0.04));
    }
  }
  if (label && input.style !== "stamp") {
    const rows = wrap(label, 10, 2);
    const ts = Math.min(24, (S * 0.9) / Math.max(...rows.map(textEm)));
    const bandH = rows.length * ts * 1.2 + (sub ? 18 : 0) + 14;
    body.push(rect(0, S - bandH, S, bandH, sc.ink, `opacity="0.82"`));
    body.push(
      lines(rows, S / 2, S - bandH + 7 + ts, ts * 1.2, {
        size: ts,
        fill: "#fff",
        anchor: "middle",
      }),
    );
    if (sub)
      body.push(
        lines(wrap(sub, 20, 1), S / 2, S - 9, 0, {
          size: 11,
          fill: "#fff",
          anchor: "middle",
          weight: 400,
        }),
      );
  }
  return {
    svg: svgDoc(
      size,
      size,
      `<g transform="scale(${n((size / S) * 1000) / 1000})">${body.join("")}</g>`,
      defs.join(""),
    ),
    width: size,
    height: size,
  };
}
