import { readFileSync } from "node:fs";
import { Transform } from "node:stream";
import { fileURLToPath } from "node:url";

/**
 * The built stylesheets of a server-rendered page are written into its <head> as <style>, so the
 * first paint waits for the HTML alone, not for ten more requests (decision 0035). Each <link>
 * stays where it was, with media="print": React hydrates it as the same element (it matches a
 * stylesheet link by rel and href) and removes or adds links on client navigation as before,
 * while the browser fetches the file late and never waits for it.
 */
const assetsDir = fileURLToPath(new URL("../client/", import.meta.url));
const texts = new Map<string, string | null>();

function stylesheetText(href: string): string | null {
  const file = href.replace(/[#?].*$/, "");
  if (!/^\/assets\/[\w.-]+\.css$/.test(file)) return null;
  let text = texts.get(file);
  if (text === undefined) {
    try {
      text = readFileSync(assetsDir + file.slice(1), "utf8");
    } catch {
      text = null;
    }
    texts.set(file, text);
  }
  return text;
}

/** Rewrites the stylesheet links of one HTML head. Links to files it cannot read stay as they are. */
export function inlineStylesheets(head: string, read = stylesheetText): string {
  return head.replace(/<link\b[^>]*>/g, (tag) => {
    if (!/\brel="stylesheet"/.test(tag) || /\bmedia=/.test(tag)) return tag;
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    const text = href ? read(href) : null;
    if (text === null) return tag;
    // A closing tag inside the CSS (in a string) would end the <style> early.
    const safe = text.replaceAll("</style", "<\\/style");
    return `<style data-href="${href}">${safe}</style>${tag.replace(/\/?>$/, ' media="print"/>')}`;
  });
}

/**
 * The page's modules are for hydration, never for the first paint: the server's HTML is the page.
 * Preloaded at the default (high) priority they compete with the first banner, which is the
 * LCP, and a phone's first paint waits behind them (decision 0040). At low priority they come
 * after the pictures the page asks for with high priority, as a deferred module script would.
 */
export function lowPriorityModulePreloads(head: string): string {
  return head.replace(/<link\b[^>]*>/g, (tag) =>
    /\brel="modulepreload"/.test(tag) && !/\bfetchpriority=/.test(tag)
      ? tag.replace(/\s*\/?>$/, ' fetchpriority="low"/>')
      : tag,
  );
}

/**
 * zod probes for eval with `new Function("")` when a module builds its first object schema; the
 * CSP forbids eval, so every page would report a violation (Lighthouse best practices). Modules
 * run in an order the bundler decides, so the switch is set before any of them, in the head.
 * Only browsers get it: the server's API keeps zod's compiled parsers.
 */
const zodJitless = "globalThis.__zod_globalConfig={jitless:true}";

/**
 * A pass-through stream that rewrites the document's <head> as it goes by (stylesheets inline,
 * module preloads at low priority, the zod switch), then stops looking.
 */
export function documentHeadStream(nonce: string | undefined, onFinal: () => void): Transform {
  const script = `<script${nonce ? ` nonce="${nonce}"` : ""}>${zodJitless}</script>`;
  // Bytes, not strings, until </head>: a chunk may end inside a multi-byte character.
  let pending = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      pending = Buffer.concat([pending, chunk]);
      const end = pending.indexOf("</head>");
      if (end === -1) return callback();
      done = true;
      const head =
        lowPriorityModulePreloads(inlineStylesheets(pending.subarray(0, end).toString("utf8"))) +
        script;
      const rest = pending.subarray(end);
      pending = Buffer.alloc(0);
      callback(null, Buffer.concat([Buffer.from(head), rest]));
    },
    final(callback) {
      onFinal();
      callback();
    },
    flush(callback) {
      callback(null, pending.length ? pending : undefined);
    },
  });
}
