// React Router's CLI (`react-router build`, `react-router typegen`) without the one deprecation
// line it makes Vite print on every run (see quiet-vite.mjs).
import "./quiet-vite.mjs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const bin = require("@react-router/dev/package.json").bin["react-router"];
require(path.join(path.dirname(require.resolve("@react-router/dev/package.json")), bin));
