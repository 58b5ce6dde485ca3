import { defineConfig } from "vitest/config";

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

// The same suite runs on PGlite always, and again on a real PostgreSQL server when
// TEST_DATABASE_URL is set (CI sets it), so both drivers stay honest.
export default defineConfig({
  test: {
    // Two files at a time: Vitest's default on a 2-CPU runner is one (CPUs − 1), which left a
    // CPU idle while a file waited on PostgreSQL, the job queue or a child process.
    maxWorkers: 2,
    projects: [
      { test: { ...unitAndApi, name: "pglite", env: { TEST_DB_DRIVER: "pglite" } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...unitAndApi,
                name: "postgres",
                include: ["server/**/*.test.ts"],
                env: { TEST_DB_DRIVER: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
