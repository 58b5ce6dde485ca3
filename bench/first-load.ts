/**
 * First-load JavaScript per route, split into the framework and the store's own code, read from
 * the client build (decision 0082). Deterministic: bytes of the built files, gzip level 9.
 *
 * - Which files a route loads first: React Router's build manifest (`assets/manifest-*.js`, the
 *   same data the server writes its module preload links from): the entry with its imports, then
 *   every route from the root down to the matched one with its imports.
 * - What is framework: the chunks whose modules all come from react, react-dom, react-router and
 *   the packages they depend on (read from their package.json), or from no module at all (the
 *   bundler's runtime). `build/client/.vite/chunk-origins.json`, written by the `chunk-origins`
 *   plugin in vite.config.ts, says which packages each chunk holds. A chunk mixing the store's
 *   code with the framework counts as the store's.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Issue 22 item 14: the store's own first-load code, gzip: 40 KB on /home, 60 KB on any page a
 * shopper opens. The back office's editors (drag and drop, previews; staff on PCs) are held to
 * their own 120 KB (decision 0106).
 */
export const OWN_CODE_BUDGET_KB = {
  home: 40,
  anyRoute: 60,
  opsRoute: 120,
} as const;

/** A back-office page: staff, not shoppers, load it. */
export function isOpsRoute(route: { path: string }): boolean {
  return route.path === "/ops" || route.path.startsWith("/ops/");
}

const FRAMEWORK_ROOTS = ["react", "react-dom", "react-router"];

interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

interface RouterManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteEntry>;
}

type ChunkOrigins = Record<string, { packages: string[]; own: number }>;

export interface RouteFirstLoad {
  id: string;
  /** The route's address pattern, parents' segments joined ("/series/:seriesId?"). */
  path: string;
  files: string[];
  frameworkGzip: number;
  ownGzip: number;
  ownFiles: string[];
}

/** react, react-dom, react-router and every package they depend on, transitively. */
export function frameworkPackages(root = process.cwd()): Set<string> {
  const require = createRequire(path.join(root, "package.json"));
  const seen = new Set<string>();
  const stack = [...FRAMEWORK_ROOTS];
  while (stack.length) {
    const name = stack.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    let manifest: { dependencies?: Record<string, string> };
    try {
      manifest = require(`${name}/package.json`);
    } catch {
      continue; // exports may hide package.json; its dependencies are then not followed
    }
    stack.push(...Object.keys(manifest.dependencies ?? {}));
  }
  return seen;
}

function routerManifest(clientDir: string): RouterManifest {
  const assets = path.join(clientDir, "assets");
  const newest = readdirSync(assets)
    .filter((f) => /^manifest-[\w-]+\.js$/.test(f))
    .map((f) => ({ f, at: statSync(path.join(assets, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at)[0];
  if (!newest) throw new Error(`no React Router manifest in ${assets}; run npm run build`);
  const text = readFileSync(path.join(assets, newest.f), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** Whether a client build with the files this module reads exists under `clientDir`. */
export function hasClientBuild(clientDir = "build/client"): boolean {
  try {
    statSync(path.join(clientDir, ".vite", "chunk-origins.json"));
    return true;
  } catch {
    return false;
  }
}

/** First-load JavaScript of every leaf route of the built store. */
export function firstLoadByRoute(clientDir = "build/client", root = process.cwd()) {
  const manifest = routerManifest(clientDir);
  const origins: ChunkOrigins = JSON.parse(
    readFileSync(path.join(clientDir, ".vite", "chunk-origins.json"), "utf8"),
  );
  const framework = frameworkPackages(root);
  const gzipped = new Map<string, number>();
  const gzipOf = (url: string) => {
    let size = gzipped.get(url);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length;
      gzipped.set(url, size);
    }
    return size;
  };
  const isFramework = (url: string) => {
    const origin = origins[url.replace(/^\//, "")];
    if (!origin) throw new Error(`${url} is not in chunk-origins.json; rebuild`);
    return origin.own === 0 && origin.packages.every((p) => framework.has(p));
  };

  const routes = Object.values(manifest.routes);
  const parents = new Set(routes.map((r) => r.parentId).filter(Boolean));
  const result: RouteFirstLoad[] = [];
  for (const leaf of routes) {
    if (parents.has(leaf.id)) continue;
    const chain: RouteEntry[] = [];
    for (
      let r: RouteEntry | undefined = leaf;
      r;
      r = r.parentId ? manifest.routes[r.parentId] : undefined
    )
      chain.unshift(r);
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    for (const r of chain) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
    const segments = chain.map((r) => r.path).filter((p): p is string => Boolean(p));
    const entry: RouteFirstLoad = {
      id: leaf.id,
      path: `/${segments.join("/")}`,
      files: [...files],
      frameworkGzip: 0,
      ownGzip: 0,
      ownFiles: [],
    };
    for (const f of files) {
      if (isFramework(f)) entry.frameworkGzip += gzipOf(f);
      else {
        entry.ownGzip += gzipOf(f);
        entry.ownFiles.push(f);
      }
    }
    result.push(entry);
  }
  return result.sort((a, b) => b.ownGzip - a.ownGzip);
}

/** The routes that serve /home (the index route and /home share one module). */
export function homeRoutes(routes: RouteFirstLoad[]): RouteFirstLoad[] {
  return routes.filter((r) => r.path === "/home" || r.path === "/");
}
