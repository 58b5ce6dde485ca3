import { parentPort } from "node:worker_threads";
import type { DrawRequest } from "../../../modules/media/drawings.ts";
import { draw } from "./draw.ts";

/**
 * A drawing thread (thread.ts): draws each request it is sent, one at a time, and sends the
 * bytes back, moved rather than copied. A failure is sent back as the request's error.
 */
const port = parentPort;
if (!port) throw new Error("the art worker runs only as a worker thread");

port.on("message", async ({ id, request }: { id: number; request: DrawRequest }) => {
  try {
    const bytes = await draw(request);
    // A fresh ArrayBuffer the size of the file, so moving it hands over nothing else.
    const owned = new Uint8Array(bytes).buffer;
    port.postMessage({ id, bytes: owned }, [owned]);
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ id, error: { name, message } });
  }
});
port.postMessage({ ready: true });
