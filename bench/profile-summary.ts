/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): the functions with the most self time and the
 * files (packages) the time went to, so a profile of the store under load can be read in a note.
 *
 *   npx tsx bench/profile-summary.ts FILE.cpuprofile [--top 20] [--last SECONDS]
 *
 * --last keeps only the final seconds of the profile (the load, not the start-up before it).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  options: { top: { type: "string" }, last: { type: "string" } },
  allowPositionals: true,
});
const file = positionals[0];
if (!file) throw new Error("usage: profile-summary.ts FILE.cpuprofile [--top N]");
const top = Number(values.top ?? 20);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const at: number[] = [];
let clock = 0;
for (const delta of profile.timeDeltas) {
  clock += delta / 1000;
  at.push(clock);
}
const from = values.last ? clock - Number(values.last) * 1000 : 0;
const selfMs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  if (at[i]! < from) return;
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);

const where = (url: string) => {
  if (!url) return "(native)";
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1]!;
  if (url.startsWith("node:")) return url;
  return url.replace(/^file:\/\/.*?\/(build|server|app)\//, "$1/");
};
const frames = new Map<string, number>();
const files = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const name = `${functionName || "(anonymous)"} ${where(url)}${url ? `:${lineNumber + 1}` : ""}`;
  frames.set(name, (frames.get(name) ?? 0) + ms);
  files.set(where(url), (files.get(where(url)) ?? 0) + ms);
}
const pct = (ms: number) => `${((100 * ms) / total).toFixed(1)}%`;
const list = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, ms]) => `| ${pct(ms)} | ${Math.round(ms)} | ${k} |`)
    .join("\n");
console.log(`${file}: ${Math.round(total)} ms sampled\n`);
console.log(`| self | ms | function |\n|---:|---:|---|\n${list(frames)}\n`);
console.log(`| self | ms | where |\n|---:|---:|---|\n${list(files)}`);
