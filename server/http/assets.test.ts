import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "./test-client";

const clientDir = mkdtempSync(path.join(tmpdir(), "komaya-assets-"));
const assets = path.join(clientDir, "assets");
const script = `export const shelf = ${JSON.stringify(Array(400).fill("本棚"))};\n`;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  mkdirSync(assets);
  writeFileSync(path.join(assets, "shelf-Ab12Cd.js"), script);
  writeFileSync(path.join(assets, "tiny-Ab12Cd.css"), "a{color:red}");
  writeFileSync(path.join(assets, "cover-Ab12Cd.png"), Buffer.alloc(3000, 7));
  // The build step itself writes the .br and .gz files.
  execFileSync(process.execPath, ["scripts/compress-assets.mjs", assets]);
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t?.database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (name: string, headers: Record<string, string> = {}) =>
  t.app.request(`http://localhost/assets/${name}`, { headers });

describe("hashed build assets", () => {
  it("are compressed once at build time, beside the original, and not when tiny or binary", () => {
    const file = path.join(assets, "shelf-Ab12Cd.js");
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(() => statSync(path.join(assets, "tiny-Ab12Cd.css.br"))).toThrow();
    expect(() => statSync(path.join(assets, "cover-Ab12Cd.png.br"))).toThrow();
  });

  it("are sent precompressed in the accepted coding, with its length, Vary and a year's immutable cache", async () => {
    const file = path.join(assets, "shelf-Ab12Cd.js");
    for (const [accept, encoding, suffix] of [
      ["gzip, deflate, br", "br", ".br"],
      ["gzip", "gzip", ".gz"],
      ["br;q=0.5, gzip", "gzip", ".gz"],
    ] as const) {
      const response = await get("shelf-Ab12Cd.js", { "accept-encoding": accept });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(readFileSync(file + suffix))).toBe(true);
      expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
      expect(response.headers.get("content-type")).toMatch(/javascript/);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
    }
    const plain = await get("shelf-Ab12Cd.js", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(script);
    expect(plain.headers.get("content-length")).toBe(String(Buffer.byteLength(script)));
  });

  it("sends binary and tiny files as they are, and byte ranges uncompressed", async () => {
    const png = await get("cover-Ab12Cd.png", { "accept-encoding": "br" });
    expect(png.headers.get("content-encoding")).toBeNull();
    expect(png.headers.get("content-length")).toBe("3000");
    expect(png.headers.get("cache-control")).toContain("immutable");
    const css = await get("tiny-Ab12Cd.css", { "accept-encoding": "br" });
    expect(css.headers.get("content-encoding")).toBeNull();
    expect(await css.text()).toBe("a{color:red}");
    const range = await get("shelf-Ab12Cd.js", { "accept-encoding": "br", range: "bytes=0-9" });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-encoding")).toBeNull();
    expect(await range.text()).toBe(script.slice(0, 10));
  });

  it("answers 404 for a name that is not there", async () => {
    expect((await get("missing-Ab12Cd.js", { "accept-encoding": "br" })).status).toBe(404);
    expect((await get("..%2Fpackage.json")).status).toBe(404);
  });
});
