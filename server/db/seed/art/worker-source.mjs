// The art worker from source (tests, `npm run dev`): Node cannot load TypeScript itself, so this
// asks tsx to. The built store starts build/server/art-worker.js instead (scripts/build-server.mjs).
import { tsImport } from "tsx/esm/api";

await tsImport("./worker.ts", import.meta.url);
