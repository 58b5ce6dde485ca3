import { describe, expect, it } from "vitest";
import { withoutHtmlSuffix } from "./html-suffix";

describe("the .html suffix", () => {
  it.each([
    ["/home.html", "/home"],
    ["/index.html", "/"],
    ["/series/12.html", "/series/12"],
    ["/series/12/book/5.html", "/series/12/book/5"],
    ["/webview/help.html", "/webview/help"],
    ["/home", "/home"],
    ["/", "/"],
  ])("%s is %s", (given, plain) => {
    expect(withoutHtmlSuffix(given)).toBe(plain);
  });
});
