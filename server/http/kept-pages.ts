import { isbot } from "isbot";
import { NOT_KEPT_HEADER } from "../../contract/kept-page";
import { HOME_PREVIEW_PARAM } from "../../contract/ops-home";
import {
  COUNTDOWN_DIGITS_ONLY_ABOVE,
  formatCountdown,
  type PageClock,
  pageClocksIn,
  pageClockText,
} from "../../contract/page-clock";
import { tokyoDateTime } from "../../contract/tokyo-time";
import { cache } from "../lib/cache";
import { catalogGeneration } from "../lib/catalog-generation";
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
 *
 * A render is also served in the seconds after its own with its clock made anew (decision
 * 0043): the shell state's clock string (contract/page-clock.ts) and the countdown digits are
 * slots too, filled for the second the page is served in, while nothing else on it would differ:
 * within the campaign hour, with every running countdown above the point where a bar or coupon
 * changes, and for at most REFRESH_SECONDS before the next render is made behind it.
 */
export const KEPT_PAGES: ReadonlySet<string> = new Set([
  "/home",
  // A member's own pages (decision 0080): theirs alone, under their version, like /home.
  "/cart",
  "/bookshelf",
  "/order_history",
]);

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
/**
 * How long a render is served with its clock made anew before the next one is begun behind it:
 * what is shared (the home answer, kept 30 s) and what a job changes reach pages this late.
 */
export const REFRESH_SECONDS = 10;
/** A render made behind served pages that takes longer is given up, so the next may start. */
const BEHIND_LIMIT_MS = 15_000;

interface Render {
  status: number;
  headers: Array<[string, string]>;
  /** The bytes between the slots, kept encoded: parts[0] slot parts[1] slot … */
  parts: Buffer[];
  /** Which of the request's own values, or the clock's, fills each slot. */
  slots: Slot[];
  /** The clock the render showed, when it showed one and only one. */
  clock: PageClock | null;
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
  /** The notices this browser opened lately (nr cookie): the page marks them no longer NEW. */
  newsRead: readonly number[];
}

type Slot = "nonce" | "session" | "csrf" | "clock" | "signup-digits" | "sale-digits";

export interface KeptPages {
  /** The key a request's render is kept under, or null when it may not be kept. */
  keyOf(req: PageRequest): string | null;
  /**
   * The page for this request: this second's render under key, or an earlier one given this
   * second's clock (the next begun behind it past REFRESH_SECONDS); else a render at most
   * STALE_SECONDS old as it was, with the next one begun behind it; else `render()`, streamed to
   * this request as it comes and kept for the others once complete.
   */
  page(key: string, req: PageRequest, render: () => Promise<Response>): Promise<Response>;
}

/**
 * Only a complete HTML page without cookies of its own, and that does not say it may not be kept,
 * may be served to another request.
 */
const shareable = (response: Response) =>
  response.status === 200 &&
  !response.headers.has(NOT_KEPT_HEADER) &&
  response.body !== null &&
  (response.headers.get("content-type") ?? "").startsWith("text/html") &&
  response.headers.getSetCookie().length === 0;

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The clock at another second, or null when more than the clock would differ by then. */
function clockAt(shown: PageClock, second: number): PageClock | null {
  const elapsed = second - shown.timestamp;
  if (elapsed < 0 || elapsed > REFRESH_SECONDS + STALE_SECONDS) return null;
  if (Math.floor(second / 3600) !== Math.floor(shown.timestamp / 3600)) return null;
  const left = (s: number) => (s > 0 ? s - elapsed : 0);
  const signupCouponSeconds = left(shown.signupCouponSeconds);
  const specialSaleSeconds = left(shown.specialSaleSeconds);
  // A running countdown that comes down to a bar's threshold or to 0 changes more than digits.
  const changesMore = (was: number, left: number) => was > 0 && left <= COUNTDOWN_DIGITS_ONLY_ABOVE;
  if (
    changesMore(shown.signupCouponSeconds, signupCouponSeconds) ||
    changesMore(shown.specialSaleSeconds, specialSaleSeconds)
  )
    return null;
  return {
    timestamp: second,
    now: tokyoDateTime(new Date(second * 1000)),
    signupCouponSeconds,
    specialSaleSeconds,
  };
}

/** Countdown digits are a slot only as an element's whole text, where the bars show them. */
const digits = (seconds: number) => (seconds > 0 ? `>${formatCountdown(seconds)}<` : "");

interface Options {
  now?: () => number;
  maxKeys?: number;
  /** How long a render behind served pages may take before the next one starts anyway. */
  behindLimitMs?: number;
}

