import type { Db } from "../../db/client";
import type { SessionMember } from "../../lib/context";
import type { Logger } from "../../logger";
import type { Attempt, LimitRule, RateLimiter } from "../../rate-limit";
import { signInLinkMail } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { issueLink, type MailLink } from "./mailed-links";
import { authenticate, isLocked, normaliseEmail } from "./service";

/**
 * The login throttle (decision 0050). Every attempt is counted before its password is checked.
 * One account from one address: 5 tries in 15 minutes, then 429 until the window ends.
 */
export const LOGIN_AT_ADDRESS: LimitRule = { name: "login", points: 5, windowSeconds: 15 * 60 };

/**
 * One address, every account: past STEP_UP_FROM_ADDRESS (password spraying) its logins need the
 * mailed link, so the neighbours behind one carrier NAT still get in; past the hard cap it is 429.
 */
const LOGIN_FROM_ADDRESS: LimitRule = {
  name: "login-address",
  points: 300,
  windowSeconds: 15 * 60,
};
export const STEP_UP_FROM_ADDRESS = 30;

/**
 * One account, every address: 10 failed tries in an hour and, for a day, a right password alone
 * no longer signs in: the member is mailed a single-use sign-in link instead. Many addresses
 * thus cannot each spend five guesses on one account, and nobody can lock its owner out.
 */
export const LOGIN_TO_ACCOUNT: LimitRule = {
  name: "login-account",
  points: 10,
  windowSeconds: 60 * 60,
  blockSeconds: 24 * 60 * 60,
};

/** Sign-in link mails to one account: the owner's mailbox is not to be flooded. */
const SIGN_IN_LINK_MAILS: LimitRule = {
  name: "sign-in-link-mail",
  points: 3,
  windowSeconds: 60 * 60,
};

export type SignInResult =
  | { kind: "member"; member: SessionMember }
  | { kind: "wrong" }
  /** The right password of an account support locked: told so, since the password was right. */
  | { kind: "locked" }
  | { kind: "throttled"; retryAfterSeconds: number }
  /** The same answer for a right and a wrong password: a right one got a sign-in link mailed. */
  | { kind: "mail_step" };

export interface SignInDeps {
  db: Db;
  limiter: RateLimiter;
  link: MailLink;
  logger: Logger;
}

const throttled = (attempt: Attempt): SignInResult => ({
  kind: "throttled",
  retryAfterSeconds: attempt.retryAfterSeconds,
});

export async function signIn(
  deps: SignInDeps,
  input: { email: string; password: string; address: string },
): Promise<SignInResult> {
  const { db, limiter } = deps;
  const email = normaliseEmail(input.email);
  const here = `${email}|${input.address}`;
  const atAddress = await limiter.attempt(LOGIN_AT_ADDRESS, here);
  if (!atAddress.allowed) return throttled(atAddress);
  const fromAddress = await limiter.attempt(LOGIN_FROM_ADDRESS, input.address);
  if (!fromAddress.allowed) return throttled(fromAddress);
  const toAccount = await limiter.attempt(LOGIN_TO_ACCOUNT, email);

  const member = await authenticate(db, email, input.password);
  if (!toAccount.allowed || fromAddress.count > STEP_UP_FROM_ADDRESS) {
    // Nothing here may differ between a right and a wrong password, not even the time taken or
    // a refunded count: the link is mailed after the answer.
    if (member) {
      void mailSignInLink(deps, member).catch((error) =>
        deps.logger.error("sign-in link not queued", { error }),
      );
    }
    return { kind: "mail_step" };
  }
  if (!member) return { kind: "wrong" };
  if (await isLocked(db, member.userId)) return { kind: "locked" };
  // A success is no failure: its attempt is given back and this address starts afresh.
  await Promise.all([
    limiter.reset(LOGIN_AT_ADDRESS, here),
    limiter.refund(LOGIN_FROM_ADDRESS, input.address),
    limiter.refund(LOGIN_TO_ACCOUNT, email),
  ]);
  return { kind: "member", member };
}

async function mailSignInLink(deps: SignInDeps, member: SessionMember): Promise<void> {
  if (!member.email || (await isLocked(deps.db, member.userId))) return;
  const email = member.email;
  if (!(await deps.limiter.attempt(SIGN_IN_LINK_MAILS, email)).allowed) return;
  await deps.db.transaction(async (tx) => {
    const url = await issueLink(tx, deps.link, {
      userId: member.userId,
      purpose: "sign_in",
      email,
    });
    await enqueueMail(tx, signInLinkMail(email, url));
  });
}
