import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { plainText } from "../../lib/plain-text";

/** What every page tells search engines and link previews (Open Graph, Twitter cards). */
export interface PageSeo {
  title: string;
  description: string;
  /** Absolute canonical URL (no .html suffix). */
  url: string;
  /** Absolute image URL. */
  image: string;
  type?: "website" | "book" | "product" | "article";
  card?: "summary" | "summary_large_image";
  /** Lists past their first page, empty results: keep them out of the index. */
  noindex?: boolean;
}

export const SITE_NAME = "コマヤ";
const DESCRIPTION_LIMIT = 120;

/** Descriptions may hold markup and line breaks; previews want one short plain line. */
export function metaDescription(text: string, limit = DESCRIPTION_LIMIT): string {
  // The same markup-to-text rule as the cards, so `&amp;` reads as `&`, then on one line.
  const plain = plainText(text).replace(/\s+/g, " ");
  return plain.length > limit ? `${plain.slice(0, limit - 1)}…` : plain;
}

/**
 * The head of a page that failed to load: a missing page is titled as one (spec 001 §2.1's 404,
 * 'This page could not be found'), never with the title of the screen it would have been, and
 * neither is indexed. Null when the page loaded.
 */
export function errorMeta(error: unknown): MetaDescriptor[] | null {
  if (!error) return null;
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: `${missing ? "ページが見つかりません" : "エラー"} | ${SITE_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}

export function pageMeta(seo: PageSeo | undefined, fallbackTitle: string): MetaDescriptor[] {
  if (!seo) return [{ title: `${fallbackTitle} | ${SITE_NAME}` }];
  const description = metaDescription(seo.description);
  const meta: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: seo.url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: description },
    { property: "og:url", content: seo.url },
    { property: "og:image", content: seo.image },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:locale", content: "ja_JP" },
    { name: "twitter:card", content: seo.card ?? "summary" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: seo.image },
  ];
  if (seo.noindex) meta.push({ name: "robots", content: "noindex, follow" });
  return meta;
}

/**
 * JSON for a <script type="application/ld+json">: "<" (and ">", "&", U+2028/9) are written as
 * \u escapes, so no text in the data can close the script element or start markup.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
