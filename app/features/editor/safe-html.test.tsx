import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SafeHtml, safeHref } from "./safe-html";

const html = (source: string) => renderToStaticMarkup(<SafeHtml html={source} />);

describe("SafeHtml", () => {
  it("keeps the simple markup topic texts use", () => {
    expect(html("今なら<b>70%OFF</b><br>詳しくは<a href='/topic/welcome'>こちら</a>")).toBe(
      '今なら<b>70%OFF</b><br/>詳しくは<a href="/topic/welcome">こちら</a>',
    );
  });

  it("drops scripts, event handlers and unknown tags but keeps their text", () => {
    const out = html(
      '<img src=x onerror="alert(1)"><script>alert(2)</script><b onclick="x()">太字</b>',
    );
    expect(out).not.toContain("<img");
    expect(out).not.toContain("<script");
    expect(out).not.toContain("onclick");
    expect(out).toContain("<b>太字</b>");
  });

  it("refuses javascript: and data: links", () => {
    expect(html('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(safeHref("data:text/html,hi")).toBeUndefined();
    expect(safeHref("//evil.example/")).toBeUndefined();
    expect(safeHref("https://example.com/a")).toBe("https://example.com/a");
  });

  it("refuses links the browser turns into off-site addresses", () => {
    expect(safeHref("/\t/evil.example")).toBeUndefined();
    expect(safeHref("/&#9;/evil.example")).toBeUndefined();
    expect(safeHref("/\\evil")).toBeUndefined();
    expect(html('<a href="/\\evil">x</a>')).toBe("<a>x</a>");
    expect(safeHref("/topic/welcome#top")).toBe("/topic/welcome#top");
  });

  it("closes tags left open and ignores stray closing tags", () => {
    expect(html("<b>開いたまま")).toBe("<b>開いたまま</b>");
    expect(html("閉じるだけ</i>")).toBe("閉じるだけ");
  });

  it("decodes entities once, so they are shown as text", () => {
    expect(html("A &amp; B &lt;b&gt;")).toBe("A &amp; B &lt;b&gt;");
  });
});
