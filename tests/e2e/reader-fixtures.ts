import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { DEMO_MEMBER, expect, hydrated, login, PROOF_TITLE_PREFIX, visit } from "./fixtures";

/** What the reader tests share: where to find a volume to open and how a finger or mouse taps. */

export const reader = (page: Page) => page.locator(".reader");

/** The first series page from the list whose volume list offers `label` as a reader link. */
export async function readerLinkFrom(page: Page, list: string, label: string | RegExp) {
  await visit(page, list);
  const hrefs = await page
    .locator("main a[href^='/series/']")
    .evaluateAll((links) => [
      ...new Set(links.map((a) => a.getAttribute("href")?.split("?")[0] ?? "")),
    ]);
  for (const href of hrefs.filter((h) => /^\/series\/\d+$/.test(h)).slice(0, 25)) {
    await visit(page, href);
    const link = page
      .locator(".volume-row a[href^='/viewer/speed.html']")
      .filter({ hasText: label });
    if ((await link.count()) > 0) return link.first();
  }
  throw new Error(`no series on ${list} offers ${label}`);
}

/**
 * A volume link on the member's bookshelf (the first owned seeded one, or the one with this
 * address).
 */
export async function shelfVolume(page: Page, href?: string) {
  await visit(page, "/bookshelf?period_type=paid");
  const cards = page.getByTestId("shelf-series").getByRole("listitem");
  const series = href && new URL(href, "http://x").searchParams.get("series");
  const owned = (
    series
      ? cards.and(page.locator(`[data-series-id="${series}"]`))
      : cards.filter({ hasText: /\d+冊/ }).filter({ hasNotText: PROOF_TITLE_PREFIX })
  ).first();
  await owned.getByRole("button", { name: "巻一覧" }).click();
  const volumes = owned.getByTestId("shelf-volume");
  return href ? volumes.and(page.locator(`[href="${href}"]`)) : volumes.first();
}

/** The demo member, logged in, and the first owned volume on their bookshelf. */
export async function ownedVolume(page: Page) {
  await login(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const href = (await (await shelfVolume(page)).getAttribute("href")) ?? "";
  return { href, bookId: new URL(href, "http://x").searchParams.get("cid") ?? "" };
}

/** Opens the reader at `url` and waits until it answers taps and keys. */
export async function openReader(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

/** A tap as the project's device makes it: a finger on the phone, a mouse click on the pc. */
export async function tap(page: Page, info: TestInfo, x: number, y: number) {
  if (info.project.name === "phone") await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/**
 * The point of the forward third of the stage (the left third in right-to-left reading) closest
 * to the middle of `target`: where a reader turning on would put a finger over it.
 */
export async function forwardPointOver(page: Page, target: Locator) {
  const stage = (await page.locator(".reader__stage").boundingBox())!;
  const box = (await target.boundingBox())!;
  const zoneEnd = stage.x + stage.width / 3 - 4;
  const middle = box.x + box.width / 2;
  const x = Math.max(stage.x + 4, Math.min(middle, zoneEnd, box.x + box.width - 4));
  return { x, y: box.y + box.height / 2 };
}

/** Sets the toolbar's page slider the way dragging it does. */
export async function seek(page: Page, to: number) {
  await page.locator(".reader__slider").evaluate((input, value) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    setter.call(input, String(value));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, to);
  await expect(reader(page)).toHaveAttribute("data-page", /\d+/);
}

/**
 * A proxy in front of the store whose page images answer `delayMs` late, as a busy server's
 * first drawings do, so they hold the browser's connections to it meanwhile. Listens on a port
 * the system picks.
 */
export function slowPageImages(store: URL, delayMs: number) {
  const server = http.createServer((req, res) => {
    const forward = () => {
      const upstream = http.request(
        {
          host: store.hostname,
          port: store.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    };
    if (/^\/media\/books\/\d+\/pages\//.test(req.url ?? "")) setTimeout(forward, delayMs);
    else forward();
  });
  return new Promise<{ origin: string; close: () => void }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      });
    });
  });
}
