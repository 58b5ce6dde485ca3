import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSeedOptions, seedDatabase } from "../db/seed/seed";
import { users } from "../modules/account/schema";
import { JSON_BODY_LIMIT } from "./app";
import { Browser, createTestApp } from "./test-client";

/**
 * Every API route, read from the router itself (so a new route is fuzzed without touching this
 * file), gets wrong types, huge and control-character strings, out-of-range numbers, lists for
 * scalars, malformed JSON and wrong content types, as a visitor and as a logged-in staff member.
 * No answer may be a 5xx; plainly invalid input (control characters, a body that is not a JSON
 * object or not sent as JSON, an oversized body) must be a 4xx. FUZZ_SEED replays a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS_PER_ROUTE = 6;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.database.db, defaultSeedOptions(20));
}, 120_000);
afterAll(async () => {
  await t?.database.close();
});

/** The field names the API's calls take, so fuzzed input reaches their schemas. */
const FIELDS = [
  "series",
  "book",
  "volume",
  "genre",
  "page",
  "pagetype",
  "wd",
  "tp",
  "tg",
  "gn",
  "cg",
  "pb",
  "lb",
  "mz",
  "at",
  "gr",
  "rt",
  "ft",
  "ps",
  "pe",
  "pn",
  "sort",
  "k",
  "items",
  "id",
  "num",
  "filter",
  "limit_volume",
  "target_date",
  "email",
  "password",
  "nickname",
  "introduction",
  "reason",
  "opinion",
  "enable",
  "agree",
  "newsletter",
  "category",
  "subject",
  "body",
  "rating",
  "title",
  "author",
  "publisher",
  "comment",
  "nonce",
  "content",
  "page_type",
  "position",
  "scroll",
  "label",
  "value",
  "target_id",
  "frame",
];

const nasty = fc.oneof(
  fc.constantFrom<unknown>(
    true,
    false,
    null,
    0,
    -1,
    1,
    "1",
    2,
    1.5,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    "1e10",
    "2147483648",
    "99999999999999999999",
    "",
    " ",
    "0x10",
    "NaN",
    "魔王",
    "\u0000",
    "a\u0000b",
    "\u001b[31m",
    "\uFFFF",
    "\uD800",
    "' OR 1=1 --",
    "%00",
    [[3]],
    [],
    [1, 2],
    {},
    { a: 1 },
    "x".repeat(200_000),
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }),
);

const fields = fc.dictionary(
  fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })),
  nasty,
  {
    maxKeys: 6,
  },
);

const PARAM_VALUES = [
  "1",
  "2",
  "0",
  "-1",
  "1.5",
  "1e10",
  "2147483648",
  "99999999999999999999",
  "abc",
  "true",
  "%E3%81%82",
  "x".repeat(300),
];

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters the store refuses
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Whether any key or string in a JSON value holds a control character no field may hold. */
function holdsControl(value: unknown): boolean {
  if (typeof value === "string") return CONTROL.test(value);
  if (Array.isArray(value)) return value.some(holdsControl);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([k, v]) => CONTROL.test(k) || holdsControl(v));
  }
  return false;
}

/** The query string's pairs: lists as repeated keys, objects as their JSON text. */
function queryPairs(input: Record<string, unknown>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(input)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      pairs.push([key, typeof v === "object" && v !== null ? JSON.stringify(v) : String(v)]);
    }
  }
  return pairs;
}

const queryString = (input: Record<string, unknown>) =>
  new URLSearchParams(queryPairs(input)).toString();

function fill(path: string, value: string): string {
  return path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, value);
}

function apiRoutes(): { method: "GET" | "POST"; path: string }[] {
  const seen = new Set<string>();
  const out: { method: "GET" | "POST"; path: string }[] = [];
  for (const route of t.app.routes) {
    if (!route.path.startsWith("/api/") || route.path.includes("*")) continue;
    if (route.method !== "GET" && route.method !== "POST") continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: route.method, path: route.path });
  }
  return out;
}

let people = 0;
async function staffMember(): Promise<Browser> {
  const email = `fuzz${++people}@example.jp`;
  const browser = new Browser(t.app, `198.51.100.${people % 250}`);
  const answer = await browser.postJson("/api/account/signup", {
    email,
    password: "password-123",
    agree: true,
  });
  expect(answer.status).toBe(200);
  await t.database.db.update(users).set({ userType: "staff" }).where(eq(users.email, email));
  return browser;
}

