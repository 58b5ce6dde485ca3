import type { ChildProcess } from "node:child_process";

/** Waits until the started store answers `url` (its /healthz), failing if the process exits. */
export async function waitForServer(url: string, child: ChildProcess, timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
}
