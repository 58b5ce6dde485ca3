import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";

/**
 * The embedded database on a thread of its own (decision 0044). PGlite is Postgres compiled to
 * WebAssembly: in the serving thread every query ran on the event loop, so ten members writing
 * held back every page served from memory. Here the queries run on the other core, and this
 * thread only sends them and reads the answers.
 *
 * This is the part of PGlite's API that drizzle and the store call: `query`, `exec` and
 * `transaction`, the last with the same locking as PGlite's own (the worker calls PGlite's).
 */
export interface PgliteThread {
  query: PGlite["query"];
  exec: PGlite["exec"];
  transaction: PGlite["transaction"];
  /**
   * Runs a statement list by itself: nothing else runs between its statements, and a list that
   * fails part-way leaves no open transaction behind (see the worker's `alone`).
   */
  execAlone(sql: string): ReturnType<PGlite["exec"]>;
  /** Calls sent and not yet answered. */
  pending(): number;
  close(): Promise<void>;
}

type Message =
  | { op: "query"; sql: string; params?: unknown[]; rowMode?: string; textTypes?: number[] }
  | { op: "exec"; sql: string }
  | { op: "alone"; sql: string }
  | { op: "begin" }
  | { op: "end"; commit: boolean }
  | { op: "close" };

interface Answer {
  id: number;
  result?: unknown;
  error?: { message: string } & Record<string, unknown>;
}

/** Beside this file in source, and beside the server bundle in build/server/ (the build copies it). */
const workerFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "pglite-worker.mjs");

export async function openPgliteThread(
  dataDir: string | undefined,
  template?: Uint8Array,
): Promise<PgliteThread> {
  const worker = new Worker(workerFile, { workerData: { dataDir, template } });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;

  const failAll = (error: Error) => {
    failure = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  await new Promise<void>((ready, failed) => {
    worker.once("message", () => ready());
    worker.once("error", failed);
  });
  worker.on("message", (answer: Answer) => {
    const call = waiting.get(answer.id);
    if (!call) return;
    waiting.delete(answer.id);
    if (answer.error) {
      const { message, ...fields } = answer.error;
      call.reject(Object.assign(new Error(message), fields));
    } else call.resolve(answer.result);
  });
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`the database thread stopped (exit ${code})`)));

  const send = <T>(message: Message, tx?: number): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...message, id, tx });
    });
  };

  /** Drizzle's parsers only keep some types as text; the worker does the same for those types. */
  const query = (tx?: number) =>
    ((sql: string, params?: unknown[], options?: { rowMode?: string; parsers?: object }) =>
      send(
        {
          op: "query",
          sql,
          params,
          rowMode: options?.rowMode,
          textTypes: Object.keys(options?.parsers ?? {}).map(Number),
        },
        tx,
      )) as PGlite["query"];
  const exec = (tx?: number) => ((sql: string) => send({ op: "exec", sql }, tx)) as PGlite["exec"];

  const transaction = (async <T>(
    callback: (tx: Parameters<Parameters<PGlite["transaction"]>[0]>[0]) => Promise<T>,
  ) => {
    const id = await send<number>({ op: "begin" });
    // What drizzle calls on a transaction; it rolls back by throwing, never by tx.rollback().
    const tx = { query: query(id), exec: exec(id) } as unknown as Parameters<typeof callback>[0];
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await send({ op: "end", commit: false }, id).catch(() => {});
      throw error;
    }
    await send({ op: "end", commit: true }, id);
    return result;
  }) as PGlite["transaction"];

  return {
    query: query(),
    exec: exec(),
    transaction,
    execAlone: (sql) => send({ op: "alone", sql }),
    pending: () => waiting.size,
    async close() {
      if (failure) return;
      await send({ op: "close" });
      await worker.terminate();
    },
  };
}
