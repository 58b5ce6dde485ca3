import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";

/**
 * The store's floating promotions (spec 001 §2.7: the app banner, the coupon balloon and the
 * corner banner, popup type 34) share the screen by two rules (decision 0064):
 *
 * - On a phone at most one shows at a time, in this order: the app banner (drawn with the page,
 *   so it never pushes the page down later), then the balloon (the member's own coupons), then
 *   the corner banner (an advertisement). A later one waits until the earlier ones are closed.
 * - None covers a primary action: while a read or buy button, a tab, a side-column link or a
 *   floating tool button lies under one, it steps aside (hidden, keeping its place) and comes
 *   back when the spot is clear.
 */
export const FLOATING_PROMOS = ["app-banner", "coupon-balloon", "corner-banner"] as const;
export type FloatingPromo = (typeof FLOATING_PROMOS)[number];

/** Below this width the store is laid out for phones (the tab bar shows). */
export const PHONE_MAX_WIDTH = 959.98;

/** What a floating promotion must never lie over. */
export const PRIMARY_ACTIONS = [
  "main .card-button",
  "main .button",
  "main .tp-button",
  ".footer-tabs",
  ".sidebar__list a",
  ".floating-button",
].join(", ");

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Whether two boxes share any area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Which of the wanting promotions may show: all of them on a wide screen, only the first in
 * FLOATING_PROMOS order on a phone.
 */
export function grantedPromos(
  wanting: ReadonlySet<FloatingPromo>,
  phone: boolean,
): Set<FloatingPromo> {
  if (!phone) return new Set(wanting);
  const first = FLOATING_PROMOS.find((p) => wanting.has(p));
  return new Set(first ? [first] : []);
}

interface Slots {
  wanting: ReadonlySet<FloatingPromo>;
  phone: boolean;
  want(promo: FloatingPromo, wants: boolean): void;
}

const SlotsContext = createContext<Slots | null>(null);

/** Holds which promotions want to show; mounted once by the store frame. */
export function FloatingSlots({ children }: { children: ReactNode }) {
  const [wanting, setWanting] = useState<ReadonlySet<FloatingPromo>>(new Set());
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${PHONE_MAX_WIDTH}px)`);
    const update = () => setPhone(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  // One function for the frame's life: a promotion's effect that calls it must not run again
  // each time the set changes (it would take its wish back and make it anew, for ever).
  const want = useCallback(
    (promo: FloatingPromo, wants: boolean) =>
      setWanting((now) => {
        if (now.has(promo) === wants) return now;
        const next = new Set(now);
        if (wants) next.add(promo);
        else next.delete(promo);
        return next;
      }),
    [],
  );
  const slots = useMemo<Slots>(() => ({ wanting, phone, want }), [wanting, phone, want]);
  return <SlotsContext value={slots}>{children}</SlotsContext>;
}

/**
 * Whether `promo`, wanting to show, may show now. The app banner comes first, so it shows from
 * the server's first paint; outside the store frame (no slots) everything may show.
 */
export function usePromoSlot(promo: FloatingPromo, wants: boolean): boolean {
  const slots = useContext(SlotsContext);
  const want = slots?.want;
  useEffect(() => {
    if (!want) return;
    want(promo, wants);
    return () => want(promo, false);
  }, [want, promo, wants]);
  if (!wants) return false;
  if (!slots || promo === FLOATING_PROMOS[0]) return true;
  return grantedPromos(new Set([...slots.wanting, promo]), slots.phone).has(promo);
}

/**
 * Whether `action` is drawn under `box`: their boxes overlap and, in the middle of the overlap,
 * the action is really there. A card scrolled out of a sideways strip keeps a box beyond the
 * strip's edge but is clipped away; hit-testing the spot tells the two apart.
 */
function drawnUnder(box: DOMRect, action: HTMLElement): boolean {
  const a = action.getBoundingClientRect();
  if (!overlaps(box, a)) return false;
  const x = (Math.max(box.left, a.left) + Math.min(box.right, a.right)) / 2;
  const y = (Math.max(box.top, a.top) + Math.min(box.bottom, a.bottom)) / 2;
  return document.elementsFromPoint(x, y).some((hit) => action === hit || action.contains(hit));
}

/** How often a shown promotion looks again when nothing scrolled (sections load, lists grow). */
const RECHECK_MS = 500;

/**
 * True while a primary action lies under the element: it should step aside. Checked when the
 * page scrolls or resizes, and every RECHECK_MS for what moves on its own.
 */
export function useStepAside(element: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    if (!active) {
      setAside(false);
      return;
    }
    let frame = 0;
    const check = () => {
      frame = 0;
      const self = element.current;
      if (!self) return;
      const box = self.getBoundingClientRect();
      const covered = Array.from(document.querySelectorAll<HTMLElement>(PRIMARY_ACTIONS)).some(
        (action) => !self.contains(action) && drawnUnder(box, action),
      );
      setAside(covered);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    const timer = setInterval(schedule, RECHECK_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(timer);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [element, active]);
  return aside;
}
