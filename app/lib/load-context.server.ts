import type { AppServices, RequestVars } from "../../server/lib/context";

/** What the Hono server hands React Router for every page request (server/http/pages.ts). */
export interface PageContext {
  services: AppServices;
  request: Pick<
    RequestVars,
    "member" | "sessionToken" | "visitorId" | "csrfToken" | "requestId" | "cspNonce"
  >;
}

declare module "react-router" {
  interface AppLoadContext extends PageContext {}
}
