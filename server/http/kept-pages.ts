import { isbot } from "isbot";
import { bodyBytes } from "../lib/compression";
import { detectDevice } from "../lib/device";
import { publicSession, visitorCtrlGroup } from "../pages/status";

/**
 * Pages whose render is kept for a second and served again (decisions 0033 and 0042). A
 * visitor's markup depends only on the address, the device class, the visitor's control group
 * and the clock to the second (the status fields; at most STALE_SECONDS old while the next render
 * runs), so visitors share one render. A member's markup depends on that and on their own state,
 * which moves only with their member version (decision 0038): a member's render is kept for that
 * member alone, under the version it was made in, and never outlives a change they make. The CSP
 * nonce, the public session id and the CSRF token are the only per-request strings that may
 * appear in them, and each request gets its own put back.
 */
export const KEPT_PAGES: ReadonlySet<string> = new Set(["/home"]);

/**
 * Renders kept (addresses × device classes × control groups, and members): past it the one used
 * least recently goes. A /home render is about 150 KB, so this bounds them near 45 MB.
 */
const MAX_KEYS = 300;
/**
 * How old a render may be when it is served while the next one is made behind it. Under load (on
 * PGlite every query runs on the event loop) one streamed render can take seconds; waiting for
 * it would make every request of that second wait too.
 */
export const STALE_SECONDS = 5;

interface Render {
  status: number;
  headers: Array<[string, string]>;
  /** The bytes between the slots, kept encoded: parts[0] slot parts[1] slot … */
  parts: Buffer[];
  /** Which of the request's own values fills each slot. */
  slots: Slot[];
}

export interface PageRequest {
  url: URL;
  /** The member asking and their version now (decision 0038), or null for a visitor. */
  member: { userId: number; version: string } | null;
  userAgent: string | undefined;
  visitorId: string;
  sessionToken: string | null;
  cspNonce: string;
  csrfToken: string;
}

type Slot = "nonce" | "session" | "csrf";

export interface KeptPages {
  /** The key a request's render is kept under, or null when it may not be kept. */
  keyOf(req: PageRequest): string | null;
  /**
   * The page for this request: this second's render under key; else a render at most
   * STALE_SECONDS old, with the next one begun in the background; else `render()`, streamed to
   * this request as it comes and kept for the others once complete.
   */
  page(key: string, req: PageRequest, render: () => Promise<Response>): Promise<Response>;
}

