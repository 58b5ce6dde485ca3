import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // React Router 8's behaviours, each declined on purpose while the store is on 7 (8 needs Node 22):
  // middleware would change every loader's context; split route modules and the environment API
  // would change the chunks decision 0040 tuned; pass-through requests and trailing-slash data
  // URLs would change what server/http/pages.ts reads. Said here, they no longer warn on each run.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
