import { GLYPH_HEIGHT, glyph, textCells } from "./font.ts";

export type Rgb = readonly [number, number, number];

export const BLACK: Rgb = [20, 20, 20];
export const WHITE: Rgb = [255, 255, 255];

/** h in degrees, s and l in [0, 1]. */
export function hsl(h: number, s: number, l: number): Rgb {
  const hue = (((h % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs((hue % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 1
      ? [c, x, 0]
      : hue < 2
        ? [x, c, 0]
        : hue < 3
          ? [0, c, x]
          : hue < 4
            ? [0, x, c]
            : hue < 5
              ? [x, 0, c]
              : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [
    Math.round(a[0] + (b[0] - a[0]) * t),
    Math.round(a[1] + (b[1] - a[1]) * t),
    Math.round(a[2] + (b[2] - a[2]) * t),
  ];
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));

/**
 * An RGB pixel buffer with the few primitives the generated artwork needs. Shapes with curved
 * edges are antialiased by distance so covers stay smooth when the browser scales them down.
 * Everything respects a clip rectangle, which is how panel artwork stays inside its frame.
 */
export class Raster {
  readonly data: Uint8Array;
  private cx0 = 0;
  private cy0 = 0;
  private cx1: number;
  private cy1: number;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = WHITE,
  ) {
    this.data = new Uint8Array(width * height * 3);
    this.cx1 = width;
    this.cy1 = height;
    this.fillRect(0, 0, width, height, background);
  }

  clip(x: number, y: number, w: number, h: number): void {
    this.cx0 = Math.max(0, Math.round(x));
    this.cy0 = Math.max(0, Math.round(y));
    this.cx1 = Math.min(this.width, Math.round(x + w));
    this.cy1 = Math.min(this.height, Math.round(y + h));
  }

  unclip(): void {
    this.cx0 = 0;
    this.cy0 = 0;
    this.cx1 = this.width;
    this.cy1 = this.height;
  }

  private blend(x: number, y: number, c: Rgb, a: number): void {
    const i = (y * this.width + x) * 3;
    const d = this.data;
    if (a >= 1) {
      d[i] = c[0];
      d[i + 1] = c[1];
      d[i + 2] = c[2];
    } else if (a > 0) {
      d[i] = Math.round(d[i] + (c[0] - d[i]) * a);
      d[i + 1] = Math.round(d[i + 1] + (c[1] - d[i + 1]) * a);
      d[i + 2] = Math.round(d[i + 2] + (c[2] - d[i + 2]) * a);
    }
  }

  /** Pixel bounds of a box, cut to the clip. */
  private span(x0: number, y0: number, x1: number, y1: number) {
    return {
      xa: Math.max(this.cx0, Math.floor(x0)),
      ya: Math.max(this.cy0, Math.floor(y0)),
      xb: Math.min(this.cx1, Math.ceil(x1)),
      yb: Math.min(this.cy1, Math.ceil(y1)),
    };
  }

  fillRect(x: number, y: number, w: number, h: number, c: Rgb, alpha = 1): void {
    const { xa, ya, xb, yb } = this.span(Math.round(x), Math.round(y), x + w, y + h);
    const xe = Math.min(xb, Math.round(x + w));
    const ye = Math.min(yb, Math.round(y + h));
    for (let py = ya; py < ye; py++) for (let px = xa; px < xe; px++) this.blend(px, py, c, alpha);
  }

  strokeRect(x: number, y: number, w: number, h: number, t: number, c: Rgb): void {
    this.fillRect(x, y, w, t, c);
    this.fillRect(x, y + h - t, w, t, c);
    this.fillRect(x, y + t, t, h - 2 * t, c);
    this.fillRect(x + w - t, y + t, t, h - 2 * t, c);
  }

  /** Linear gradient across the box; angle 0 runs top to bottom, 90 left to right. */
  gradientRect(x: number, y: number, w: number, h: number, from: Rgb, to: Rgb, angle = 0): void {
    const rad = (angle * Math.PI) / 180;
    const dx = Math.sin(rad);
    const dy = Math.cos(rad);
    const len = Math.abs(dx) * w + Math.abs(dy) * h || 1;
    const ox = dx < 0 ? x + w : x;
    const oy = dy < 0 ? y + h : y;
    const x0 = Math.round(x);
    const y0 = Math.round(y);
    const { xa, ya } = this.span(x0, y0, x0, y0);
    const xe = Math.min(this.cx1, Math.round(x + w));
    const ye = Math.min(this.cy1, Math.round(y + h));
    const d = this.data;
    for (let py = ya; py < ye; py++) {
      for (let px = xa; px < xe; px++) {
        const t = clamp01(((px + 0.5 - ox) * dx + (py + 0.5 - oy) * dy) / len);
        const i = (py * this.width + px) * 3;
        d[i] = Math.round(from[0] + (to[0] - from[0]) * t);
        d[i + 1] = Math.round(from[1] + (to[1] - from[1]) * t);
        d[i + 2] = Math.round(from[2] + (to[2] - from[2]) * t);
      }
    }
  }

  /** A filled ellipse; with `thickness` only its outline. */
  ellipse(cx: number, cy: number, rx: number, ry: number, c: Rgb, alpha = 1, thickness = 0): void {
    const { xa, ya, xb, yb } = this.span(cx - rx - 1, cy - ry - 1, cx + rx + 1, cy + ry + 1);
    const rmin = Math.min(rx, ry);
    for (let py = ya; py < yb; py++) {
      const ny = (py + 0.5 - cy) / ry;
      for (let px = xa; px < xb; px++) {
        const nx = (px + 0.5 - cx) / rx;
        // Distance to the edge in pixels, approximated along the smaller radius.
        const d = (1 - Math.sqrt(nx * nx + ny * ny)) * rmin;
        let cover = clamp01(d + 0.5);
        if (thickness > 0) cover -= clamp01(d - thickness + 0.5);
        if (cover > 0) this.blend(px, py, c, cover * alpha);
      }
    }
  }

  circle(cx: number, cy: number, r: number, c: Rgb, alpha = 1, thickness = 0): void {
    this.ellipse(cx, cy, r, r, c, alpha, thickness);
  }

  line(x0: number, y0: number, x1: number, y1: number, width: number, c: Rgb, alpha = 1): void {
    const hw = width / 2;
    const { xa, ya, xb, yb } = this.span(
      Math.min(x0, x1) - hw - 1,
      Math.min(y0, y1) - hw - 1,
      Math.max(x0, x1) + hw + 1,
      Math.max(y0, y1) + hw + 1,
    );
    const vx = x1 - x0;
    const vy = y1 - y0;
    const vv = vx * vx + vy * vy || 1;
    for (let py = ya; py < yb; py++) {
      for (let px = xa; px < xb; px++) {
        const qx = px + 0.5 - x0;
        const qy = py + 0.5 - y0;
        const t = clamp01((qx * vx + qy * vy) / vv);
        const ex = qx - t * vx;
        const ey = qy - t * vy;
        const cover = clamp01(hw + 0.5 - Math.sqrt(ex * ex + ey * ey));
        if (cover > 0) this.blend(px, py, c, cover * alpha);
      }
    }
  }

  /** Runs `draw`, then keeps its pixels only inside the circle (with an antialiased rim). */
  circleMask(cx: number, cy: number, rad: number, draw: () => void): void {
    const xa = Math.max(0, Math.floor(cx - rad - 1));
    const ya = Math.max(0, Math.floor(cy - rad - 1));
    const xb = Math.min(this.width, Math.ceil(cx + rad + 1));
    const yb = Math.min(this.height, Math.ceil(cy + rad + 1));
    const saved = new Uint8Array(this.data);
    draw();
    const d = this.data;
    for (let py = 0; py < this.height; py++) {
      for (let px = 0; px < this.width; px++) {
        const inside = px >= xa && px < xb && py >= ya && py < yb;
        const cover = inside ? clamp01(rad + 0.5 - Math.hypot(px + 0.5 - cx, py + 0.5 - cy)) : 0;
        if (cover >= 1) continue;
        const i = (py * this.width + px) * 3;
        for (let k = 0; k < 3; k++) {
          d[i + k] = Math.round(saved[i + k] + (d[i + k] - saved[i + k]) * cover);
        }
      }
    }
  }

  /** Even-odd scanline fill sampled at pixel centres. */
  polygon(points: readonly (readonly [number, number])[], c: Rgb, alpha = 1): void {
    let minY = Number.POSITIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (const [, y] of points) {
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    const ya = Math.max(this.cy0, Math.floor(minY));
    const yb = Math.min(this.cy1, Math.ceil(maxY));
    const xs: number[] = [];
    for (let py = ya; py < yb; py++) {
      const sy = py + 0.5;
      xs.length = 0;
      for (let i = 0; i < points.length; i++) {
        const [ax, ay] = points[i];
        const [bx, by] = points[(i + 1) % points.length];
        if (ay <= sy === by <= sy) continue;
        xs.push(ax + ((sy - ay) / (by - ay)) * (bx - ax));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const xa = Math.max(this.cx0, Math.round(xs[k]));
        const xb = Math.min(this.cx1, Math.round(xs[k + 1]));
        for (let px = xa; px < xb; px++) this.blend(px, py, c, alpha);
      }
    }
  }

  /** Manga screentone: a grid of dots whose radius (in pixels) the caller chooses per dot. */
  screentone(
    x: number,
    y: number,
    w: number,
    h: number,
    pitch: number,
    radius: (u: number, v: number) => number,
    c: Rgb,
  ): void {
    for (let gy = 0; gy * pitch < h + pitch; gy++) {
      const shift = gy % 2 === 0 ? 0 : pitch / 2;
      for (let gx = 0; gx * pitch < w + pitch; gx++) {
        const px = x + gx * pitch + shift;
        const py = y + gy * pitch;
        const r = radius((px - x) / w, (py - y) / h);
        if (r > 0.3) this.circle(px, py, r, c);
      }
    }
  }

  /** Draws font text with its top-left corner at (x, y); each font cell is scale x scale pixels. */
  text(text: string, x: number, y: number, scale: number, c: Rgb): void {
    let cursor = Math.round(x);
    const top = Math.round(y);
    for (const ch of text) {
      const rows = glyph(ch);
      for (let r = 0; r < GLYPH_HEIGHT; r++) {
        const row = rows[r];
        for (let col = 0; col < row.length; col++) {
          if (row[col] === "#")
            this.fillRect(cursor + col * scale, top + r * scale, scale, scale, c);
        }
      }
      cursor += (rows[0].length + 1) * scale;
    }
  }

  /**
   * Text centred on cx, optionally ringed by an outline so it reads on any background.
   * Returns the box it covers (without the outline).
   */
  textCentered(
    text: string,
    cx: number,
    y: number,
    scale: number,
    c: Rgb,
    outline?: { color: Rgb; width: number },
  ): { x: number; y: number; w: number; h: number } {
    const w = textCells(text) * scale;
    const x = Math.round(cx - w / 2);
    if (outline) {
      const o = outline.width;
      for (let dy = -o; dy <= o; dy += o) {
        for (let dx = -o; dx <= o; dx += o) {
          if (dx !== 0 || dy !== 0) this.text(text, x + dx, y + dy, scale, outline.color);
        }
      }
    }
    this.text(text, x, y, scale, c);
    return { x, y: Math.round(y), w, h: GLYPH_HEIGHT * scale };
  }
}

/** The largest integer font scale at which `text` fits in maxWidth (at least 1). */
export function fitScale(text: string, maxWidth: number, maxScale: number): number {
  const cells = textCells(text);
  if (cells === 0) return maxScale;
  return Math.max(1, Math.min(maxScale, Math.floor(maxWidth / cells)));
}
