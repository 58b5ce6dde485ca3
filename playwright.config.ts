import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { tokyoIsoDate } from "./contract/tokyo-time";

const port = Number(process.env.E2E_PORT ?? 3917);
// E2E_BASE_URL points the tests at a server already running (e.g. `npm run dev`) instead.
const external = process.env.E2E_BASE_URL;
// Each run starts the built store on a fresh embedded database, seeded small for speed.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "komaya-e2e-"));
// Workers load this file again: they must see the same directory (tests read DATA_DIR/mail).
process.env.E2E_DATA_DIR = dataDir;
// The Tokyo day the store seeds from, named here so a test that seeds the same catalog in memory
// (seeded-links.spec.ts) agrees with it even when the run crosses Tokyo midnight.
const seedDay = process.env.E2E_SEED_DAY ?? tokyoIsoDate(new Date());
process.env.E2E_SEED_DAY = seedDay;

// Chromium's headless shell: the same engine without the full browser's layers around it, about
// a fifth less time per test on a 2-CPU runner (decision 0120). Debian's full browser otherwise.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = {
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry on CI, where a second try is reported as flaky in the list, never hidden: a run
  // is 40 minutes on a shared 2-CPU runner. A failure on both tries is a failure.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: external ?? `http://127.0.0.1:${port}`,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: chromium,
    // The store honours prefers-reduced-motion (the header's twinkle, the coupon balloon's bob,
    // smooth scrolling, overlay slides): an idle /home cost Chromium about 7 times the CPU with
    // its endless animations running, and every click waits for its target to stop moving.
    reducedMotion: "reduce",
  },
  projects: [
    {
      name: "pc",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 900 },
        launchOptions: chromium,
      },
    },
    {
      name: "phone",
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 375, height: 812 },
        launchOptions: chromium,
      },
    },
  ],
  webServer: external
    ? undefined
    : {
        command: "node build/server/main.js",
        url: `http://127.0.0.1:${port}/healthz`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: "ignore",
        stderr: "pipe",
        env: {
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          SEED_SERIES: process.env.E2E_SEED_SERIES ?? "300",
          SEED_DAY: seedDay,
          LOG_LEVEL: "warn",
          // Tests stand for different shoppers by their X-Forwarded-For (tests/e2e/fixtures.ts).
          TRUST_PROXY: "1",
          // Shards share one folder of drawn demo art (scripts/e2e-shards.mjs), drawn once.
          ...(process.env.E2E_DRAWN_DIR ? { DRAWN_MEDIA_DIR: process.env.E2E_DRAWN_DIR } : {}),
        },
      },
});
