import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import type { PageHandler } from "./pages";
import { createTestApp } from "./test-client";

// Issue 21 item 7: /lottery/%00 answered 500, the NUL reaching PostgreSQL through the loader.
let t: Awaited<ReturnType<typeof createTestApp>>;
let app: ReturnType<typeof createApp>;
const rendered: string[] = [];
const page: PageHandler = async (request) => {
  rendered.push(new URL(request.url).pathname);
  return new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html" } });
};

beforeAll(async () => {
  t = await createTestApp();
  app = createApp({ services: t.services, pages: page });
});
afterAll(async () => {
  await t?.database.close();
});

describe("page addresses pass the input reader before any loader", () => {
  it("answers a 400 page for a control character in any segment, without rendering", async () => {
    for (const path of [
      "/lottery/%00",
      "/lottery/a%00",
      "/lottery/1%00.html",
      "/topic/%1B",
      "/series/1/book/%7F",
    ]) {
      rendered.length = 0;
      const response = await app.request(`http://localhost${path}`);
      expect(response.status, path).toBe(400);
      expect(response.headers.get("content-type"), path).toContain("text/html");
      expect(await response.text(), path).toContain("使用できない制御文字");
      expect(rendered, path).toEqual([]);
    }
  });

  it("answers a 400 page for broken percent-encoding", async () => {
    const response = await app.request("http://localhost/topic/%E0%A4%A");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("アドレスの形式が正しくありません");
  });

  it("renders addresses with ordinary encoded text", async () => {
    rendered.length = 0;
    const response = await app.request("http://localhost/topic/%E6%81%8B%20a");
    expect(response.status).toBe(200);
    expect(rendered).toEqual(["/topic/%E6%81%8B%20a"]);
  });
});
