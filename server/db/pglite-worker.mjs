// The embedded database's own thread (decision 0044): PGlite runs its WebAssembly Postgres here,
// so a query never holds the event loop that serves pages. server/db/pglite-thread.ts is the
// other end. Plain JavaScript: a worker thread loads it as it is, from source and from build/.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const port = parentPort;
if (!port) throw new Error("pglite-worker.mjs runs as a worker thread");

const keep = (value) => value;
// A template (tests) is a dump of a migrated data directory: loading it skips initdb and migrations.
const client = await PGlite.create(workerData.dataDir, {
  extensions: { pg_trgm },
  ...(workerData.template ? { loadDataDir: new Blob([workerData.template]) } : {}),
});

/** Open transactions by id: their PGlite handle and how to end them. */
const transactions = new Map();

/** The error as plain fields: an Error's own properties (code, constraint…) do not cross threads. */
function plainError(error) {
  const fields = { message: String(error?.message ?? error) };
  if (error && typeof error === "object") {
    for (const [name, value] of Object.entries(error)) {
      if (["string", "number", "boolean"].includes(typeof value)) fields[name] = value;
    }
  }
  return fields;
}

/** Types the caller reads as text (drizzle keeps dates and intervals unparsed). */
function options(message) {
  const parsers = Object.fromEntries((message.textTypes ?? []).map((type) => [type, keep]));
  return { rowMode: message.rowMode, parsers };
}

const handlers = {
  query: (message, on) => on.query(message.sql, message.params, options(message)),
  exec: (message, on) => on.exec(message.sql),
  // A statement list run on its own (the job queue's, decision 0088): inside PGlite's transaction
  // lock, so no other caller's statement runs between its statements, and a list that fails
  // half-way (leaving its own BEGIN aborted) is rolled back before the lock is let go. The list's
  // own BEGIN and COMMIT only draw warnings inside the wrapping transaction.
  alone: (message) => client.transaction((tx) => tx.exec(message.sql)),
  begin(message) {
    return new Promise((begun, failed) => {
      const open = {};
      open.done = client
        .transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              Object.assign(open, { tx, commit, rollback });
              transactions.set(message.id, open);
              begun(message.id);
            }),
        )
        .finally(() => transactions.delete(message.id));
      // Answers a transaction that could not begin; once begun, its end is answered by "end".
      open.done.catch(failed);
    });
  },
  async end(message) {
    const open = transactions.get(message.tx);
    if (message.commit) open.commit();
    else open.rollback(new Error("rolled back"));
    try {
      await open.done;
    } catch (error) {
      if (message.commit) throw error;
    }
  },
  async close() {
    await client.close();
  },
};

port.on("message", async (message) => {
  try {
    const on = message.tx === undefined ? client : transactions.get(message.tx)?.tx;
    if (!on) throw new Error(`no open transaction ${message.tx}`);
    const result = await handlers[message.op](message, on);
    port.postMessage({ id: message.id, result });
  } catch (error) {
    port.postMessage({ id: message.id, error: plainError(error) });
  }
});
port.postMessage({ ready: true });
