import {
  SIGNUP_COUPON_BAR_MIN_SECONDS,
  SPECIAL_SALE_BAR_MIN_SECONDS,
} from "../../contract/page-clock";

/** Spec 001 §4, §9: the sign-up coupon and special-sale countdowns. */
export const COUNTDOWN_TICK_MS = 1000;
/** A popup's coupon countdown shows only below three days. */
export const POPUP_COUNTDOWN_MAX_SECONDS = 259_200;

export interface CountdownBarState {
  signupCoupon: boolean;
  specialSale: boolean;
}

/** Which bars the home layout shows for the remaining seconds of each countdown. */
export function countdownBars(signupSeconds: number, saleSeconds: number): CountdownBarState {
  return {
    signupCoupon: signupSeconds > SIGNUP_COUPON_BAR_MIN_SECONDS,
    specialSale: signupSeconds <= 0 && saleSeconds > SPECIAL_SALE_BAR_MIN_SECONDS,
  };
}

export function popupCountdownVisible(seconds: number): boolean {
  return seconds > 0 && seconds < POPUP_COUNTDOWN_MAX_SECONDS;
}

/**
 * Counts `initialSeconds` down once a second, telling `onTick` the seconds left, and stops at 0.
 * The time left is read from the clock rather than decremented, so a throttled background tab
 * still shows the right time when it wakes up. Returns a function that stops it early.
 */
export function startCountdown(
  initialSeconds: number,
  onTick: (remaining: number) => void,
): () => void {
  if (initialSeconds <= 0) return () => {};
  const startedAt = Date.now();
  const timer = setInterval(() => {
    const elapsed = Math.floor((Date.now() - startedAt) / 1000);
    const remaining = Math.max(0, initialSeconds - elapsed);
    onTick(remaining);
    if (remaining === 0) clearInterval(timer);
  }, COUNTDOWN_TICK_MS);
  return () => clearInterval(timer);
}
