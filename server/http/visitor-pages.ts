import { isbot } from "isbot";
import { bodyBytes } from "../lib/compression";
import { detectDevice } from "../lib/device";
import { publicSession, visitorCtrlGroup } from "../pages/status";

/**
 * Pages whose render a visitor shares with other visitors (decision 0033). Their markup depends
 * only on the address, the device class, the visitor's control group and the clock to the
 * second (the status fields); the CSP nonce, the public session id and the CSRF token are the only
 * per-request strings that may appear in them, and each request gets its own put back. Members are never served from here.
 */
export const SHARED_VISITOR_PAGES: ReadonlySet<string> = new Set(["/home"]);

/** One second's renders at most; beyond this many addresses in a second pages render afresh. */
const MAX_KEYS_PER_SECOND = 200;

interface Render {
  status: number;
  headers: Array<[string, string]>;
  /** The bytes between the slots, kept encoded: parts[0] slot parts[1] slot … */
  parts: Buffer[];
  /** Which of the request's own values fills each slot. */
  slots: Slot[];
}

export interface VisitorRequest {
  url: URL;
  userAgent: string | undefined;
  visitorId: string;
  sessionToken: string | null;
  cspNonce: string;
  csrfToken: string;
}

type Slot = "nonce" | "session" | "csrf";

export interface VisitorPageCache {
  /** The key a visitor's request shares a render under, or null when it may not share one. */
  keyOf(req: VisitorRequest): string | null;
  /**
   * The page for this request: a render kept this second under key, else `render()` (streamed
   * to this visitor as it comes, and kept for the others once complete).
   */
  page(key: string, req: VisitorRequest, render: () => Promise<Response>): Promise<Response>;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function visitorPageCache(now: () => number = Date.now): VisitorPageCache {
  let second = -1;
  let renders = new Map<string, Promise<Render | null>>();

  const valuesOf = (req: VisitorRequest): Record<Slot, string> => ({
    nonce: req.cspNonce,
    session: publicSession(req),
    csrf: req.csrfToken,
  });

  const template = (text: string, response: Response, req: VisitorRequest): Render => {
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

  const fill = (render: Render, req: VisitorRequest) => {
    const values = valuesOf(req);
    const filled: Buffer[] = [render.parts[0]!];
    for (let i = 0; i < render.slots.length; i++)
      filled.push(Buffer.from(values[render.slots[i]!]), render.parts[i + 1]!);
    const body = Buffer.concat(filled);
    const headers = new Headers(render.headers);
    headers.set("Content-Length", String(body.byteLength));
    return new Response(bodyBytes(body), { status: render.status, headers });
  };

  return {
    keyOf(req) {
      if (!SHARED_VISITOR_PAGES.has(req.url.pathname)) return null;
      // Crawlers get the whole page at once (app/entry.server.tsx); they are few.
      if (!req.cspNonce || (req.userAgent && isbot(req.userAgent))) return null;
      const { os, device } = detectDevice(req.userAgent);
      const search = new URLSearchParams(req.url.search);
      search.sort();
      return `${req.url.pathname}?${search}|${os}|${device}|${visitorCtrlGroup(req.visitorId)}`;
    },
    async page(key, req, render) {
      const at = Math.floor(now() / 1000);
      // The status the page carries names the current second: a render is kept within it only.
      if (at !== second) {
        second = at;
        renders = new Map();
      }
      const kept = renders.get(key);
      if (kept) {
        const ready = await kept;
        return ready ? fill(ready, req) : render();
      }
      if (renders.size >= MAX_KEYS_PER_SECOND) return render();
      // Visitors arriving while this render runs wait for it rather than render too.
      let keep: (render: Render | null) => void = () => {};
      renders.set(
        key,
        new Promise((resolve) => {
          keep = resolve;
        }),
      );
      let response: Response;
      try {
        response = await render();
      } catch (error) {
        keep(null);
        throw error;
      }
      const shareable =
        response.status === 200 &&
        response.body !== null &&
        (response.headers.get("content-type") ?? "").startsWith("text/html") &&
        response.headers.getSetCookie().length === 0;
      if (!shareable) {
        keep(null);
        return response;
      }
      const [mine, theirs] = response.body!.tee();
      const forOthers = new Response(theirs, response);
      forOthers.text().then(
        (text) => keep(template(text, forOthers, req)),
        () => keep(null),
      );
      return new Response(mine, response);
    },
  };
}
