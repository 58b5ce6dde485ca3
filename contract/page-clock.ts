import type { SessionStatus, UserStatus } from "./status";

/**
 * What a page's shell state shows of the clock to the second: the status's `now` and
 * `timestamp` and the user's two countdowns (spec 001 §4). Everything else in the shell state
 * moves at most by the campaign hour or by the member's own changes.
 *
 * The root loader sends these apart from the rest, as one string that no other value on a page
 * can equal (page data dedupes equal values, so a bare number could be shared with another
 * field). A page render kept in memory (decision 0043) can then be served in a later second with
 * only that string and the countdown digits made anew.
 */
export interface PageClock {
  /** Unix seconds (status.timestamp). */
  timestamp: number;
  /** Tokyo "YYYY-MM-DD HH:MM:SS" (status.now). */
  now: string;
  /** user.signup_coupon_expire_seconds */
  signupCouponSeconds: number;
  /** user.special_sale_expire_seconds */
  specialSaleSeconds: number;
}

const MARK = "page-clock";
const PAGE_CLOCK = /page-clock\|(\d+)\|(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\|(\d+)\|(\d+)/g;

export function pageClockText(clock: PageClock): string {
  return `${MARK}|${clock.timestamp}|${clock.now}|${clock.signupCouponSeconds}|${clock.specialSaleSeconds}`;
}

/** Every clock text within `text` (a page's markup, say), in order. */
export function pageClocksIn(text: string): PageClock[] {
  return [...text.matchAll(PAGE_CLOCK)].map(([, timestamp, now, signup, sale]) => ({
    timestamp: Number(timestamp),
    now: now!,
    signupCouponSeconds: Number(signup),
    specialSaleSeconds: Number(sale),
  }));
}

export function readPageClock(text: string): PageClock | null {
  const [clock, ...more] = pageClocksIn(text);
  return clock && more.length === 0 && pageClockText(clock) === text ? clock : null;
}

/** The shell state as the root loader sends it: the clock fields blank, and the clock apart. */
export interface ShellAnswer {
  status: SessionStatus;
  user: UserStatus;
  clock: string;
}

export function shellAnswer(status: SessionStatus, user: UserStatus): ShellAnswer {
  return {
    status: { ...status, now: "", timestamp: 0 },
    user: { ...user, signup_coupon_expire_seconds: 0, special_sale_expire_seconds: 0 },
    clock: pageClockText({
      timestamp: status.timestamp,
      now: status.now,
      signupCouponSeconds: user.signup_coupon_expire_seconds,
      specialSaleSeconds: user.special_sale_expire_seconds,
    }),
  };
}

/** The status and user status again, whole, from the root loader's answer. */
export function shellState(answer: ShellAnswer): { status: SessionStatus; user: UserStatus } {
  const clock = readPageClock(answer.clock);
  if (!clock) return { status: answer.status, user: answer.user };
  return {
    status: { ...answer.status, now: clock.now, timestamp: clock.timestamp },
    user: {
      ...answer.user,
      signup_coupon_expire_seconds: clock.signupCouponSeconds,
      special_sale_expire_seconds: clock.specialSaleSeconds,
    },
  };
}

/** "HH:MM:SS", each part at least two digits; hours are not folded into days. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

const two = (n: number) => String(n).padStart(2, "0");

/** The sign-up coupon bar shows while more than this many seconds remain. */
export const SIGNUP_COUPON_BAR_MIN_SECONDS = 600;
/** The 50% OFF bar shows once the coupon has run out, while more than this remain of the sale. */
export const SPECIAL_SALE_BAR_MIN_SECONDS = 600;
/**
 * A countdown above this changes nothing on a page but its own digits: no bar appears or goes,
 * and no coupon runs out (at 0 the member's coupons and sale change, decision 0038).
 */
export const COUNTDOWN_DIGITS_ONLY_ABOVE = Math.max(
  SIGNUP_COUPON_BAR_MIN_SECONDS,
  SPECIAL_SALE_BAR_MIN_SECONDS,
);
