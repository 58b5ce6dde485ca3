import { describe, expect, it } from "vitest";
import { safeLinkUrl, sameSitePath } from "./safe-url";

/**
 * Known open-redirect payloads (PayloadsAllTheThings "Open Redirect", OWASP cheat sheet): each
 * one, given to a browser on https://komaya.example/, leaves the site or runs script.
 */
const OFF_SITE = [
  "//evil.example",
  "//evil.example/%2f..",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "\u0000//evil.example",
  "\u001f/\\evil.example",
  "/\t\\evil.example",
  "https:evil.example",
  "https://evil.example",
  "http://evil.example",
  "HTTPS://evil.example",
  "https:/\\evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "\u0001javascript:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "evil.example",
  "@evil.example",
  "cart",
  "",
  "   ",
  // Issue 21 item 2: dot segments the parser resolves into "//" after the first check.
  "/.//evil.example",
  "/.//evil.example/phish",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/%2e%2e//evil.example",
  "/.%2e//evil.example",
  "/a/..//evil.example",
  "/a/b/../..//evil.example",
  "/a/%2e%2e//evil.example",
  "/././/evil.example",
  "/.\\/evil.example",
  "/.\t//evil.example",
  "/.\n//evil.example",
  "/.\r\n/\\evil.example",
  "/a/..\\\\evil.example",
  "/..\\/evil.example",
  "\\.\\/evil.example",
];

describe("sameSitePath (redirects after login, sign-up and member-only pages)", () => {
  it.each(OFF_SITE)("refuses %j", (payload) => {
    expect(sameSitePath(payload)).toBeNull();
  });

  it("refuses the percent-decoded form of /%09/evil.example that reaches return_to", () => {
    const given = new URLSearchParams("return_to=/%09/evil.example").get("return_to");
    expect(sameSitePath(given)).toBeNull();
    const newline = new URLSearchParams("return_to=/%0d%0a/evil.example").get("return_to");
    expect(sameSitePath(newline)).toBeNull();
  });

  it("refuses the issue's payloads as they reach return_to, percent-decoded once", () => {
    for (const query of [
      "return_to=%2F.%2F%2Fevil.example%2Fphish",
      "return_to=/.//evil.example",
      "return_to=/..//evil.example",
      "return_to=/%2e//evil.example",
      "return_to=/a/..//evil.example",
      "return_to=%2F%2e%2F%2Fevil.example",
      "return_to=%2F%252e%2F%2Fevil.example",
      "return_to=/.%5C%5Cevil.example",
      "return_to=/.%09//evil.example",
      "return_to=/.%0a//evil.example",
      "return_to=%2F.%2F%5Cevil.example",
    ]) {
      const given = new URLSearchParams(query).get("return_to");
      expect(sameSitePath(given), query).toBeNull();
    }
  });

  it("keeps a single dot or a double dot that stays on the site", () => {
    expect(sameSitePath("/./cart")).toBe("/cart");
    expect(sameSitePath("/a/../b/c")).toBe("/b/c");
    expect(sameSitePath("/..")).toBe("/");
  });

  it("keeps paths on this site, encoded as the browser sends them", () => {
    expect(sameSitePath("/")).toBe("/");
    expect(sameSitePath("/mypage/bookshelf?sort=2#top")).toBe("/mypage/bookshelf?sort=2#top");
    expect(sameSitePath("/search?wd=%E6%81%8B")).toBe("/search?wd=%E6%81%8B");
    expect(sameSitePath("/search?wd=恋")).toBe("/search?wd=%E6%81%8B");
    expect(sameSitePath("/a/../cart")).toBe("/cart");
    // A backslash after the query is part of the query, not a path separator.
    expect(sameSitePath("/search?wd=a\\b")).toBe("/search?wd=a\\b");
    expect(sameSitePath(" /cart ")).toBe("/cart");
  });

  it("gives nothing a Location header would choke on", () => {
    expect(sameSitePath("/ca\u0000rt")).toBeNull();
    expect(sameSitePath("/ca\u007frt")).toBeNull();
    expect(sameSitePath("/cart\nSet-Cookie: a=b")).toBe("/cartSet-Cookie:%20a=b");
  });

  it("refuses what is not text", () => {
    expect(sameSitePath(null)).toBeNull();
    expect(sameSitePath(undefined)).toBeNull();
    expect(sameSitePath(42)).toBeNull();
  });
});

describe("safeLinkUrl (links in staff content)", () => {
  // Staff may link to other sites, so only the absolute http(s) payloads are allowed here.
  const ABSOLUTE_HTTP = new Set([
    "https:evil.example",
    "https://evil.example",
    "http://evil.example",
    "HTTPS://evil.example",
    "https:/\\evil.example",
  ]);
  const SCRIPT_OR_PROTOCOL_RELATIVE = OFF_SITE.filter((p) => !ABSOLUTE_HTTP.has(p));

  it.each(SCRIPT_OR_PROTOCOL_RELATIVE)("refuses %j", (payload) => {
    expect(safeLinkUrl(payload)).toBeNull();
  });

  it("accepts site paths and absolute http(s) addresses, as the browser will read them", () => {
    expect(safeLinkUrl("/campaign/12")).toBe("/campaign/12");
    expect(safeLinkUrl("https://example.jp/a")).toBe("https://example.jp/a");
    expect(safeLinkUrl("http://example.jp/a?b=1")).toBe("http://example.jp/a?b=1");
    expect(safeLinkUrl("https:\\\\example.jp\\a")).toBe("https://example.jp/a");
    expect(safeLinkUrl("\thttps://exa\tmple.jp/")).toBe("https://example.jp/");
  });

  it("refuses other schemes and addresses without a host", () => {
    expect(safeLinkUrl("ftp://example.jp/")).toBeNull();
    expect(safeLinkUrl("mailto:a@example.jp")).toBeNull();
    expect(safeLinkUrl("https://")).toBeNull();
  });
});
