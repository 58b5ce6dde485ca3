import type { LimitRule } from "../../rate-limit";

/**
 * The account's throttles (decision 0050), each counted before the work it guards. The login's
 * own rules are in sign-in.ts.
 */

/** Calls that check a member's password (password and address change, leaving), per member. */
export const PASSWORD_CHECKS: LimitRule = {
  name: "password-check",
  points: 5,
  windowSeconds: 15 * 60,
};

/** Sign-ups from one address: generous enough for a carrier NAT, not for a script. */
export const SIGNUPS_FROM_ADDRESS: LimitRule = { name: "signup", points: 20, windowSeconds: 3600 };

/** Reset mails asked for from one address, and to one address (like the login). */
export const RESETS_FROM_ADDRESS: LimitRule = {
  name: "reset-address",
  points: 5,
  windowSeconds: 15 * 60,
};
export const RESETS_TO_ACCOUNT: LimitRule = {
  name: "reset-account",
  points: 3,
  windowSeconds: 3600,
};

/** Mailed links tried from one address (their tokens cannot be guessed; this spares the CPU). */
export const LINK_TRIES_FROM_ADDRESS: LimitRule = {
  name: "mailed-link",
  points: 20,
  windowSeconds: 15 * 60,
};

/** Address confirmations asked for again, per member. */
export const VERIFY_MAILS: LimitRule = { name: "verify-mail", points: 3, windowSeconds: 3600 };
