import { HtmlValidate } from "html-validate";
import { expect, test } from "./fixtures";

/**
 * The server-rendered HTML is valid. The only allowances are how React writes HTML: camelCase
 * attribute names (charSet, autoComplete), self-closed void elements (<img/>), boolean
 * attributes as name="" (async="") and its own ids ("B:0", "_R_"), which HTML allows: an id
 * only has to be non-empty without spaces.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    "void-style": ["error", { style: "selfclose" }],
    "attribute-boolean-style": ["error", { style: "empty" }],
    "valid-id": ["error", { relaxed: true }],
  },
});

async function problems(html: string) {
  const report = await validator.validateString(html);
  return report.results.flatMap((r) =>
    r.messages.map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message}`),
  );
}

test("the server-rendered pages are valid HTML", async ({ request }) => {
  const ranking = await (await request.get("/ranking")).text();
  const seriesPath = /href="(\/series\/\d+)[?"]/.exec(ranking)?.[1];
  expect(seriesPath).toBeTruthy();
  const series = await (await request.get(seriesPath!)).text();
  const readerPath = /href="(\/viewer\/speed\.html\?[^"]+)"/.exec(series)?.[1];
  expect(readerPath).toBeTruthy();
  const pages = [
    "/",
    "/home",
    "/otoku",
    "/ranking",
    `/search?wd=${encodeURIComponent("魔王")}`,
    "/more?sort=1",
    seriesPath!,
    readerPath!.replaceAll("&amp;", "&"),
    "/no-such-page",
  ];
  for (const path of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(path === "/no-such-page" ? 404 : 200);
    expect(await problems(await response.text()), path).toEqual([]);
  }
});
