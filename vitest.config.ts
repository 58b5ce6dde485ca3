import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const ROOTS = ["server", "app", "contract"];
const TEST_FILE = /\.test\.tsx?$/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(file);
    return TEST_FILE.test(entry.name) ? [file] : [];
  });
}

/**
 * Test files share their worker's modules (isolate: false): each file no longer imports the whole
 * server again, which was over half of the suite's time. Three kinds of file run in a fresh
 * module graph each, in projects of their own, found by reading the files (a new one is placed by
 * what it does, not by a list someone must remember):
 * - one that replaces a module or a global (vi.mock, vi.stubGlobal…): it would leak into the next;
 * - one in a browser environment (jsdom), whose window globals have no business in server files;
 * - one that opens a real socket server: fetch's pool keeps connections per address, and a port
 *   one file freed can be handed to the next file's server, whose first requests may then go down
 *   an old, closed connection (the likely cause of the Web Push test's one failure in four runs:
 *   both of its sends failed at once, in 0.15 s, and it passes alone and in other orders).
 */
const NEEDS_ISOLATION =
  /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(|@vitest-environment jsdom|\bcreateServer\(/;
const isolated = ROOTS.flatMap(testFiles).filter((file) =>
  NEEDS_ISOLATION.test(readFileSync(file, "utf8")),
);

const unitAndApi = {
  include: [
    "server/**/*.test.ts",
    "app/**/*.test.ts",
    "app/**/*.test.tsx",
    "contract/**/*.test.ts",
  ],
  // Migrated (and fixture-loaded) databases are built once per run and copied per file.
  globalSetup: ["server/db/test-templates.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** A project's shared-module half and its isolated half. */
function split(name: string, include: string[], env: Record<string, string>) {
  const own = isolated.filter((file) =>
    include.some((glob) => file.startsWith(`${glob.split("/**")[0]}/`)),
  );
  return [
    {
      test: {
        ...unitAndApi,
        name,
        include,
        exclude: [...configDefaults.exclude, ...own],
        isolate: false,
        env,
      },
    },
    ...(own.length > 0
      ? [{ test: { ...unitAndApi, name: `${name}-isolated`, include: own, isolate: true, env } }]
      : []),
  ];
}

// The same suite runs on PGlite always, and again on a real PostgreSQL server when
// TEST_DATABASE_URL is set (CI sets it), so both drivers stay honest.
export default defineConfig({
  test: {
    // Two files at a time: Vitest's default on a 2-CPU runner is one (CPUs − 1), which left a
    // CPU idle while a file waited on PostgreSQL, the job queue or a child process.
    maxWorkers: 2,
    projects: [
      ...split("pglite", unitAndApi.include, { TEST_DB_DRIVER: "pglite" }),
      ...(process.env.TEST_DATABASE_URL
        ? split("postgres", ["server/**/*.test.ts"], { TEST_DB_DRIVER: "postgres" })
        : []),
    ],
  },
});
