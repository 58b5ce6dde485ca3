// Bundles the server (server/index.ts and what it imports) into build/server/app.js, and the art
// thread into build/server/art-worker.js, with the SQL migrations beside them; npm packages stay external and load from node_modules.
import { cpSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

const bundle = { bundle: true, platform: "node", format: "esm", target: "node20" };
await build({
  ...bundle,
  entryPoints: ["server/index.ts"],
  outfile: "build/server/app.js",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
// The demo's art and sound are drawn on threads of their own (decision 0119), from this file
// beside the bundle: the serving thread's bundle holds none of the drawing code.
await build({
  ...bundle,
  entryPoints: ["server/db/seed/art/worker.ts"],
  outfile: "build/server/art-worker.js",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
cpSync("server/db/migrations", "build/server/migrations", { recursive: true });
// PGlite runs on a thread of its own (decision 0044), loaded from this file beside the bundle.
cpSync("server/db/pglite-worker.mjs", "build/server/pglite-worker.mjs");
// React picks its build from NODE_ENV when first imported, and ESM imports run before any code of
// the importing module, so it is set in a module of its own first. This is a production build, so
// React runs its production build whatever the store was started with; the store's own mode
// (server/index.ts: unset is a local run, decision 0047) reads the NODE_ENV it was given, kept in
// KOMAYA_NODE_ENV, which worker processes inherit.
writeFileSync(
  "build/server/main.js",
  [
    'process.env.KOMAYA_NODE_ENV ??= process.env.NODE_ENV ?? "";',
    'process.env.NODE_ENV = "production";',
    'await import("./app.js");',
    "",
  ].join("\n"),
);
