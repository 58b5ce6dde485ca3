import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  documentHeadStream,
  inlineStylesheets,
  lowPriorityModulePreloads,
} from "./document-head.server";

const css: Record<string, string> = {
  "/assets/app-1.css": "body{color:red}",
  "/assets/home-2.css": ".x::after{content:'</style>'}",
};
const read = (href: string) => css[href.replace(/#$/, "")] ?? null;

describe("inlineStylesheets", () => {
  it("writes each built stylesheet inline and keeps its link as a late, non-blocking print link", () => {
    const head = '<link nonce="n" rel="stylesheet" href="/assets/app-1.css"/>';
    expect(inlineStylesheets(head, read)).toBe(
      '<style data-href="/assets/app-1.css">body{color:red}</style><link nonce="n" rel="stylesheet" href="/assets/app-1.css" media="print"/>',
    );
  });

  it("leaves links it cannot read, links with a media query and other links alone", () => {
    const head =
      '<link rel="stylesheet" href="/assets/gone.css"/><link rel="stylesheet" media="print" href="/assets/app-1.css"/><link rel="icon" href="/favicon.svg"/>';
    expect(inlineStylesheets(head, read)).toBe(head);
  });

  it("finds the file behind the # React Router adds to some hrefs, and never ends the style early", () => {
    const out = inlineStylesheets('<link rel="stylesheet" href="/assets/home-2.css#"/>', read);
    expect(out).toContain(
      "<style data-href=\"/assets/home-2.css#\">.x::after{content:'<\\/style>'}</style>",
    );
  });
});

describe("lowPriorityModulePreloads", () => {
  it("asks for every module preload at low priority and leaves other links alone", () => {
    const head =
      '<link rel="modulepreload" href="/assets/react-1.js" nonce="n"/>' +
      '<link rel="preload" as="image" href="/media/banner/7.png" fetchpriority="high"/>' +
      '<link rel="modulepreload" href="/assets/home-1.js">';
    expect(lowPriorityModulePreloads(head)).toBe(
      '<link rel="modulepreload" href="/assets/react-1.js" nonce="n" fetchpriority="low"/>' +
        '<link rel="preload" as="image" href="/media/banner/7.png" fetchpriority="high"/>' +
        '<link rel="modulepreload" href="/assets/home-1.js" fetchpriority="low"/>',
    );
  });

  it("keeps a priority a preload already states", () => {
    const head = '<link rel="modulepreload" href="/assets/x.js" fetchpriority="high"/>';
    expect(lowPriorityModulePreloads(head)).toBe(head);
  });
});

describe("documentHeadStream", () => {
  it("rewrites the head even when a chunk ends inside a character, and passes the body through", async () => {
    const html = Buffer.from(
      '<html><head><title>漫画</title><link rel="icon" href="/f.svg"/></head><body>本文</body></html>',
    );
    const chunks = [html.subarray(0, 21), html.subarray(21, 60), html.subarray(60)];
    let ended = false;
    const stream = documentHeadStream("abc", () => {
      ended = true;
    });
    Readable.from(chunks).pipe(stream);
    const out: Buffer[] = [];
    for await (const chunk of stream) out.push(chunk as Buffer);
    const text = Buffer.concat(out).toString("utf8");
    expect(text).toBe(
      '<html><head><title>漫画</title><link rel="icon" href="/f.svg"/><script nonce="abc">globalThis.__zod_globalConfig={jitless:true}</script></head><body>本文</body></html>',
    );
    expect(ended).toBe(true);
  });
});
