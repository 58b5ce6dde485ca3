/**
 * Imports run one way (DESIGN.md, decision 0012):
 *   contract ← server/lib ← server/modules ← server/pages ← server/http
 *   contract ← app/lib ← app/components ← app/features ← app/routes
 * and inside server/modules and app/features, modules and features sit in layers (decision 0079).
 * `npm run check:imports` (part of `npm test`) fails on any import against the flow and on any loop.
 */

// Tests and their fixtures may drive the real HTTP app and write any table to set up a case.
const TESTS = "([.]test[.]tsx?|/test-fixture[.]ts)$";

/**
 * The module graph (decision 0079): server modules in layers, lowest first. A module may import
 * only modules in a layer below its own, never one beside or above it, so modules form no loop.
 * A new module gets a layer here; page assembly over several modules belongs in server/pages/.
 */
const SERVER_MODULE_LAYERS = [
  ["audit", "event", "jobs", "mail", "news", "throttle"],
  ["account", "catalog"],
  ["inquiry", "library", "staff"],
  ["dramacd", "volume-notices"],
  ["campaign", "content"],
  ["pricing"],
  ["entitlements"],
  ["cards", "media", "catalog-editor"],
  ["commerce"],
  ["bookshelf", "coupon-editor", "lottery", "preorders", "ranking", "receipts", "review", "stamp"],
  ["extras-editor", "home", "member-support", "reader"],
  ["campaign-editor", "home-editor", "menu", "offline", "popup", "recommend", "search"],
  ["dashboard", "popup-editor", "topic"],
  ["catalog-import", "topic-editor"],
];

/**
 * The feature graph (decision 0079): app features in layers, lowest first, under the same rule.
 * What several features share and that knows no shop area goes down to app/components or app/lib.
 */
const APP_FEATURE_LAYERS = [
  ["analytics", "audio", "notices", "offline", "ops", "preorders", "seo", "stamp"],
  ["cards", "ops-content", "ops-members"],
  [
    "account",
    "bookshelf",
    "campaign",
    "cart",
    "dramacd",
    "gifts",
    "home",
    "orders",
    "ranking",
    "reader",
    "receipts",
    "review",
  ],
  ["checkout", "series", "topic"],
  ["lottery", "news", "recommend"],
  ["popup"],
  ["shell"],
  ["info", "search"],
  ["editor", "ledgers", "ops-catalog"],
  ["ops-extras"],
  ["ops-campaigns", "ops-coupons", "ops-dashboard", "ops-home", "ops-popups", "ops-topics"],
];

/**
 * One rule per layer: a module (or feature) of the layer imports none of its own layer but
 * itself and none above. `$1` is the importing module, which may import its own files.
 */
function layerRules(layers, root, what) {
  return layers.map((layer, rank) => {
    const sameOrAbove = layers.slice(rank).flat();
    return {
      name: `${what}-layer-${rank + 1}-${layer.join("-")}`,
      comment: `${layer.join(", ")} (layer ${rank + 1}) may import only ${what} of layers 1-${rank}; never ${sameOrAbove.join(", ")} (decision 0079).`,
      severity: "error",
      from: { path: `^${root}/(${layer.join("|")})/`, pathNot: TESTS },
      to: { path: `^${root}/(${sameOrAbove.join("|")})/`, pathNot: `^${root}/$1/` },
    };
  });
}

