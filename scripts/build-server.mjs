// Bundles the server (server/index.ts and what it imports) into build/server/app.js, with the
// SQL migrations beside it; npm packages stay external and load from node_modules.
import { cpSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "build/server/app.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
cpSync("server/db/migrations", "build/server/migrations", { recursive: true });
// PGlite runs on a thread of its own (decision 0044), loaded from this file beside the bundle.
cpSync("server/db/pglite-worker.mjs", "build/server/pglite-worker.mjs");
// React picks its production build from NODE_ENV when first imported, and ESM imports run before
// any code of the importing module, so the default has to be set in a module of its own first.
writeFileSync(
  "build/server/main.js",
  'process.env.NODE_ENV ??= "production";\nawait import("./app.js");\n',
);
