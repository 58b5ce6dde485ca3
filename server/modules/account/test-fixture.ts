import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../db/client";
import type { Browser } from "../../http/test-client";
import { outbox } from "../mail/schema";

/** How many mails of a kind are queued to an address. */
export function mailsTo(db: Db, to: string, kind: string): Promise<number> {
  return db.$count(outbox, and(eq(outbox.toAddress, to), eq(outbox.kind, kind)));
}

/**
 * The token of the link in the newest mail of a kind to an address, once it is queued (some
 * mails are queued after the answer, so their timing tells nothing).
 */
export async function mailedToken(db: Db, to: string, kind: string): Promise<string> {
  // A loop rather than expect.poll, so set-up code (beforeAll) may call it too.
  for (let waited = 0; waited < 10_000; waited += 50) {
    const [mail] = await db
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind)))
      .orderBy(desc(outbox.mailId))
      .limit(1);
    const link = mail?.body.match(/https?:\/\/\S+token=\S+/)?.[0];
    if (link) return new URL(link).searchParams.get("token")!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${kind} mail with a link to ${to}`);
}

/** Follows the link of the welcome mail, as a new member does before reviewing (decision 0051). */
export async function confirmAddress(db: Db, browser: Browser, email: string): Promise<void> {
  const token = await mailedToken(db, email, "welcome");
  expect((await browser.postJson("/api/account/email/confirm", { token })).status).toBe(200);
}
