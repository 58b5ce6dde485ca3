/**
 * Where a page's main thread goes on a phone (issue 22 item 14, decision 0082), never run as a
 * test. Opens the page in Debian's Chromium at a 375 px viewport with 4× CPU throttling, records
 * a performance trace and a JavaScript profile from navigation until the page is quiet, and
 * prints the medians over --runs of: main-thread time by kind (script, style, layout, parse,
 * paint), long tasks (count, total, blocking time over 50 ms), the costliest JavaScript by
 * function and by file, and the deterministic facts of the page (HTML, inline CSS and page-data
 * bytes, element count). Needs a running built server (--base).
 *
 *   npx tsx bench/trace.ts --base http://127.0.0.1:4220 [--path /home] [--runs 5]
 *                          [--throttle 4] [--save DIR]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";

const { values } = parseArgs({
  options: {
    base: { type: "string" },
    path: { type: "string", default: "/home" },
    runs: { type: "string", default: "5" },
    throttle: { type: "string", default: "4" },
    chrome: { type: "string", default: "/usr/bin/chromium" },
    save: { type: "string" },
  },
});
if (!values.base) throw new Error("--base http://host:port of a running built server");
const url = values.base.replace(/\/$/, "") + values.path;
const runs = Number(values.runs);
const throttle = Number(values.throttle);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; name?: string };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Trace event names by the kind of work, as the performance panel groups them. */
const KINDS: Record<string, string> = {
  EvaluateScript: "script",
  "v8.compile": "script compile",
  "v8.compileModule": "script compile",
  "v8.evaluateModule": "script",
  FunctionCall: "script",
  EventDispatch: "script",
  TimerFire: "script",
  FireAnimationFrame: "script",
  RunMicrotasks: "script",
  "V8.GCScavenger": "garbage collection",
  MajorGC: "garbage collection",
  MinorGC: "garbage collection",
  ParseHTML: "parse HTML",
  ParseAuthorStyleSheet: "parse CSS",
  UpdateLayoutTree: "style",
  "Document::updateStyle": "style",
  Layout: "layout",
  PrePaint: "paint",
  Paint: "paint",
  Layerize: "paint",
  UpdateLayer: "paint",
  "Decode Image": "images",
  ImageDecodeTask: "images",
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

/** Self time of nested complete events on one thread, by kind (children's time taken out). */
function selfTimeByKind(events: TraceEvent[]): Map<string, number> {
  const byKind = new Map<string, number>();
  const complete = events
    .filter((e) => e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const stack: { end: number; kind: string | undefined; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= until) {
      const top = stack.pop()!;
      if (top.kind) byKind.set(top.kind, (byKind.get(top.kind) ?? 0) + top.self / 1000);
    }
  };
  for (const e of complete) {
    close(e.ts);
    const kind = KINDS[e.name];
    const parent = stack[stack.length - 1];
    // A kindless event (RunTask, …) passes its time to the nearest kind above it.
    if (parent && (kind || parent.kind)) parent.self -= e.dur!;
    stack.push({ end: e.ts + e.dur!, kind: kind ?? parent?.kind, self: e.dur! });
  }
  close(Number.POSITIVE_INFINITY);
  return byKind;
}

/** The framework's and the bundler's chunks: time under them is charged to the store frame that called them. */
const FRAMEWORK_FILE = /^(react|rolldown-runtime)-[\w-]+\.js$/;

function profileSelfTimes(profile: Profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
  const fileOf = (url: string) => (url ? path.basename(new URL(url, "http://x").pathname) : "");
  const label = (n: ProfileNode) => {
    const { functionName, url: file, lineNumber, columnNumber } = n.callFrame;
    return `${functionName || "(anonymous)"} ${fileOf(file) || "(native)"}:${lineNumber + 1}:${columnNumber + 1}`;
  };
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  const byStoreFrame = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) =>
    map.set(key, (map.get(key) ?? 0) + ms);
  for (let i = 0; i < profile.samples.length; i++) {
    const node = nodes.get(profile.samples[i]!)!;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const { functionName, url: file } = node.callFrame;
    if (functionName === "(idle)" || functionName === "(program)") continue;
    add(byFunction, label(node), ms);
    add(byFile, fileOf(file) || functionName, ms);
    // The nearest caller in the store's own code (a component, an effect, a module's top level).
    let store = "(framework only)";
    for (let id: number | undefined = node.id; id !== undefined; id = parents.get(id)) {
      const frame = nodes.get(id)!;
      const f = fileOf(frame.callFrame.url);
      if (f && !FRAMEWORK_FILE.test(f)) {
        store = label(frame);
        break;
      }
    }
    add(byStoreFrame, store, ms);
  }
  return { byFunction, byFile, byStoreFrame };
}

