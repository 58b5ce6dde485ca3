// Compresses the hashed client assets once at build time (brotli at its best quality, gzip at
// level 9) and writes the .br and .gz files beside them; the server sends these as they are.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = process.argv[2] ?? "build/client/assets";
const compressible = /\.(?:js|mjs|css|svg|html|json|txt|xml|map)$/;
// Keep in step with MIN_COMPRESS_BYTES in server/lib/compression.ts.
const minBytes = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(dir)) {
  const file = path.join(dir, name);
  if (!compressible.test(name) || !statSync(file).isFile()) continue;
  const bytes = readFileSync(file);
  if (bytes.length < minBytes) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  files++;
  before += bytes.length;
  after += br.length;
}
console.log(
  `compressed ${files} assets in ${dir}: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`,
);
