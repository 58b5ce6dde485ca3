import { asc, count, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { books, series } from "./schema";

/** The sitemap protocol allows at most 50,000 URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Public screens worth indexing besides series, volumes and campaigns. */
export const TOP_PAGES = [
  "/",
  "/otoku",
  "/campaign",
  "/free",
  "/many_free",
  "/ranking",
  "/free_ranking",
  "/daily_special",
  "/feature",
  "/recommend?tp=4",
  "/doramacd",
  "/news",
  "/howto",
  "/help",
  "/faq",
  "/app",
  "/company",
  "/recruit",
] as const;

export interface SitemapUrl {
  path: string;
  /** YYYY-MM-DD */
  lastmod?: string;
}

/** Sitemap files: "top" (top pages and campaigns), then series-{n} and books-{n}. */
export interface SitemapPlan {
  seriesCount: number;
  bookCount: number;
  pageSize: number;
  files: string[];
}

const released = isNotNull(series.latestBookId);

export async function sitemapPlan(
  db: Db,
  topCount: number,
  pageSize = SITEMAP_MAX_URLS,
): Promise<SitemapPlan> {
  const [[s], [b]] = await Promise.all([
    db.select({ n: count() }).from(series).where(released),
    db.select({ n: count() }).from(books).where(eq(books.onsaleFlag, true)),
  ]);
  const seriesCount = s?.n ?? 0;
  const bookCount = b?.n ?? 0;
  const files = ["top"];
  for (let i = 1; i <= Math.ceil(seriesCount / pageSize); i++) files.push(`series-${i}`);
  for (let i = 1; i <= Math.ceil(bookCount / pageSize); i++) files.push(`books-${i}`);
  // Small catalogs fit one file; the index is only worth it once they do not.
  if (topCount + seriesCount + bookCount <= pageSize) files.length = 0;
  return { seriesCount, bookCount, pageSize, files };
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : undefined);

export async function seriesUrls(db: Db, limit: number, offset: number): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ id: series.seriesId, at: series.latestReleaseDate })
    .from(series)
    .where(released)
    .orderBy(asc(series.seriesId))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ path: `/series/${r.id}`, lastmod: day(r.at) }));
}

export async function bookUrls(db: Db, limit: number, offset: number): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ id: books.bookId, seriesId: books.seriesId, at: books.itemStartDate })
    .from(books)
    .where(eq(books.onsaleFlag, true))
    .orderBy(asc(books.bookId))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ path: `/series/${r.seriesId}/book/${r.id}`, lastmod: day(r.at) }));
}

export function xmlEscape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export function urlsetXml(origin: string, urls: readonly SitemapUrl[]): string {
  const body = urls
    .map(
      (u) =>
        `<url><loc>${xmlEscape(origin + u.path)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, files: readonly string[]): string {
  const body = files
    .map((f) => `<sitemap><loc>${xmlEscape(`${origin}/sitemaps/${f}.xml`)}</loc></sitemap>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}