/** Every module and feature directory must have a layer, so none escapes the check. */
function unlayered(layers, root, what) {
  return {
    name: `${what}-without-a-layer`,
    comment: `Every directory under ${root}/ has a layer in .dependency-cruiser.cjs (decision 0079).`,
    severity: "error",
    from: { path: `^${root}/`, pathNot: `^${root}/(${layers.flat().join("|")})/` },
    to: {},
  };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "No file imports itself through others: a loop of files can only be understood, tested or moved all at once (decision 0079). Type-only imports count.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...layerRules(SERVER_MODULE_LAYERS, "server/modules", "modules"),
    unlayered(SERVER_MODULE_LAYERS, "server/modules", "modules"),
    {
      name: "modules-never-import-the-seed",
      comment:
        "The seed (server/db/seed/) is tooling that writes every module's tables; no module imports it, so it can never sit inside a module's loop.",
      severity: "error",
      from: { path: "^server/modules/", pathNot: TESTS },
      to: { path: "^server/db/seed/" },
    },
    {
      name: "the-serving-thread-draws-nothing",
      comment:
        "The demo's art and sound are drawn on threads of their own (decision 0119): only the art worker loads the code that draws, so no request ever waits on an SVG or an MP3 encoder in the serving thread. The rest of the server reaches it through server/db/seed/art/thread.ts.",
      severity: "error",
      from: { path: "^(server|app|contract)/", pathNot: ["^server/db/seed/art/", TESTS] },
      to: { path: "^server/db/seed/art/(?!thread[.]ts$)" },
    },
    ...layerRules(APP_FEATURE_LAYERS, "app/features", "features"),
    unlayered(APP_FEATURE_LAYERS, "app/features", "features"),
    {
      name: "server-never-imports-app",
      comment: "server/ is below the pages: it never imports app/.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "contract-stands-alone",
      comment: "contract/ is shared by both sides, so it imports neither.",
      severity: "error",
      from: { path: "^contract/" },
      to: { path: "^(server|app)/" },
    },
    {
      name: "server-lib-is-the-bottom",
      comment: "server/lib/ is what every module may use; it knows no module, page or HTTP code.",
      severity: "error",
      from: { path: "^server/lib/", pathNot: TESTS },
      to: { path: "^server/(modules|pages|http)/" },
    },
    {
      name: "modules-below-pages",
      comment:
        "A module never imports a page assembler or the HTTP layer; routes that answer with an assembler get it from server/http/registry.ts.",
      severity: "error",
      from: { path: "^server/modules/", pathNot: TESTS },
      to: { path: "^server/(pages|http)/" },
    },
    {
      name: "modules-own-their-tables",
      comment:
        "A module's tables are reached only through its service: no other module, page or HTTP code imports its schema.ts (a schema may name another's table for a foreign key).",
      severity: "error",
      from: {
        path: "^server/(modules/([^/]+)|pages|http|lib)/",
        pathNot: [TESTS, "/schema[.]ts$"],
      },
      to: { path: "^server/modules/[^/]+/schema[.]ts$", pathNot: "^server/modules/$2/" },
    },
    {
      name: "pages-use-services-not-routes",
      comment:
        "A page assembler reads a module through its services; a module's routes are its HTTP door, so what a page and a route both need lives in the module beside the routes.",
      severity: "error",
      from: { path: "^server/pages/", pathNot: TESTS },
      to: { path: "^server/modules/[^/]+/[a-z-]*routes[.]ts$" },
    },
    {
      name: "pages-below-http",
      comment: "Page assemblers are called by the HTTP layer, never the other way round.",
      severity: "error",
      from: { path: "^server/pages/", pathNot: TESTS },
      to: { path: "^server/http/" },
    },
    {
      name: "app-lib-is-the-bottom",
      comment: "app/lib/ (request helper, tracking, formatting) knows no UI above it.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^app/(components|features|routes|layouts)/" },
    },
    {
      name: "components-below-features",
      comment: "Shared components know no shop area and no screen.",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: "^app/(features|routes)/" },
    },
    {
      name: "features-below-routes",
      comment: "Feature slices are used by screens, never the other way round.",
      severity: "error",
      from: { path: "^app/features/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "app-reaches-server-only-through-server-files",
      comment:
        "Only files that run on the server alone (*.server.ts) may import server/, so no server code reaches the browser bundle.",
      severity: "error",
      from: { path: "^app/", pathNot: "[.]server[.]tsx?$" },
      to: { path: "^server/" },
    },
    {
      name: "loaders-reach-server-only-through-pages",
      comment:
        "A page's data comes from its assembler in server/pages/, which the API route calls too, so the page and the API cannot drift apart (decision 0078). Besides pages, a loader may use the few server/lib helpers that make it answer as the API does without reading data: the request context types (context), the typed errors and the input reader (errors, input: the same 400/404 as the API), the public origin (public-origin) and the campaign timestamp (campaign-timestamp).",
      severity: "error",
      from: { path: "^app/.+[.]server[.]tsx?$" },
      to: {
        path: "^server/",
        pathNot:
          "^server/(pages/|lib/(context|errors|input|public-origin|campaign-timestamp)[.]ts$)",
      },
    },
    {
      name: "browser-code-builds-no-zod-schemas",
      comment:
        "zod is 25 KB gzip on every first load; browser code takes only types from contract files that build schemas, and values from their zod-free companions (row-id, event-names, review-rules, bookshelf-rules; decisions 0040, 0082).",
      severity: "error",
      from: { path: "^app/", pathNot: [TESTS, "[.]server[.]tsx?$"] },
      to: {
        path: "^(contract/(input|event|review|bookshelf)[.]ts|node_modules/zod/)",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "zod-free-contract-files",
      comment:
        "Browser code imports these for their values; they stay free of zod (decision 0040).",
      severity: "error",
      from: {
        path: "^contract/(row-id|event-names|review-rules|json-depth|bookshelf-rules|ops-catalog-rules|tokyo-time|card-rules|offline-rules)[.]ts$",
      },
      to: { path: "^(node_modules/zod/|contract/(input|event|review|bookshelf)[.]ts$)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|[.]react-router)/" },
    // Type-only imports count: a type from the wrong layer is still a dependency on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
