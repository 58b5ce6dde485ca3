/**
 * The reader's zoom (issue 25, decision 0109) as plain math: a scale and a shift of the view from
 * its centre. The screen sets `transform: translate(x, y) scale(s)` with the origin at the view's
 * centre, so a point p (from the centre) is shown at t + s·p.
 */

export type Zoom = { scale: number; x: number; y: number };

export const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };
export const MIN_SCALE = 1;
export const MAX_SCALE = 4;
/** One press of + or −, one notch of ctrl+wheel. */
export const ZOOM_STEP = 1.25;
/** A double tap on an unzoomed page zooms to this. */
export const DOUBLE_TAP_SCALE = 2.5;
/** Two taps closer than this in time and distance are one double tap. */
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_PX = 30;
/** One arrow key pans this share of the view's size. */
export const KEY_PAN_SHARE = 0.15;

export function isZoomed(zoom: Zoom): boolean {
  return zoom.scale > MIN_SCALE + 0.001;
}

/**
 * Keeps the page covering the view: a shift never shows ground beyond the page's edge, and at
 * scale 1 there is no shift at all. `size` is the view box (its unscaled width and height).
 */
export function clampZoom(zoom: Zoom, size: { width: number; height: number }): Zoom {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, zoom.scale));
  if (scale <= MIN_SCALE + 0.001) return NO_ZOOM;
  const maxX = ((scale - 1) * size.width) / 2;
  const maxY = ((scale - 1) * size.height) / 2;
  return {
    scale,
    x: Math.min(maxX, Math.max(-maxX, zoom.x)),
    y: Math.min(maxY, Math.max(-maxY, zoom.y)),
  };
}

/**
 * Zooms to `scale` keeping the point under `at` (from the view's centre, in screen pixels) where
 * it is, as a pinch or a ctrl+wheel over a speech bubble keeps that bubble under the fingers.
 */
export function zoomAt(
  zoom: Zoom,
  scale: number,
  at: { x: number; y: number },
  size: { width: number; height: number },
): Zoom {
  const next = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
  const ratio = next / zoom.scale;
  return clampZoom(
    { scale: next, x: at.x - (at.x - zoom.x) * ratio, y: at.y - (at.y - zoom.y) * ratio },
    size,
  );
}

/** A drag while zoomed moves the page with the finger, within the page's edges. */
export function panBy(
  zoom: Zoom,
  dx: number,
  dy: number,
  size: { width: number; height: number },
): Zoom {
  return clampZoom({ ...zoom, x: zoom.x + dx, y: zoom.y + dy }, size);
}

/** A double tap zooms in at the tapped point, or back out when already zoomed. */
export function doubleTapZoom(
  zoom: Zoom,
  at: { x: number; y: number },
  size: { width: number; height: number },
): Zoom {
  return isZoomed(zoom) ? NO_ZOOM : zoomAt(zoom, DOUBLE_TAP_SCALE, at, size);
}

/** The keys of the zoom: + and − about the centre, 0 back to the whole page. */
export function keyZoom(key: string): "in" | "out" | "reset" | null {
  if (key === "+" || key === "=" || key === ";") return "in";
  if (key === "-" || key === "_") return "out";
  if (key === "0") return "reset";
  return null;
}

/** While zoomed the arrows pan (the page turns again once back at its whole size). */
export function keyPan(key: string): { dx: number; dy: number } | null {
  switch (key) {
    case "ArrowLeft":
      return { dx: 1, dy: 0 };
    case "ArrowRight":
      return { dx: -1, dy: 0 };
    case "ArrowUp":
      return { dx: 0, dy: 1 };
    case "ArrowDown":
      return { dx: 0, dy: -1 };
    default:
      return null;
  }
}

export function zoomTransform(zoom: Zoom): string {
  return `translate(${zoom.x.toFixed(1)}px, ${zoom.y.toFixed(1)}px) scale(${zoom.scale.toFixed(3)})`;
}

/** How the zoom control names the scale: "250%". */
export function zoomLabel(zoom: Zoom): string {
  return `${Math.round(zoom.scale * 100)}%`;
}
