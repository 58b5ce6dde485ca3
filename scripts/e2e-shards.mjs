// Runs the Playwright suite as parallel shards, each against its own built store on its own
// port and embedded database (playwright.config.ts gives each process a fresh DATA_DIR), so
// the browser suite's waiting overlaps instead of adding up. E2E_SHARDS=1 runs it as one.
// Extra arguments go to every shard (e.g. --project pc).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Two: a third shard on a 2-CPU runner (tried with issue 25) pushed tests past their timeouts.
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3917);
const extra = process.argv.slice(2);
// The demo art's keys name everything drawn into it, so the shards' stores share one folder and
// each picture is drawn once per run instead of once per shard.
const drawn = process.env.E2E_DRAWN_DIR ?? mkdtempSync(path.join(tmpdir(), "komaya-e2e-drawn-"));

function run(index) {
  const args = [
    "playwright",
    "test",
    ...(shards > 1 ? [`--shard=${index + 1}/${shards}`] : []),
    ...extra,
  ];
  const env = { ...process.env, E2E_PORT: String(basePort + index), E2E_DRAWN_DIR: drawn };
  // A DATA_DIR named by the caller would be shared by every shard's store: each makes its own.
  delete env.E2E_DATA_DIR;
  const child = spawn("npx", args, { env, stdio: ["ignore", "pipe", "pipe"] });
  const tag = shards > 1 ? `[e2e ${index + 1}/${shards}] ` : "";
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = "";
    from.setEncoding("utf8");
    from.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) to.write(`${tag}${line}\n`);
    });
    from.on("end", () => rest && to.write(`${tag}${rest}\n`));
  }
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

const started = Date.now();
const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i)));
if (!process.env.E2E_DRAWN_DIR) rmSync(drawn, { recursive: true, force: true });
const failed = codes.filter((code) => code !== 0).length;
console.log(
  `e2e: ${shards} shard(s), ${failed} failed, ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(failed === 0 ? 0 : 1);
