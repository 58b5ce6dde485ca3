import { readdirSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/** What the chunking hook lets us read of the module graph (rolldown's ChunkingContext). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Modules `from` imports statically, directly or not, outside node_modules. */
function staticClosure(ctx: ModuleGraph, from: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id) || id.includes("node_modules")) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

const app = (file: string) => path.resolve("app", file);
// Computed once per build, on the first module the group is asked about.
let shell: Set<string> | undefined;
let cards: Set<string> | undefined;
/** The card components every listing shows, with what they import (decision 0082). */
const cardFiles = () =>
  readdirSync(app("features/cards"))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => app(`features/cards/${f}`));

/**
 * Writes build/client/.vite/chunk-origins.json: for each JavaScript file of the client build,
 * the npm packages its modules come from and how many of its modules are the store's own. The
 * first-load budget (bench/first-load.ts, decision 0082) tells the framework from the store's
 * code with it. Never served: the server serves /assets/* and top-level files only.
 */
const chunkOrigins: Plugin = {
  name: "chunk-origins",
  apply: "build",
  applyToEnvironment: (environment) => environment.name === "client",
  generateBundle(_options, bundle) {
    const origins: Record<string, { packages: string[]; own: number }> = {};
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== "chunk") continue;
      const packages = new Set<string>();
      let own = 0;
      for (const id of chunk.moduleIds) {
        const inPackage = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
        if (inPackage) packages.add(inPackage[1]!.replace("\\", "/"));
        else if (!id.startsWith("\0")) own++;
      }
      origins[chunk.fileName] = { packages: [...packages].sort(), own };
    }
    this.emitFile({
      type: "asset",
      fileName: ".vite/chunk-origins.json",
      source: `${JSON.stringify(origins, null, 1)}\n`,
    });
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), chunkOrigins],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The report of slow plugin callbacks names React Router's own transforms on every build;
      // nothing here can act on it.
      checks: { bundlerTimings: false },
      ...(isSsrBuild
        ? {}
        : {
            output: {
              // Left to itself the bundler split the first load into ~40 files of 1–2 KB; Lighthouse's
              // phone model pays a round trip per file before the first paint. Three chunks instead:
              // React with the router, the shell every page shows (root and StoreFrame with all
              // they import), and the route's own code (decision 0040); the cards are a fourth
              // (decision 0082).
              codeSplitting: {
                groups: [
                  {
                    name: "react",
                    test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                    priority: 3,
                  },
                  {
                    debugName: "shell",
                    name: (id, ctx) => {
                      shell ??= staticClosure(ctx, [
                        app("root.tsx"),
                        app("features/shell/StoreFrame.tsx"),
                      ]);
                      return shell.has(id) ? "shell" : null;
                    },
                    priority: 2,
                  },
                  {
                    // The cards (series, volume, drama CD, feature) are on most pages but not in
                    // the shell: one chunk, not a file per component shared by some routes.
                    debugName: "cards",
                    name: (id, ctx) => {
                      cards ??= staticClosure(ctx, cardFiles());
                      return cards.has(id) ? "cards" : null;
                    },
                    priority: 1,
                  },
                ],
              },
            },
          }),
    },
  },
}));
