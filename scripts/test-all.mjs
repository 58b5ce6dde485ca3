// `npm test`: every check in order, stopping at the first that fails, with the time each took
// printed at the end so a slow step is seen in CI's log (the whole run must stay under 45 min).
// The build runs once: Vitest's first-load budget test and the Playwright shards read it.
import { spawn } from "node:child_process";

const steps = [
  ["lint", "npm", ["run", "lint", "--silent"]],
  ["typecheck", "npm", ["run", "typecheck", "--silent"]],
  ["import graph", "npm", ["run", "check:imports", "--silent"]],
  ["build", "npm", ["run", "build", "--silent"]],
  ["vitest", "npx", ["vitest", "run"]],
  ["playwright", "node", ["scripts/e2e-shards.mjs"]],
];

const times = [];
function run(name, command, args) {
  console.log(`\n--- ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("close", (code) => {
      times.push([name, Math.round((Date.now() - started) / 1000), code]);
      resolve(code ?? 1);
    });
  });
}

let failed;
for (const [name, command, args] of steps) {
  if ((await run(name, command, args)) !== 0) {
    failed = name;
    break;
  }
}
console.log("\n| step | seconds | exit |\n|---|---:|---:|");
for (const [name, seconds, code] of times) console.log(`| ${name} | ${seconds} | ${code} |`);
if (failed) {
  console.error(`npm test: ${failed} failed`);
  process.exit(1);
}
