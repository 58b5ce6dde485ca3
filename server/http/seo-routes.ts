import type { Context, Handler } from "hono";
import type { AppEnv, AppServices } from "../lib/context";
import { publicOrigin } from "../lib/public-origin";
import { runningCampaignEntries } from "../modules/campaign/service";
import {
  bookUrls,
  SITEMAP_MAX_URLS,
  type SitemapUrl,
  seriesUrls,
  sitemapIndexXml,
  sitemapPlan,
  TOP_PAGES,
  urlsetXml,
} from "../modules/catalog/sitemap";

/** Crawlers re-read these at most hourly; the catalog changes on the hour with campaigns. */
const CACHE = "public, max-age=3600";

/** Paths that are private, per member, or cost the server to render for nobody's benefit. */
export const ROBOTS_DISALLOW = [
  "/api/",
  "/media/books/*/pages/",
  "/cart",
  "/order",
  "/bookshelf",
  "/account",
] as const;

export function robotsTxt(services: AppServices): Handler<AppEnv> {
  return (c) => {
    const lines = [
      "User-agent: *",
      ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
      "",
      `Sitemap: ${publicOrigin(services.env)}/sitemap.xml`,
      "",
    ];
    c.header("Cache-Control", CACHE);
    return c.text(lines.join("\n"));
  };
}

async function topUrls(services: AppServices): Promise<SitemapUrl[]> {
  const campaigns = await runningCampaignEntries(services.db, new Date());
  return [
    ...TOP_PAGES.map((path) => ({ path })),
    ...campaigns.filter((c) => c.action_url === null).map((c) => ({ path: c.url })),
  ];
}

function xml(c: Context<AppEnv>, body: string) {
  c.header("Content-Type", "application/xml; charset=UTF-8");
  c.header("Cache-Control", CACHE);
  return c.body(body);
}

/**
 * /sitemap.xml: one urlset while the catalog fits in one file, otherwise a sitemap index of
 * /sitemaps/top.xml, /sitemaps/series-{n}.xml and /sitemaps/books-{n}.xml.
 */
export function sitemapXml(services: AppServices, pageSize = SITEMAP_MAX_URLS): Handler<AppEnv> {
  return async (c) => {
    const top = await topUrls(services);
    const plan = await sitemapPlan(services.db, top.length, pageSize);
    const origin = publicOrigin(services.env);
    if (plan.files.length > 0) return xml(c, sitemapIndexXml(origin, plan.files));
    const [seriesList, bookList] = await Promise.all([
      seriesUrls(services.db, pageSize, 0),
      bookUrls(services.db, pageSize, 0),
    ]);
    return xml(c, urlsetXml(origin, [...top, ...seriesList, ...bookList]));
  };
}

export function sitemapPart(services: AppServices, pageSize = SITEMAP_MAX_URLS): Handler<AppEnv> {
  return async (c) => {
    const name = c.req.param("name") ?? "";
    const origin = publicOrigin(services.env);
    if (name === "top.xml") return xml(c, urlsetXml(origin, await topUrls(services)));
    const match = /^(series|books)-([1-9]\d{0,5})\.xml$/.exec(name);
    if (!match) return c.text("This page could not be found", 404);
    const n = Number(match[2]);
    const offset = (n - 1) * pageSize;
    const urls =
      match[1] === "series"
        ? await seriesUrls(services.db, pageSize, offset)
        : await bookUrls(services.db, pageSize, offset);
    if (urls.length === 0) return c.text("This page could not be found", 404);
    return xml(c, urlsetXml(origin, urls));
  };
}
