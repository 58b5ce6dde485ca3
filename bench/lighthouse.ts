/**
 * Lighthouse on the built store (npm run bench:lighthouse), never run as a test. Starts
 * `node build/server/main.js` on a fresh embedded database (or audits --base URL), runs
 * Lighthouse with Debian's Chromium on /home, a series page and a search, each --runs times,
 * and prints the median run of each page: the four category scores, LCP, TBT, CLS and bytes.
 * Run `npm run build` first; this script builds nothing.
 *
 *   npm run bench:lighthouse -- [--desktop] [--runs 3] [--base http://127.0.0.1:3000]
 *                               [--series 2000] [--port 3991] [--pages /home,/series/126]
 *                               [--chrome /usr/bin/chromium] [--details] [--save DIR]
 *
 * --details lists the LCP element and the audits that lost points; --save DIR keeps each
 * run's full report as JSON (open it in the Lighthouse viewer).
 *
 * Performance scores move with whatever else the machine is doing; the median of three runs
 * keeps one unlucky run from deciding the figure.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags, type Result } from "lighthouse";
import { z } from "zod";
import { waitForServer } from "./server";

const args = z
  .object({
    desktop: z.boolean().default(false),
    details: z.boolean().default(false),
    runs: z.coerce.number().int().min(1).max(15).default(3),
    base: z.string().url().optional(),
    series: z.coerce.number().int().min(100).max(200_000).default(2000),
    port: z.coerce.number().int().min(1).max(65535).default(3991),
    pages: z.string().default("/home,/series/126,/search?wd=転生"),
    chrome: z.string().default("/usr/bin/chromium"),
    save: z.string().optional(),
  })
  .parse(
    parseArgs({
      options: {
        desktop: { type: "boolean" },
        details: { type: "boolean" },
        runs: { type: "string" },
        base: { type: "string" },
        series: { type: "string" },
        port: { type: "string" },
        pages: { type: "string" },
        chrome: { type: "string" },
        save: { type: "string" },
      },
    }).values,
  );

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

interface Run {
  scores: Record<(typeof categories)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  lcpElement: string;
  failing: string[];
}

function summarise(lhr: Result): Run {
  const audit = (id: string) => lhr.audits[id];
  const score = (id: (typeof categories)[number]) =>
    Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const lcpDetails = audit("largest-contentful-paint-element")?.details as
    | { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> }
    | undefined;
  const failing: string[] = [];
  for (const id of categories) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || ref.weight === 0 || a.score === null || a.score >= 0.9) continue;
      failing.push(`${id}: ${a.id} (${a.score}) ${a.displayValue ?? ""}`.trim());
    }
  }
  for (const id of ["render-blocking-resources", "unused-javascript", "unused-css-rules"]) {
    const a = audit(id);
    if (a?.details && "overallSavingsMs" in a.details && a.details.overallSavingsMs)
      failing.push(`opportunity: ${id} ${a.displayValue ?? ""}`.trim());
  }
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    lcp: audit("largest-contentful-paint")?.numericValue ?? 0,
    tbt: audit("total-blocking-time")?.numericValue ?? 0,
    cls: audit("cumulative-layout-shift")?.numericValue ?? 0,
    bytes: audit("total-byte-weight")?.numericValue ?? 0,
    lcpElement: lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet ?? "",
    failing,
  };
}

async function audit(url: string, port: number, name: string): Promise<Run> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    formFactor: args.desktop ? "desktop" : "mobile",
  };
  const result = await lighthouse(url, flags, args.desktop ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError)
    throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  if (args.save) {
    mkdirSync(args.save, { recursive: true });
    writeFileSync(path.join(args.save, `${name}.json`), JSON.stringify(result.lhr));
  }
  return summarise(result.lhr);
}

function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  let server: ChildProcess | undefined;
  let dataDir: string | undefined;
  let base = args.base?.replace(/\/$/, "");
  if (!base) {
    dataDir = mkdtempSync(path.join(tmpdir(), "komaya-lighthouse-"));
    base = `http://127.0.0.1:${args.port}`;
    server = spawn("node", ["build/server/main.js"], {
      env: {
        ...process.env,
        PORT: String(args.port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SEED_SERIES: String(args.series),
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitForServer(`${base}/healthz`, server);
  }
  const chrome = await chromeLauncher.launch({
    chromePath: args.chrome,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const pages = args.pages.split(",").map((p) => p.trim());
    // One unmeasured visit per page and its pictures, so the first run does not pay for
    // generating art that a running store keeps on disk.
    for (const page of pages) {
      const html = await (await fetch(base + encodeURI(page))).text();
      const pictures = new Set(
        [...html.matchAll(/\/media\/[^"\s,]+/g)].map((m) => m[0].replaceAll("&amp;", "&")),
      );
      for (const picture of pictures)
        await fetch(base + picture, { headers: { accept: "image/webp,image/*" } }).then((r) =>
          r.arrayBuffer(),
        );
    }
    console.log(
      `# Lighthouse ${args.desktop ? "desktop" : "mobile"} on ${base}, median of ${args.runs} run(s) by performance score`,
    );
    const lines = [
      "| page | performance | accessibility | best practices | SEO | LCP s | TBT ms | CLS | KB |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ];
    const notes: string[] = [];
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < args.runs; i++)
        runs.push(
          await audit(
            base + encodeURI(page),
            chrome.port,
            `${page.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "root"}-${i + 1}`,
          ),
        );
      const m = median(runs);
      lines.push(
        `| ${page} | ${m.scores.performance} | ${m.scores.accessibility} | ${m.scores["best-practices"]} | ${m.scores.seo} | ${(m.lcp / 1000).toFixed(2)} | ${Math.round(m.tbt)} | ${m.cls.toFixed(3)} | ${Math.round(m.bytes / 1024)} |`,
      );
      if (args.runs > 1)
        notes.push(
          `${page}: performance of each run ${runs.map((r) => r.scores.performance).join(", ")}`,
        );
      if (args.details) {
        notes.push(`${page}: LCP element ${m.lcpElement || "(none)"}`);
        for (const f of m.failing) notes.push(`${page}:   ${f}`);
      }
    }
    console.log(lines.join("\n"));
    if (notes.length) console.log(notes.join("\n"));
  } finally {
    chrome.kill();
    server?.kill("SIGTERM");
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
