import { describe, expect, it } from "vitest";
import { MEDIA_VERSION, mediaSrcSet, mediaUrl } from "./media";

describe("mediaSrcSet", () => {
  it("offers a store image at each asked width, keeping its version", () => {
    const v = MEDIA_VERSION;
    expect(mediaSrcSet(mediaUrl("/media/books/3/cover.png"), [160, 320])).toBe(
      `/media/books/3/cover.png?v=${v}&w=160 160w, /media/books/3/cover.png?v=${v}&w=320 320w`,
    );
    expect(mediaSrcSet("/media/banner/1.png", [360])).toBe("/media/banner/1.png?w=360 360w");
  });

  it("leaves other addresses with their one size", () => {
    expect(mediaSrcSet("https://cdn.example/a.png", [160])).toBeUndefined();
    expect(mediaSrcSet("", [160])).toBeUndefined();
  });
});
