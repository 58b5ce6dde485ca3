import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { DrawRequest, MediaDrawer } from "../../../modules/media/drawings.ts";
import { setUpShippedFonts } from "../../../modules/media/fonts.ts";

/**
 * The demo's drawers, each on a thread of its own (decision 0119): one draws pictures, one
 * synthesises sound, so a track's seconds of MP3 encoding never hold up a page, and neither holds
 * up the thread that serves requests. A thread starts on its first request, does not keep the
 * process alive, and one that stopped (a crash) is started again by the next request.
 */
export function artThreads(): MediaDrawer {
  const pictures = artThread();
  const sound = artThread();
  return {
    draw: (request) =>
      (request.kind === "track" || request.kind === "trial" ? sound : pictures).draw(request),
    close: async () => {
      await Promise.all([pictures.close(), sound.close()]);
    },
  };
}

/** Beside this file in source; beside the server bundle in build/server/ once built. */
const workerFile = import.meta.url.endsWith(".ts")
  ? fileURLToPath(new URL("./worker-source.mjs", import.meta.url))
  : path.join(path.dirname(fileURLToPath(import.meta.url)), "art-worker.js");

interface Waiting {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

function artThread(): MediaDrawer {
  let worker: Worker | null = null;
  let ready: Promise<void> | null = null;
  const waiting = new Map<number, Waiting>();
  let nextId = 1;

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };

  const start = () => {
    // fontconfig reads FONTCONFIG_FILE from the process's own environment, which only the main
    // thread writes (a worker's process.env is a copy): point it at the shipped fonts first.
    setUpShippedFonts();
    const thread = new Worker(workerFile);
    thread.unref();
    worker = thread;
    ready = new Promise<void>((resolve, reject) => {
      thread.once("message", () => resolve());
      thread.once("error", reject);
    });
    thread.on("message", (answer: { id?: number; bytes?: ArrayBuffer; error?: Error }) => {
      const call = answer.id === undefined ? undefined : waiting.get(answer.id);
      if (!call || answer.id === undefined) return;
      waiting.delete(answer.id);
      if (answer.bytes) call.resolve(Buffer.from(answer.bytes));
      else
        call.reject(Object.assign(new Error(answer.error?.message), { name: answer.error?.name }));
    });
    thread.on("error", (error) => failAll(error));
    thread.on("exit", (code) => {
      if (worker === thread) worker = null;
      failAll(new Error(`the art thread stopped (exit ${code})`));
    });
    return ready;
  };

  return {
    async draw(request: DrawRequest) {
      if (!worker) await start();
      else await ready;
      const thread = worker;
      if (!thread) throw new Error("the art thread stopped before it was ready");
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        thread.postMessage({ id, request });
      });
    },
    async close() {
      const thread = worker;
      worker = null;
      if (thread) await thread.terminate();
    },
  };
}