export function keptPageRenders({
  now = Date.now,
  maxKeys = MAX_KEYS,
  behindLimitMs = BEHIND_LIMIT_MS,
}: Options = {}): KeptPages {
  /**
   * Renders under way, by key, with the catalog generation they began in; visitors who have
   * nothing fresh enough wait for one begun since the catalog last changed.
   */
  const rendering = new Map<string, { under: Promise<Render | null>; generation: number }>();
  /** The latest complete render of each key and the second it was made in. */
  const latest = cache<{ second: number; render: Render }>({
    maxEntries: maxKeys,
    catalog: true,
  });
  /** Each member's version as last asked for: renders queued under an older one are not made. */
  const versions = cache<string>({ maxEntries: maxKeys });

  const valuesOf = (req: PageRequest, clock: PageClock | null): Record<Slot, string> => ({
    nonce: req.cspNonce,
    session: publicSession(req),
    csrf: req.csrfToken,
    clock: clock ? pageClockText(clock) : "",
    "signup-digits": clock ? digits(clock.signupCouponSeconds) : "",
    "sale-digits": clock ? digits(clock.specialSaleSeconds) : "",
  });

  /** The one clock a page shows; a page showing none or several is never given another. */
  const shownClock = (text: string): PageClock | null => {
    const clocks = pageClocksIn(text);
    return clocks.length === 1 ? clocks[0]! : null;
  };

  const template = (text: string, response: Response, req: PageRequest): Render => {
    const clock = shownClock(text);
    const values = valuesOf(req, clock);
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
    return { status: response.status, headers, parts, slots, clock };
  };

  /** The render for this request, showing `clock` (by default the one it was made with). */
  const fill = (render: Render, req: PageRequest, clock: PageClock | null = render.clock) => {
    const values = valuesOf(req, clock);
    const filled: Buffer[] = [render.parts[0]!];
    for (let i = 0; i < render.slots.length; i++)
      filled.push(Buffer.from(values[render.slots[i]!]), render.parts[i + 1]!);
    const body = Buffer.concat(filled);
    const headers = new Headers(render.headers);
    headers.set("Content-Length", String(body.byteLength));
    return new Response(bodyBytes(body), { status: render.status, headers });
  };

  /**
   * Marks a render of key as under way; the function it answers ends it, once (null: nothing
   * kept). A render given up and ending later changes nothing.
   */
  const begin = (key: string) => {
    let resolve: (render: Render | null) => void = () => {};
    const under = new Promise<Render | null>((r) => {
      resolve = r;
    });
    const generation = catalogGeneration();
    rendering.set(key, { under, generation });
    let ended = false;
    return (made: { second: number; render: Render } | null) => {
      if (ended) return;
      ended = true;
      if (rendering.get(key)?.under === under) rendering.delete(key);
      // A render begun before a catalog change may show what changed: it serves only its own
      // request (decision 0087).
      if (made && generation === catalogGeneration()) latest.set(key, made);
      resolve(made?.render ?? null);
    };
  };

  /** Whether a member's render is still of the version they last asked with. */
  const current = (req: PageRequest) =>
    !req.member || versions.peek(String(req.member.userId))?.value === req.member.version;

  /**
   * Renders made behind served pages run one after another, not side by side: twenty of them
   * interleaved on the one event loop would all finish late, and the pages they replace would
   * age together, making every request wait; one at a time, each key's next render is ready
   * within a round of all the keys. One that hangs is given up after behindLimitMs, so it cannot
   * hold back every other key's.
   */
  let behind: Promise<void> = Promise.resolve();
  const renderBehind = (key: string, req: PageRequest, render: () => Promise<Response>) => {
    const keep = begin(key);
    const make = async () => {
      // A member who has changed something since asks under another key: this one is dead.
      if (!current(req)) return keep(null);
      const second = Math.floor(now() / 1000);
      const response = await render();
      if (!shareable(response)) {
        await response.body?.cancel();
        return keep(null);
      }
      keep({ second, render: template(await response.text(), response, req) });
    };
    behind = behind.then(() => {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, behindLimitMs);
      });
      return Promise.race([make().catch(() => keep(null)), limit]).finally(() => {
        clearTimeout(timer);
        // Given up if not ended: requests stop waiting on it, and its end, if ever, is ignored.
        keep(null);
      });
    });
  };

  return {
    keyOf(req) {
      if (!KEPT_PAGES.has(req.url.pathname)) return null;
      // A preview of an unpublished home is the staff member's alone (decision 0100).
      if (req.url.searchParams.has(HOME_PREVIEW_PARAM)) return null;
      // Crawlers get the whole page at once (app/entry.server.tsx); they are few.
      if (!req.cspNonce || (req.userAgent && isbot(req.userAgent))) return null;
      const { os, device } = detectDevice(req.userAgent);
      const search = new URLSearchParams(req.url.search);
      search.sort();
      const page = `${req.url.pathname}?${search}|${os}|${device}|nr=${[...req.newsRead].sort((a, b) => a - b).join(".")}`;
      // A member's render is theirs alone, and only until their version moves.
      if (req.member) return `member ${req.member.userId} ${req.member.version}|${page}`;
      return `${page}|${visitorCtrlGroup(req.visitorId)}`;
    },
    async page(key, req, render) {
      if (req.member) {
        versions.set(String(req.member.userId), req.member.version);
      }
      const at = Math.floor(now() / 1000);
      // Looking a render up marks it the most recently used.
      const done = latest.peek(key)?.value;
      const under = rendering.get(key);
      const running = under?.generation === catalogGeneration() ? under.under : undefined;
      if (done) {
        const age = at - done.second;
        const clock =
          age === 0 ? done.render.clock : done.render.clock && clockAt(done.render.clock, at);
        // Served with this second's clock; past REFRESH_SECONDS the next render is made behind.
        if (age === 0 || clock) {
          if (age >= REFRESH_SECONDS && !running) renderBehind(key, req, render);
          return fill(done.render, req, clock);
        }
        // A recent render whose clock cannot be moved serves as it was, and the next one is made
        // behind it: nobody waits for a render while a recent one exists.
        if (age <= STALE_SECONDS) {
          if (!running) renderBehind(key, req, render);
          return fill(done.render, req);
        }
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
        keep(null);
        throw error;
      }
      if (!shareable(response)) {
        keep(null);
        return response;
      }
      const [mine, theirs] = response.body!.tee();
      const forOthers = new Response(theirs, response);
      forOthers.text().then(
        (text) => keep({ second: at, render: template(text, forOthers, req) }),
        () => keep(null),
      );
      return new Response(mine, response);
    },
  };
}
