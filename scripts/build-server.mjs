// Bundles the server (server/index.ts and what it imports) into build/server/main.js, with the
// SQL migrations beside it; npm packages stay external and load from node_modules.
import { cpSync } from "node:fs";
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "build/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
cpSync("server/db/migrations", "build/server/migrations", { recursive: true });
