import type { AppLoadContext } from "react-router";
import { publicOrigin } from "../../../server/lib/public-origin";
import type { PageSeo } from "./seo";

/**
 * Absolute URLs for a page: the canonical URL keeps only the query keys that change what the page
 * shows (never tracking keys like _tr or utm_*), and never the .html suffix.
 */
export function seoUrls(context: AppLoadContext, request: Request, keep: readonly string[] = []) {
  const origin = publicOrigin(context.services.env);
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.html$/, "") || "/";
  const query = new URLSearchParams();
  for (const key of keep) {
    const value = url.searchParams.get(key);
    if (value !== null && value !== "") query.set(key, value);
  }
  const search = query.toString();
  return {
    origin,
    canonical: `${origin}${path}${search ? `?${search}` : ""}`,
    absolute: (pathOrUrl: string) =>
      /^https?:\/\//.test(pathOrUrl)
        ? pathOrUrl
        : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`,
  };
}

/** Title, description, canonical URL and the store's share image for a page without its own. */
export function storePageSeo(
  context: AppLoadContext,
  request: Request,
  page: { title: string; description: string; keep?: readonly string[]; noindex?: boolean },
): PageSeo {
  const urls = seoUrls(context, request, page.keep);
  return {
    title: page.title,
    description: page.description,
    url: urls.canonical,
    image: urls.absolute("/media/banner/1.png"),
    noindex: page.noindex,
  };
}
