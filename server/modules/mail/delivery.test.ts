import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../http/test-client";
import {
  claimNextMail,
  deliverDueMail,
  emlFileTransport,
  MAX_ATTEMPTS,
  type MailTransport,
  type RawMail,
  retryDelayMs,
} from "./delivery";
import {
  type MailDraft,
  newsletterConfirmedMail,
  passwordChangedMail,
  welcomeMail,
} from "./messages";
import { enqueueMail } from "./outbox";
import { outbox } from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.database.close();
});
const db = () => t.services.db;
const FROM = "コマヤ <no-reply@komaya.example>";
/** Queues a mail in a transaction of its own: enqueueMail takes only a transaction. */
const enqueue = (mail: MailDraft) => db().transaction((tx) => enqueueMail(tx, mail));

/** Empties the queue left by earlier tests, so each test counts only its own mail. */
async function drain() {
  await deliverDueMail(db(), { transport: async () => {}, from: FROM });
}

describe("outbox", () => {
  it("keeps no mail of a transaction that rolled back", async () => {
    const to = `rolled-back-${Date.now()}@example.jp`;
    await expect(
      db().transaction(async (tx) => {
        await enqueueMail(tx, welcomeMail(to, null, "https://shop.test/email_confirm?token=t"));
        throw new Error("the cause failed");
      }),
    ).rejects.toThrow("the cause failed");
    expect(await db().$count(outbox, eq(outbox.toAddress, to))).toBe(0);
  });

  it("delivers each message once even with two workers polling at the same time", async () => {
    await drain();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        await enqueue(
          welcomeMail(`twice-${i}@example.jp`, null, "https://shop.test/email_confirm?token=t"),
        ),
      );
    }
    const seen: number[] = [];
    const slow: MailTransport = async (mail) => {
      seen.push(mail.mailId);
      await new Promise((r) => setTimeout(r, 2));
    };
    await Promise.all([
      deliverDueMail(db(), { transport: slow, from: FROM }),
      deliverDueMail(db(), { transport: slow, from: FROM }),
    ]);
    expect(seen.sort((a, b) => a - b)).toEqual(ids);
    const rows = await db().select().from(outbox).where(inArray(outbox.mailId, ids));
    expect(rows.every((r) => r.sentAt && r.attempts === 1)).toBe(true);
    await deliverDueMail(db(), { transport: slow, from: FROM });
    expect(seen).toHaveLength(ids.length);
  });

  it("retries a failed delivery after a growing wait and gives up after the last attempt", async () => {
    await drain();
    const id = await enqueue(passwordChangedMail("retry@example.jp"));
    const failing: MailTransport = async () => {
      throw new Error("421 try again later");
    };
    let clock = new Date();
    const at = () => clock;
    expect(await deliverDueMail(db(), { transport: failing, from: FROM, now: at })).toEqual({
      sent: 0,
      failed: 1,
    });
    const [first] = await db().select().from(outbox).where(eq(outbox.mailId, id));
    expect(first).toMatchObject({ attempts: 1, lastError: "421 try again later", sentAt: null });
    expect(first!.nextAttemptAt.getTime()).toBe(clock.getTime() + retryDelayMs(1));
    // Not due yet: the same instant does not retry.
    expect(await claimNextMail(db(), clock)).toBeNull();
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      clock = new Date(clock.getTime() + retryDelayMs(attempt - 1) + 1);
      await deliverDueMail(db(), { transport: failing, from: FROM, now: at });
    }
    const [last] = await db().select().from(outbox).where(eq(outbox.mailId, id));
    expect(last!.attempts).toBe(MAX_ATTEMPTS);
    expect(last!.failedAt).not.toBeNull();
    clock = new Date(clock.getTime() + 24 * 3_600_000);
    expect(await claimNextMail(db(), clock)).toBeNull();
  });

  it("takes over a claim whose worker died mid-send once the lease has passed", async () => {
    await drain();
    const id = await enqueue(
      welcomeMail("lease@example.jp", null, "https://shop.test/email_confirm?token=t"),
    );
    const now = new Date();
    expect((await claimNextMail(db(), now))!.mailId).toBe(id);
    expect(await claimNextMail(db(), now)).toBeNull();
    const later = new Date(now.getTime() + 6 * 60_000);
    expect((await claimNextMail(db(), later))!.mailId).toBe(id);
  });

  it("writes a .eml file a mail program opens, named by the outbox id", async () => {
    await drain();
    const dir = await mkdtemp(path.join(tmpdir(), "komaya-mail-"));
    const id = await enqueue(passwordChangedMail("eml@example.jp"));
    const delivered: RawMail[] = [];
    const files = emlFileTransport(dir);
    await deliverDueMail(db(), {
      transport: async (mail) => {
        delivered.push(mail);
        await files(mail);
      },
      from: FROM,
    });
    expect(await readdir(dir)).toEqual([`${id}.eml`]);
    const eml = await readFile(path.join(dir, `${id}.eml`), "utf8");
    expect(eml).toMatch(/^To: eml@example\.jp$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(eml).toContain(delivered[0]!.messageId);
  });
});

describe("newsletter mail", () => {
  it("carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) in the .eml", async () => {
    await drain();
    const id = await enqueue(
      newsletterConfirmedMail(
        "letter@example.jp",
        "https://shop.test/unsubscribe_newsletter?u=abc&s=sig",
      ),
    );
    const dir = await mkdtemp(path.join(tmpdir(), "komaya-mail-"));
    const files = emlFileTransport(dir);
    await deliverDueMail(db(), { transport: files, from: FROM });
    const eml = await readFile(path.join(dir, `${id}.eml`), "utf8");
    expect(eml).toMatch(
      /^List-Unsubscribe: <https:\/\/shop\.test\/unsubscribe_newsletter\?u=abc&s=sig>$/m,
    );
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });
});
