import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression } from "./middleware/compression";

const bigJson = JSON.stringify({
  result: true,
  titles: Array(300).fill("転生したら書店員だった件"),
});

function app() {
  const a = new Hono();
  a.use(compression());
  a.get("/json", (c) => c.json(JSON.parse(bigJson)));
  a.get("/tiny", (c) => c.json({ result: true }));
  a.get("/png", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "image/png" }));
  a.get("/svg", (c) =>
    c.body(`<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(500)}</svg>`, 200, {
      "Content-Type": "image/svg+xml",
    }),
  );
  a.get("/range", (c) =>
    c.body("x".repeat(4096), 206, {
      "Content-Type": "text/css",
      "Content-Range": "bytes 0-4095/9000",
    }),
  );
  return a;
}

const get = (path: string, acceptEncoding?: string) =>
  app().request(path, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("compressed answers", () => {
  it("sends brotli when accepted, gzip as the fallback, identity otherwise; always Vary", async () => {
    const br = await get("/json", "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBytes.byteLength);
    expect(brotliDecompressSync(brBytes).toString()).toBe(bigJson);
    expect(brBytes.byteLength).toBeLessThan(Buffer.byteLength(bigJson) / 5);

    const gz = await get("/json", "gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(bigJson);

    for (const refused of [undefined, "identity", "br;q=0, gzip;q=0", "*;q=0"]) {
      const plain = await get("/json", refused);
      expect(plain.headers.get("content-encoding"), String(refused)).toBeNull();
      expect(plain.headers.get("vary")).toBe("Accept-Encoding");
      expect(await plain.text()).toBe(bigJson);
    }
    expect((await get("/json", "br;q=0.2, gzip;q=0.8")).headers.get("content-encoding")).toBe(
      "gzip",
    );
  });

  it("compresses SVG, but not tiny bodies, already compressed images or partial answers", async () => {
    expect((await get("/svg", "br")).headers.get("content-encoding")).toBe("br");
    const tiny = await get("/tiny", "br");
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(await tiny.json()).toEqual({ result: true });
    const png = await get("/png", "br");
    expect(png.headers.get("content-encoding")).toBeNull();
    expect(png.headers.get("vary")).toBeNull();
    expect((await png.arrayBuffer()).byteLength).toBe(4096);
    const partial = await get("/range", "br");
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-encoding")).toBeNull();
    expect((await partial.text()).length).toBe(4096);
  });

  it("keeps a streamed page streamed: the head arrives before the page has finished", async () => {
    let finish!: () => void;
    const rest = new Promise<void>((r) => {
      finish = r;
    });
    const a = new Hono();
    a.use(compression());
    a.get("/page", (c) => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(`<!doctype html><head>${"<meta>".repeat(300)}</head>`));
          await rest;
          controller.enqueue(encoder.encode("<main>後半</main>"));
          controller.close();
        },
      });
      return c.body(body, 200, { "Content-Type": "text/html; charset=utf-8" });
    });
    const response = await a.request("/page", { headers: { "accept-encoding": "br" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-length")).toBeNull();

    const decoder = createBrotliDecompress();
    let text = "";
    decoder.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    const reader = response.body!.getReader();
    // The first part decodes on its own while the rest of the page is still being rendered.
    while (!text.includes("</head>")) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      await new Promise((r) => decoder.write(value, r));
      await new Promise((r) => setImmediate(r));
    }
    expect(text).not.toContain("後半");
    finish();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      decoder.write(value);
    }
    await new Promise((r) => decoder.end(r));
    expect(text).toContain("<main>後半</main>");
  });
});