async function visitor(): Promise<Browser> {
  const browser = new Browser(t.app, `192.0.2.${++people % 250}`);
  await browser.open();
  return browser;
}

async function send(
  browser: Browser,
  method: "GET" | "POST",
  path: string,
  input: Record<string, unknown>,
) {
  if (method === "GET") {
    const query = queryString(input);
    return browser.fetch(query ? `${path}?${query}` : path);
  }
  return browser.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
}

async function fuzzRoute(
  who: () => Promise<Browser>,
  route: { method: "GET" | "POST"; path: string },
) {
  const browser = await who();
  const failures: string[] = [];
  const check = (label: string, status: number, mustRefuse: boolean) => {
    if (status >= 500) failures.push(`${label} → ${status}`);
    else if (mustRefuse && (status < 400 || status >= 500))
      failures.push(`${label} → ${status} (must be 4xx)`);
  };
  const params = route.path.includes(":") ? PARAM_VALUES : ["1"];

  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...params), fields, async (param, input) => {
      const path = fill(route.path, param);
      const response = await send(browser, route.method, path, input);
      const refused =
        route.method === "GET"
          ? queryPairs(input).some(([k, v]) => CONTROL.test(k) || CONTROL.test(v))
          : holdsControl(input);
      check(
        `${route.method} ${path} ${JSON.stringify(input).slice(0, 200)}`,
        response.status,
        refused,
      );
      await response.arrayBuffer();
    }),
    { numRuns: RUNS_PER_ROUTE, seed: SEED },
  );

  // Plainly invalid whatever the route: each must be refused, never answered 200 or 500.
  const path = fill(route.path, "1");
  const invalid: [string, RequestInit][] =
    route.method === "GET"
      ? [
          ["NUL in the query", {}],
          ["escape in the query", {}],
        ]
      : [
          ["malformed JSON", { body: '{"series":' }],
          ["a JSON list", { body: "[1,2]" }],
          ["a JSON string", { body: '"1"' }],
          ["NUL in a value", { body: '{"wd":"a\\u0000b"}' }],
          [
            "form data",
            { body: "series=1", headers: { "content-type": "application/x-www-form-urlencoded" } },
          ],
          ["text", { body: '{"series":1}', headers: { "content-type": "text/plain" } }],
          ["too large", { body: `{"pad":"${"x".repeat(JSON_BODY_LIMIT)}"}` }],
        ];
  for (const [label, init] of invalid) {
    const response =
      route.method === "GET"
        ? await browser.fetch(`${path}?${label.startsWith("NUL") ? "k=a%00" : "wd=%1B%5B31m"}`)
        : await browser.fetch(path, {
            method: "POST",
            ...init,
            headers: { "content-type": "application/json", ...(init.headers as object) },
          });
    check(`${route.method} ${path} ${label}`, response.status, true);
    await response.arrayBuffer();
  }
  // A path parameter holding NUL names nothing.
  if (route.path.includes(":")) {
    const response = await send(browser, route.method, fill(route.path, "%00"), {});
    check(`${route.method} ${route.path} with NUL parameters`, response.status, true);
    await response.arrayBuffer();
  }
  return failures;
}

describe("API fuzz", () => {
  it("finds the API routes in the router", () => {
    const paths = apiRoutes().map((r) => `${r.method} ${r.path}`);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths).toContain("POST /api/suggest");
    expect(paths).toContain("GET /api/shared/series/:seriesId/main");
  });

  it("never answers 5xx, nor 2xx to plainly invalid input, as a visitor", async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) failures.push(...(await fuzzRoute(visitor, route)));
    expect(failures).toEqual([]);
  }, 300_000);

  it("never answers 5xx, nor 2xx to plainly invalid input, as a logged-in staff member", async () => {
    const failures: string[] = [];
    // A new member for each route, since the fuzz may log out or leave.
    for (const route of apiRoutes()) failures.push(...(await fuzzRoute(staffMember, route)));
    expect(failures).toEqual([]);
  }, 300_000);
});
