import { describe, expect, it } from "vitest";
import {
  clampZoom,
  DOUBLE_TAP_SCALE,
  doubleTapZoom,
  isZoomed,
  keyPan,
  keyZoom,
  MAX_SCALE,
  NO_ZOOM,
  panBy,
  zoomAt,
  zoomLabel,
} from "./reader-zoom";

const size = { width: 400, height: 600 };

describe("reader zoom", () => {
  it("keeps the point under the fingers where it is while zooming", () => {
    const at = { x: 100, y: -50 };
    const zoomed = zoomAt(NO_ZOOM, 2, at, size);
    // The page point under `at` before: (at - t) / s = (100, -50); after: t + s·p must be `at` again.
    expect(zoomed.x + 2 * 100).toBeCloseTo(at.x);
    expect(zoomed.y + 2 * -50).toBeCloseTo(at.y);
  });

  it("never zooms below the whole page or past the largest scale", () => {
    expect(zoomAt(NO_ZOOM, 0.5, { x: 10, y: 10 }, size)).toEqual(NO_ZOOM);
    expect(zoomAt(NO_ZOOM, 40, { x: 0, y: 0 }, size).scale).toBe(MAX_SCALE);
  });

  it("pans within the page's edges, never showing ground beyond them", () => {
    const zoomed = { scale: 2, x: 0, y: 0 };
    expect(panBy(zoomed, 1000, -1000, size)).toEqual({ scale: 2, x: 200, y: -300 });
    expect(panBy(zoomed, 30, 40, size)).toEqual({ scale: 2, x: 30, y: 40 });
    expect(clampZoom({ scale: 1, x: 50, y: 50 }, size)).toEqual(NO_ZOOM);
  });

  it("zooms in on a double tap and back to the whole page on the next", () => {
    const zoomed = doubleTapZoom(NO_ZOOM, { x: 0, y: 0 }, size);
    expect(zoomed.scale).toBe(DOUBLE_TAP_SCALE);
    expect(isZoomed(zoomed)).toBe(true);
    expect(doubleTapZoom(zoomed, { x: 0, y: 0 }, size)).toEqual(NO_ZOOM);
  });

  it("reads + − 0 as zoom keys and the arrows as panning", () => {
    expect(keyZoom("+")).toBe("in");
    expect(keyZoom("-")).toBe("out");
    expect(keyZoom("0")).toBe("reset");
    expect(keyZoom("a")).toBeNull();
    expect(keyPan("ArrowLeft")).toEqual({ dx: 1, dy: 0 });
    expect(keyPan(" ")).toBeNull();
    expect(zoomLabel({ scale: 2.5, x: 0, y: 0 })).toBe("250%");
  });
});