async function once(index: number) {
  const browser = await chromium.launch({
    executablePath: values.chrome,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent:
        "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const done = new Promise<void>((r) => cdp.once("Tracing.tracingComplete", () => r()));
    await cdp.send("Tracing.start", {
      categories:
        "devtools.timeline,v8,v8.execute,blink,loading,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.invalidationTracking",
      transferMode: "ReportEvents",
    });
    await cdp.send("Profiler.start");
    await page.goto(url, { waitUntil: "load" });
    // Quiet: hydration, effects and idle work done (two seconds without a long task would be
    // better; a fixed wait keeps runs comparable).
    await page.waitForTimeout(4000);
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
    await cdp.send("Tracing.end");
    await done;
    const facts = await page.evaluate(() => ({
      elements: document.getElementsByTagName("*").length,
      inlineCss: [...document.querySelectorAll("style")].reduce(
        (n, s) => n + new Blob([s.textContent ?? ""]).size,
        0,
      ),
      pageData: [...document.querySelectorAll("script:not([src])")]
        .filter((s) => (s.textContent ?? "").includes("streamController.enqueue"))
        .reduce((n, s) => n + new Blob([s.textContent ?? ""]).size, 0),
    }));
    const html = await (await fetch(url)).text();
    if (values.save) {
      mkdirSync(values.save, { recursive: true });
      writeFileSync(
        path.join(values.save, `trace-${index + 1}.json`),
        JSON.stringify({ traceEvents: events }),
      );
      writeFileSync(
        path.join(values.save, `profile-${index + 1}.cpuprofile`),
        JSON.stringify(profile),
      );
    }

    // The renderer's main thread: the thread that ran ParseHTML for the page.
    const parse = events.find((e) => e.name === "ParseHTML");
    const main = events.filter((e) => parse && e.pid === parse.pid && e.tid === parse.tid);
    const tasks = main.filter((e) => e.name === "RunTask" && e.ph === "X" && e.dur);
    const navigation = main.find((e) => e.name === "navigationStart" || e.name === "ParseHTML")!.ts;
    const long = tasks.filter((t) => t.dur! > 50_000).map((t) => t.dur! / 1000);
    const kinds = selfTimeByKind(main);
    const { byFunction, byFile, byStoreFrame } = profileSelfTimes(profile);
    return {
      facts: { ...facts, html: Buffer.byteLength(html) },
      busy: tasks.reduce((n, t) => n + t.dur!, 0) / 1000,
      longCount: long.length,
      longTotal: long.reduce((a, b) => a + b, 0),
      blocking: long.reduce((a, b) => a + b - 50, 0),
      longest: Math.max(0, ...long),
      lastLongEnd:
        Math.max(
          0,
          ...tasks.filter((t) => t.dur! > 50_000).map((t) => t.ts + t.dur! - navigation),
        ) / 1000,
      kinds,
      byFunction,
      byFile,
      byStoreFrame,
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  const results: Awaited<ReturnType<typeof once>>[] = [];
  for (let i = 0; i < runs; i++) results.push(await once(i));
  const m = (pick: (r: (typeof results)[number]) => number) =>
    Math.round(median(results.map(pick)));
  const f = results[0]!.facts;
  console.log(
    `# ${url}, 375 px phone, ${throttle}× CPU, median of ${runs} run(s)\n` +
      `page: HTML ${(f.html / 1024).toFixed(1)} KB, inline CSS ${(f.inlineCss / 1024).toFixed(1)} KB, page data ${(f.pageData / 1024).toFixed(1)} KB, ${f.elements} elements after load`,
  );
  console.log(
    `main thread busy ${m((r) => r.busy)} ms; long tasks ${m((r) => r.longCount)} (${results.map((r) => r.longCount).join(", ")}), ${m((r) => r.longTotal)} ms in them, longest ${m((r) => r.longest)} ms, blocking (over 50 ms) ${m((r) => r.blocking)} ms (${results.map((r) => Math.round(r.blocking)).join(", ")}), last long task ends ${m((r) => r.lastLongEnd)} ms after navigation`,
  );
  const table = (
    title: string,
    pick: (r: (typeof results)[number]) => Map<string, number>,
    n: number,
  ) => {
    const keys = new Set(results.flatMap((r) => [...pick(r).keys()]));
    const rows = [...keys]
      .map((k) => [k, median(results.map((r) => pick(r).get(k) ?? 0))] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n);
    console.log(`${title}:`);
    for (const [k, ms] of rows) console.log(`  ${Math.round(ms).toString().padStart(5)} ms  ${k}`);
  };
  table("main-thread self time by kind", (r) => r.kinds, 12);
  table("JavaScript self time by file (profile)", (r) => r.byFile, 10);
  table("JavaScript self time by function (profile)", (r) => r.byFunction, 15);
  table("JavaScript time by the nearest store frame on the stack", (r) => r.byStoreFrame, 15);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