/** Only a complete HTML page without cookies of its own may be served to another request. */
const shareable = (response: Response) =>
  response.status === 200 &&
  response.body !== null &&
  (response.headers.get("content-type") ?? "").startsWith("text/html") &&
  response.headers.getSetCookie().length === 0;

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function keptPageRenders(now: () => number = Date.now, maxKeys = MAX_KEYS): KeptPages {
  /** Renders under way, by key; visitors who have nothing fresh enough wait for them. */
  const rendering = new Map<string, Promise<Render | null>>();
  /** The latest complete render of each key and the second it was made in. */
  const latest = new Map<string, { second: number; render: Render }>();

  /** Marks a render as the most recently used, dropping the least recently used past maxKeys. */
  const used = (key: string, kept: { second: number; render: Render }) => {
    latest.delete(key);
    latest.set(key, kept);
    if (latest.size > maxKeys) latest.delete(latest.keys().next().value!);
  };

  const valuesOf = (req: PageRequest): Record<Slot, string> => ({
    nonce: req.cspNonce,
    session: publicSession(req),
    csrf: req.csrfToken,
  });

  const template = (text: string, response: Response, req: PageRequest): Render => {
    const values = valuesOf(req);
    const named = new Map(
      (Object.entries(values) as Array<[Slot, string]>)
        .filter(([, v]) => v)
        .map(([k, v]) => [v, k]),
    );
    const pattern = new RegExp([...named.keys()].map(literal).join("|"), "g");
    const parts: Buffer[] = [];
    const slots: Slot[] = [];
    let from = 0;
    for (const m of text.matchAll(pattern)) {
      parts.push(Buffer.from(text.slice(from, m.index)));
      slots.push(named.get(m[0])!);
      from = m.index + m[0].length;
    }
    parts.push(Buffer.from(text.slice(from)));
    const headers = [...response.headers].filter(([name]) => name !== "content-length");
    return { status: response.status, headers, parts, slots };
  };

  const fill = (render: Render, req: PageRequest) => {
    const values = valuesOf(req);
    const filled: Buffer[] = [render.parts[0]!];
    for (let i = 0; i < render.slots.length; i++)
      filled.push(Buffer.from(values[render.slots[i]!]), render.parts[i + 1]!);
    const body = Buffer.concat(filled);
    const headers = new Headers(render.headers);
    headers.set("Content-Length", String(body.byteLength));
    return new Response(bodyBytes(body), { status: render.status, headers });
  };

  /** Marks a render of key as under way; the function it answers ends it (null: nothing kept). */
  const begin = (key: string) => {
    let keep: (render: Render | null, second: number) => void = () => {};
    rendering.set(
      key,
      new Promise<Render | null>((resolve) => {
        keep = (made, second) => {
          rendering.delete(key);
          if (made) used(key, { second, render: made });
          resolve(made);
        };
      }),
    );
    return keep;
  };

  /**
   * Renders made behind served pages run one after another, not side by side: twenty of them
   * interleaved on the one event loop would all finish late, and the pages they replace would
   * age past STALE_SECONDS together, making every request wait; one at a time, each key's next
   * render is ready within a round of all the keys.
   */
  let behind: Promise<void> = Promise.resolve();
  const renderBehind = (key: string, req: PageRequest, render: () => Promise<Response>) => {
    const keep = begin(key);
    behind = behind.then(async () => {
      const second = Math.floor(now() / 1000);
      try {
        const response = await render();
        if (!shareable(response)) {
          await response.body?.cancel();
          keep(null, second);
        } else keep(template(await response.text(), response, req), second);
      } catch {
        keep(null, second);
      }
    });
  };

  return {
    keyOf(req) {
      if (!KEPT_PAGES.has(req.url.pathname)) return null;
      // Crawlers get the whole page at once (app/entry.server.tsx); they are few.
      if (!req.cspNonce || (req.userAgent && isbot(req.userAgent))) return null;
      const { os, device } = detectDevice(req.userAgent);
      const search = new URLSearchParams(req.url.search);
      search.sort();
      const page = `${req.url.pathname}?${search}|${os}|${device}`;
      // A member's render is theirs alone, and only until their version moves.
      if (req.member) return `member ${req.member.userId} ${req.member.version}|${page}`;
      return `${page}|${visitorCtrlGroup(req.visitorId)}`;
    },
    async page(key, req, render) {
      const at = Math.floor(now() / 1000);
      const done = latest.get(key);
      if (done && done.second === at) {
        used(key, done);
        return fill(done.render, req);
      }
      const running = rendering.get(key);
      if (done && at - done.second <= STALE_SECONDS) {
        // The render before serves at once and the next one is made behind it, one at a time:
        // nobody waits for a render while a recent one exists.
        if (!running) renderBehind(key, req, render);
        used(key, done);
        return fill(done.render, req);
      }
      if (running) {
        const ready = await running;
        return ready ? fill(ready, req) : render();
      }
      // Requests arriving while this render runs wait for it.
      const keep = begin(key);
      let response: Response;
      try {
        response = await render();
      } catch (error) {
        keep(null, at);
        throw error;
      }
      if (!shareable(response)) {
        keep(null, at);
        return response;
      }
      const [mine, theirs] = response.body!.tee();
      const forOthers = new Response(theirs, response);
      forOthers.text().then(
        (text) => keep(template(text, forOthers, req), at),
        () => keep(null, at),
      );
      return new Response(mine, response);
    },
  };
}
