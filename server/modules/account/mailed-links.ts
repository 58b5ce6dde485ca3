import { createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { type MailedLinkPurpose, mailedLinks } from "./schema";

/**
 * How long each mailed link works (decision 0051): signing in and resetting a password are
 * short, so a mailbox read later by someone else finds them dead; confirming an address may wait
 * for the member to open their mail.
 */
const LINK_LIFETIME_MS: Record<MailedLinkPurpose, number> = {
  sign_in: 30 * 60_000,
  password_reset: 30 * 60_000,
  email_change: 24 * 3_600_000,
  email_verify: 72 * 3_600_000,
};

/** The page each link opens; the page asks before it uses the link (mail scanners fetch links). */
const LINK_PATH: Record<MailedLinkPurpose, string> = {
  sign_in: "/login/link",
  password_reset: "/password_reset",
  email_change: "/email_confirm",
  email_verify: "/email_confirm",
};

/** What the server and the mail need of the store's address to make a link. */
export interface MailLink {
  siteUrl: string;
  secret: string;
}

/** An absolute link of a mail: the store's origin, a path, its query. Every mailed link is made here. */
export function mailUrl(siteUrl: string, path: string, query: Record<string, string>): string {
  return `${siteUrl.replace(/\/+$/, "")}${path}?${new URLSearchParams(query)}`;
}

function linkHash(secret: string, token: string): string {
  return createHmac("sha256", `mailed-link:${secret}`).update(token).digest("hex");
}

/**
 * A new link for the member, in the caller's transaction. Earlier unused links of the same
 * purpose stop working: only the newest mail counts. Answers the link's address.
 */
export async function issueLink(
  tx: Tx,
  link: MailLink,
  input: {
    userId: number;
    purpose: MailedLinkPurpose;
    email: string;
    sessionHash?: string | null;
    now?: Date;
  },
): Promise<string> {
  const now = input.now ?? new Date();
  await endLinks(tx, input.userId, [input.purpose], now);
  const token = randomBytes(32).toString("base64url");
  await tx.insert(mailedLinks).values({
    linkHash: linkHash(link.secret, token),
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    sessionHash: input.sessionHash ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[input.purpose]),
  });
  return mailUrl(link.siteUrl, LINK_PATH[input.purpose], { token });
}

/**
 * Uses a link once: answers its member and address, or null when the token is unknown, used,
 * replaced, expired or of another purpose. One conditional update, so two clicks at once get it
 * once.
 */
export async function useLink(
  tx: Tx,
  secret: string,
  token: string,
  purposes: readonly MailedLinkPurpose[],
  now = new Date(),
): Promise<{
  userId: number;
  purpose: MailedLinkPurpose;
  email: string;
  sessionHash: string | null;
} | null> {
  if (token.length === 0 || token.length > 200) return null;
  const [row] = await tx
    .update(mailedLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(mailedLinks.linkHash, linkHash(secret, token)),
        inArray(mailedLinks.purpose, [...purposes]),
        isNull(mailedLinks.usedAt),
        gt(mailedLinks.expiresAt, now),
      ),
    )
    .returning({
      userId: mailedLinks.userId,
      purpose: mailedLinks.purpose,
      email: mailedLinks.email,
      sessionHash: mailedLinks.sessionHash,
    });
  return row ?? null;
}

/** Ends the member's unused links of these purposes (a new password ends the old reset links). */
export async function endLinks(
  tx: Tx,
  userId: number,
  purposes: readonly MailedLinkPurpose[],
  now = new Date(),
): Promise<void> {
  await tx
    .update(mailedLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(mailedLinks.userId, userId),
        inArray(mailedLinks.purpose, [...purposes]),
        isNull(mailedLinks.usedAt),
      ),
    );
}
