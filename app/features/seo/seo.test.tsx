import { renderToStaticMarkup } from "react-dom/server";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { JsonLd } from "./JsonLd";
import { errorMeta, jsonLdText, metaDescription, type PageSeo, pageMeta, SITE_NAME } from "./seo";
import { seoUrls, storePageSeo } from "./seo.server";

describe("the description previews and search engines show", () => {
  it("is one plain line: markup dropped, <br> and line breaks become spaces", () => {
    expect(metaDescription("<p>魔王と<b>花嫁</b>の物語。</p><br/>第2巻\n\n  発売中")).toBe(
      "魔王と花嫁の物語。 第2巻 発売中",
    );
  });

  it("is cut to 120 characters, the last being …", () => {
    const long = "あ".repeat(200);
    const cut = metaDescription(long);
    expect(cut).toHaveLength(120);
    expect(cut.endsWith("…")).toBe(true);
    expect(metaDescription("あ".repeat(120))).toBe("あ".repeat(120));
    // Stored descriptions carry entities; a preview shows the characters, not `&amp;`.
    expect(metaDescription("恋&amp;友情 &lt;完全版&gt;")).toBe("恋&友情 <完全版>");
    expect(metaDescription("いろは", 2)).toBe("い…");
  });
});

const seo: PageSeo = {
  title: "魔王の花嫁 | コマヤ",
  description: "<p>魔王と花嫁の物語。</p>",
  url: "https://komaya.example/series/9",
  image: "https://komaya.example/media/books/9.png",
};

const find = (meta: ReturnType<typeof pageMeta>, key: string) =>
  meta.find((m) => ("property" in m ? m.property : "name" in m ? m.name : null) === key) as
    | Record<string, unknown>
    | undefined;

describe("the head of a page", () => {
  it("names the site コマヤ", () => {
    expect(SITE_NAME).toBe("コマヤ");
  });

  it("without SEO data is titled the screen | コマヤ", () => {
    expect(pageMeta(undefined, "お知らせ")).toEqual([{ title: "お知らせ | コマヤ" }]);
  });

  it("carries title, plain description, canonical link, Open Graph and Twitter card", () => {
    const meta = pageMeta(seo, "作品");
    expect(meta).toContainEqual({ title: "魔王の花嫁 | コマヤ" });
    expect(meta).toContainEqual({ name: "description", content: "魔王と花嫁の物語。" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://komaya.example/series/9",
    });
    expect(find(meta, "og:site_name")).toEqual({ property: "og:site_name", content: "コマヤ" });
    expect(find(meta, "og:description")?.content).toBe("魔王と花嫁の物語。");
    expect(find(meta, "og:url")?.content).toBe("https://komaya.example/series/9");
    expect(find(meta, "og:image")?.content).toBe("https://komaya.example/media/books/9.png");
    expect(find(meta, "og:type")?.content).toBe("website");
    expect(find(meta, "og:locale")?.content).toBe("ja_JP");
    expect(find(meta, "twitter:card")?.content).toBe("summary");
    expect(find(meta, "twitter:image")?.content).toBe("https://komaya.example/media/books/9.png");
    expect(find(meta, "robots")).toBeUndefined();
  });

  it("uses the page's own type and card when given", () => {
    const meta = pageMeta({ ...seo, type: "book", card: "summary_large_image" }, "作品");
    expect(find(meta, "og:type")?.content).toBe("book");
    expect(find(meta, "twitter:card")?.content).toBe("summary_large_image");
  });

  it("keeps a noindex page out of the index while its links are followed", () => {
    expect(find(pageMeta({ ...seo, noindex: true }, "作品"), "robots")).toEqual({
      name: "robots",
      content: "noindex, follow",
    });
  });
});

describe("the head of a page that failed", () => {
  it("is nothing special when the page loaded", () => {
    expect(errorMeta(undefined)).toBeNull();
    expect(errorMeta(null)).toBeNull();
  });

  it("a missing page is titled ページが見つかりません and not indexed", () => {
    const missing = errorResponse(404, "お探しのページは見つかりませんでした");
    expect(errorMeta(missing)).toEqual([
      { title: "ページが見つかりません | コマヤ" },
      { name: "robots", content: "noindex" },
    ]);
  });

  it("any other failure is titled エラー and not indexed", () => {
    const refused = errorResponse(400, "条件が正しくありません");
    expect(errorMeta(refused)?.[0]).toEqual({ title: "エラー | コマヤ" });
    expect(errorMeta(new Error("boom"))).toEqual([
      { title: "エラー | コマヤ" },
      { name: "robots", content: "noindex" },
    ]);
  });
});

/** What a route's ErrorBoundary is given for a thrown data(…, { status }). */
const errorResponse = (status: number, data: string) => ({
  status,
  statusText: "",
  internal: false,
  data,
});

describe("structured data (JSON-LD)", () => {
  const hostile = {
    "@context": "https://schema.org",
    "@type": "Book",
    name: "</script><script>alert(1)</script>",
    description: "<!-- A & B -->\u2028\u2029",
  };

  it("writes <, >, & and U+2028/9 as \\u escapes, so nothing can close the script", () => {
    const text = jsonLdText(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain("\\u003c/script\\u003e");
    expect(text).toContain("\\u0026");
    expect(text).toContain("\\u2028");
  });

  it("still reads back as the same data", () => {
    expect(JSON.parse(jsonLdText(hostile))).toEqual(hostile);
  });

  it("sits in one application/ld+json script that the data cannot break out of", () => {
    const out = renderToStaticMarkup(<JsonLd data={hostile} />);
    expect(out.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(out.match(/<\/script/gi)?.length).toBe(1);
    expect(out.match(/<script/gi)?.length).toBe(1);
    const inner = out.slice('<script type="application/ld+json">'.length, -"</script>".length);
    expect(JSON.parse(inner)).toEqual(hostile);
  });
});

const context = {
  services: { env: { PUBLIC_URL: "https://komaya.example" } },
} as unknown as AppLoadContext;

describe("canonical and absolute addresses", () => {
  it("are built on the public origin, never the request's host", () => {
    const urls = seoUrls(context, new Request("https://evil.example/news"));
    expect(urls.origin).toBe("https://komaya.example");
    expect(urls.canonical).toBe("https://komaya.example/news");
  });

  it("drop the .html suffix and keep only the query keys that change the page", () => {
    const urls = seoUrls(
      context,
      new Request(
        "https://komaya.example/otoku.html?genre=4&_tr=suggest&utm_source=x&filter=&page=2",
      ),
      ["genre", "filter", "page"],
    );
    expect(urls.canonical).toBe("https://komaya.example/otoku?genre=4&page=2");
    expect(seoUrls(context, new Request("https://komaya.example/?utm_medium=m")).canonical).toBe(
      "https://komaya.example/",
    );
  });

  it("make paths absolute and leave http(s) addresses as they are", () => {
    const { absolute } = seoUrls(context, new Request("https://komaya.example/"));
    expect(absolute("/media/a.png")).toBe("https://komaya.example/media/a.png");
    expect(absolute("media/a.png")).toBe("https://komaya.example/media/a.png");
    expect(absolute("https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
  });

  it("a page without its own image shares the store's banner", () => {
    const page = storePageSeo(context, new Request("https://komaya.example/ranking.html?_tr=x"), {
      title: "ランキング | コマヤ",
      description: "人気の作品",
      noindex: true,
    });
    expect(page).toEqual({
      title: "ランキング | コマヤ",
      description: "人気の作品",
      url: "https://komaya.example/ranking",
      image: "https://komaya.example/media/banner/1.png",
      noindex: true,
    });
  });
});
