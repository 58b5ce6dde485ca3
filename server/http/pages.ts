import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, matchRoutes, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { cachePer } from "../lib/cache";

export type PageHandler = ((request: Request, context: unknown) => Promise<Response>) & {
  /**
   * The React Router route id that renders a path (its .data form too), or undefined when only
   * the not-found splat matches: the page's label in the request metrics, never the raw path.
   */
  routeOf?: (pathname: string) => string | undefined;
};

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: RouteNode[];
}

const trees = new WeakMap<ServerBuild["routes"], RouteNode[]>();

/** The build's flat route manifest as the tree matchRoutes walks, built once per build. */
function routeTree(manifest: ServerBuild["routes"]): RouteNode[] {
  let tree = trees.get(manifest);
  if (tree) return tree;
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: [],
    });
  }
  tree = [];
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : tree).push(node);
  }
  trees.set(manifest, tree);
  return tree;
}

/** A single-fetch request (/series/1.data, /_root.data for "/") names the page it loads for. */
function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const plain = pathname.slice(0, -".data".length);
  return plain === "/_root" ? "/" : plain;
}

/** Broken percent-encoding (/topic/%E0%A4%A) names no page; React Router would warn of it. */
function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** Route ids by path, per build: at most this many paths are remembered (any can be asked). */
const ROUTE_IDS_KEPT = 2000;
const routeIds = cachePer<ServerBuild["routes"], string | undefined>({
  maxEntries: ROUTE_IDS_KEPT,
});

export function routeIdOf(
  build: Pick<ServerBuild, "routes">,
  pathname: string,
): string | undefined {
  // matchRoutes flattens and ranks the whole route table on every call: a twentieth of a
  // member's /home render went there, for the metrics label alone.
  const known = routeIds(build.routes);
  const hit = known.peek(pathname);
  if (hit) return hit.value;
  const leaf = decodable(pathname)
    ? (matchRoutes(routeTree(build.routes) as never, pagePath(pathname))?.at(-1)?.route as
        | RouteNode
        | undefined)
    : undefined;
  const id = leaf && leaf.path !== "*" ? leaf.id : undefined;
  known.set(pathname, id);
  return id;
}

/** Renders pages from the production build (build/server/index.js). */
export async function productionPageHandler(buildDir: string): Promise<PageHandler> {
  const build = (await import(
    pathToFileURL(path.join(buildDir, "server", "index.js")).href
  )) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return Object.assign((request: Request, context: unknown) => handler(request, context as never), {
    routeOf: (pathname: string) => routeIdOf(build, pathname),
  });
}

/** Renders pages through Vite, so edits show without a rebuild. */
export function developmentPageHandler(vite: ViteDevServer): PageHandler {
  // The build of the last render: edits to the route table show from the next request on.
  let latest: ServerBuild | undefined;
  return Object.assign(
    async (request: Request, context: unknown) => {
      const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      latest = build;
      return createRequestHandler(build, "development")(request, context as never);
    },
    { routeOf: (pathname: string) => (latest ? routeIdOf(latest, pathname) : undefined) },
  );
}
