import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";

export type PageHandler = (request: Request, context: unknown) => Promise<Response>;

/** Renders pages from the production build (build/server/index.js). */
export async function productionPageHandler(buildDir: string): Promise<PageHandler> {
  const build = (await import(
    pathToFileURL(path.join(buildDir, "server", "index.js")).href
  )) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return (request, context) => handler(request, context as never);
}

/** Renders pages through Vite, so edits show without a rebuild. */
export function developmentPageHandler(vite: ViteDevServer): PageHandler {
  return async (request, context) => {
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    return createRequestHandler(build, "development")(request, context as never);
  };
}
