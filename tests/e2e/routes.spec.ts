import { expect, test } from "@playwright/test";

// Spec 001 §2.1: every route answers (or sends a visitor to login), with and without .html.
// Viewport-independent, so it runs once, in the pc project.
test.skip(({ viewport }) => (viewport?.width ?? 0) < 1000, "routing is viewport-independent");

const plain = [
  "/",
  "/abj",
  "/account",
  "/agreement",
  "/app",
  "/bookshelf",
  "/bookshelf_reveal",
  "/campaign",
  "/cart",
  "/company",
  "/coupon",
  "/daily_special",
  "/debug",
  "/doramacd",
  "/entry",
  "/error",
  "/faq",
  "/feature",
  "/free",
  "/free_ranking",
  "/help",
  "/home",
  "/howto",
  "/inquiry",
  "/leave",
  "/legal",
  "/logout",
  "/maint",
  "/many_free",
  "/news",
  "/news_detail",
  "/newsletter",
  "/opinion",
  "/order",
  "/order_cancel",
  "/order_complete",
  "/order_error",
  "/order_history",
  "/otoku",
  "/point_detail",
  "/privacy",
  "/profile",
  "/ranking",
  "/recommend",
  "/recruit",
  "/request",
  "/reviews",
  "/search",
  "/stamp",
  "/unsubscribe_newsletter",
  "/debug/debug1",
  "/debug/debug2",
  "/debug/debug3",
  "/debug/topic_test",
  "/webview/agreement",
  "/webview/help",
  "/webview/inquiry",
  "/webview/leave",
  "/webview/privacy",
  "/review/series",
  "/review/user",
  "/lottery",
  "/more",
  "/page",
  "/topic",
];

/**
 * A visitor gets the page, or is sent to login and back (or, for a notice without an id, to the
 * news list); never a 404 or a server error.
 */
function answered(status: number, location: string | undefined) {
  if (status === 200) return true;
  return (status === 302 || status === 303) && /^\/(login\?return_to=|news$)/.test(location ?? "");
}

test("every plain, debug, webview and optional-parameter route answers, with and without .html", async ({
  request,
}) => {
  const failures: string[] = [];
  for (const path of plain) {
    for (const url of path === "/" ? ["/", "/index.html"] : [path, `${path}.html`]) {
      const response = await request.get(url, { maxRedirects: 0 });
      const location = response.headers().location;
      if (!answered(response.status(), location))
        failures.push(`${url} → ${response.status()} ${location ?? ""}`);
      // Every screen of the route table is built: none is a 準備中 (coming soon) page.
      else if (response.status() === 200 && (await response.text()).includes("準備中"))
        failures.push(`${url} shows 準備中`);
    }
  }
  expect(failures).toEqual([]);
});

test("parameterised routes answer for real ids, with and without .html", async ({ request }) => {
  const sitemap = await (await request.get("/sitemaps/top.xml")).text();
  const seriesPath = /<loc>https?:\/\/[^/]+(\/series\/\d+)<\/loc>/.exec(
    await (await request.get("/sitemap.xml")).text(),
  )?.[1];
  expect(seriesPath, "a series in the sitemap").toBeTruthy();
  const seriesHtml = await (await request.get(seriesPath!)).text();
  const bookPath = new RegExp(`${seriesPath}/book/\\d+`).exec(seriesHtml)?.[0];
  expect(bookPath, "a volume linked from its series page").toBeTruthy();
  const otoku = await (await request.get("/otoku")).text();
  const campaignPath = /\/campaign\/\d+/.exec(otoku)?.[0];
  expect(campaignPath, "a campaign linked from /otoku").toBeTruthy();
  const seriesId = seriesPath!.split("/")[2];
  const paths = [
    seriesPath!,
    bookPath!,
    campaignPath!,
    // /period names its volume in the query; without one it is an unknown volume (404).
    `/period?series=${seriesId}&book=${bookPath!.split("/")[4]}`,
    `/review/series/${seriesId}`,
    `/review/series/${seriesId}/book/${bookPath!.split("/")[4]}`,
    "/doramacd/1",
    "/order/1",
    "/lottery/omikuji",
    "/page/about",
    "/topic/welcome",
  ];
  const failures: string[] = [];
  for (const path of paths) {
    const [pathname, query] = path.split("?");
    for (const url of [path, `${pathname}.html${query ? `?${query}` : ""}`]) {
      const response = await request.get(url, { maxRedirects: 0 });
      const location = response.headers().location;
      if (!answered(response.status(), location)) {
        failures.push(`${url} → ${response.status()}`);
      } else if (response.status() === 200 && (await response.text()).includes("準備中")) {
        failures.push(`${url} shows 準備中`);
      }
    }
  }
  expect(failures).toEqual([]);
  expect(sitemap).toContain("<urlset");
});

test("an unknown path is a 404 with the spec's message, with or without .html", async ({
  request,
}) => {
  for (const url of ["/no-such-screen", "/no-such-screen.html", "/series/1/nothing/here"]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(404);
    expect(await response.text()).toContain("This page could not be found");
  }
});

test("bad ids and query text answer a 400 or 404 page, never a server error", async ({
  request,
}) => {
  for (const [url, status] of [
    ["/search?wd=%00", 400],
    ["/search?wd=a%1Bb&gn=2", 400],
    ["/more?wd=%00", 400],
    ["/more/1e10", 404],
    ["/more/2147483648", 404],
    ["/series/99999999999", 404],
    ["/series/2147483648", 404],
    ["/campaign/abc", 404],
    ["/campaign/2147483648", 404],
  ] as const) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(status);
    expect(response.headers()["content-type"], url).toContain("text/html");
  }
});

test("discovery pages carry a canonical URL without .html and Open Graph tags", async ({
  request,
}) => {
  for (const [url, canonical] of [
    ["/home.html?genre=2&_tr=x", /\/home\?genre=2"/],
    ["/ranking.html?tp=1", /\/ranking\?tp=1"/],
    ["/free_ranking", /\/free_ranking"/],
    ["/search?wd=%E9%AD%94%E7%8E%8B", /\/search"/],
  ] as const) {
    const html = await (await request.get(url)).text();
    const link = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(`${link}"`, url).toMatch(canonical);
    expect(html, url).toContain('property="og:title"');
    expect(html, url).toContain('property="og:image"');
  }
});
