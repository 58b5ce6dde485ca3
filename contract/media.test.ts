import { describe, expect, it } from "vitest";
import { MEDIA_VERSION, mediaShape, mediaSrcSet, mediaUrl } from "./media";

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

describe("mediaShape", () => {
  it("asks a store art address for the slot's shape, keeping its version", () => {
    expect(mediaShape(mediaUrl("/media/banner/9.png"), "square")).toBe(
      `/media/banner/9.png?v=${MEDIA_VERSION}&shape=square`,
    );
    expect(mediaShape("/media/appeal/1.png", "wide")).toBe("/media/appeal/1.png?shape=wide");
  });

  it("leaves covers, pages and outside images as they are", () => {
    expect(mediaShape("/media/books/3/cover.png", "square")).toBe("/media/books/3/cover.png");
    expect(mediaShape("https://cdn.example/a.png", "square")).toBe("https://cdn.example/a.png");
  });
});
