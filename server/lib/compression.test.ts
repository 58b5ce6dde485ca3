import { describe, expect, it } from "vitest";
import { isCompressible, negotiateEncoding, varyOnEncoding } from "./compression";

describe("Accept-Encoding negotiation", () => {
  it("prefers brotli, falls back to gzip, and sends identity when neither is accepted", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("x-gzip")).toBe("gzip");
    expect(negotiateEncoding("deflate")).toBeNull();
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding("")).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it("honours q-values: the higher wins and q=0 refuses", () => {
    expect(negotiateEncoding("br;q=0.5, gzip;q=0.9")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=0, br;q=0")).toBeNull();
    expect(negotiateEncoding("br;q=0.001")).toBe("br");
    expect(negotiateEncoding("BR ; Q=0.8 , GZIP ; q=0.8")).toBe("br");
  });

  it("reads * as every coding not named", () => {
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("br;q=0, *")).toBe("gzip");
    expect(negotiateEncoding("*;q=0")).toBeNull();
    expect(negotiateEncoding("gzip, *;q=0")).toBe("gzip");
  });

  it("chooses only among the codings on offer", () => {
    expect(negotiateEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(negotiateEncoding("br", ["gzip"])).toBeNull();
    expect(negotiateEncoding("br, gzip", [])).toBeNull();
  });
});

describe("what is compressed", () => {
  it("compresses HTML, JSON, JavaScript, CSS and SVG, not images or audio", () => {
    for (const type of [
      "text/html; charset=utf-8",
      "application/json",
      "text/javascript",
      "application/javascript",
      "text/css",
      "image/svg+xml",
    ])
      expect(isCompressible(type), type).toBe(true);
    for (const type of ["image/png", "image/jpeg", "image/webp", "audio/mpeg", "font/woff2", null])
      expect(isCompressible(type), String(type)).toBe(false);
  });

  it("adds Accept-Encoding to Vary once", () => {
    expect(varyOnEncoding(null)).toBe("Accept-Encoding");
    expect(varyOnEncoding("Cookie")).toBe("Cookie, Accept-Encoding");
    expect(varyOnEncoding("accept-encoding")).toBe("accept-encoding");
    expect(varyOnEncoding("*")).toBe("*");
  });
});
