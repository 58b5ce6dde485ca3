import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResult } from "../../../contract/checkout";
import { GIFT_MESSAGE_MAX } from "../../../contract/gift-rules";
import { GIFT_CLAIM_DAYS } from "../../../contract/gifts";
import type { OrderHistoryAnswer } from "../../../contract/orders";
import { Browser, createTestApp } from "../../http/test-client";
import { users } from "../account/schema";
import { userItems } from "../library/schema";
import { outbox } from "../mail/schema";
import { createShop, SERIES_ONE_ITEM, shopMember } from "../pricing/test-fixture";
import { claimGift } from "./gifts";
import { TEST_CARDS } from "./payments/provider";
import { gifts, orders, presents } from "./schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
let volume = 60;
const freshItem = () => SERIES_ONE_ITEM(++volume);
const token = () => `tok_${Math.random().toString(36).slice(2)}${Date.now()}`;
const db = () => t.services.db;

beforeAll(async () => {
  t = await createTestApp();
  await createShop(t.services.db);
}, 300_000);
afterAll(async () => {
  await t?.database.close();
});

/** A member signed up through the API with this address (unconfirmed, as sign-up leaves it). */
async function memberWith(email: string, confirmed = true) {
  const browser = new Browser(t.app);
  await browser.postJson("/api/account/signup", { email, password: "password-123", agree: true });
  const [row] = await db().select().from(users).where(eq(users.email, email));
  if (confirmed) {
    await db()
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.userId, row!.userId));
  }
  return { browser, userId: row!.userId };
}

const address = (who: string) => `${who}-${Math.random().toString(36).slice(2)}@example.jp`;

function buyGift(
  browser: Browser,
  item: number,
  email: string,
  extra: { token?: string; message?: string } = {},
) {
  return browser.postJson<CheckoutResult>("/api/checkout", {
    item,
    payment_type: 1,
    card: TEST_CARDS.succeeds,
    point: 0,
    token: extra.token ?? token(),
    gift: { email, message: extra.message },
  });
}

/** The claim token of the newest gift mail to this address. */
async function mailedToken(email: string): Promise<string> {
  const mails = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, "gift")));
  expect(mails).toHaveLength(1);
  const match = mails[0]!.body.match(/\/gift\?token=([A-Za-z0-9_-]+)/);
  expect(match).toBeTruthy();
  return match![1]!;
}

describe("buying a gift", () => {
  it("charges the giver, never shelves it for them, and mails the recipient a claim link", async () => {
    const giver = await shopMember(t.app, db());
    const item = freshItem();
    const to = address("Hanako");
    const { status, body } = await buyGift(giver.browser, item, to.toUpperCase(), {
      message: "お誕生日おめでとう！",
    });
    expect(status).toBe(200);
    expect(body.status).toBe("paid");
    const owned = await db().select().from(userItems).where(eq(userItems.userId, giver.userId));
    expect(owned.map((o) => o.itemId)).not.toContain(item);
    const [gift] = await db().select().from(gifts).where(eq(gifts.orderId, body.order_id!));
    expect(gift).toMatchObject({ recipientEmail: to.toLowerCase(), itemId: item });
    expect(gift!.sentAt).not.toBeNull();
    // Only a hash of the link's token is kept.
    const mailedTokenText = await mailedToken(to.toLowerCase());
    expect(gift!.tokenHash).not.toContain(mailedTokenText);
    expect(gift!.claimExpiresAt!.getTime() - gift!.sentAt!.getTime()).toBe(
      GIFT_CLAIM_DAYS * 86_400_000,
    );
    const [giverRow] = await db().select().from(users).where(eq(users.userId, giver.userId));
    const receipt = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "order_receipt"), eq(outbox.toAddress, giverRow!.email!)));
    expect(receipt.at(-1)!.body).toContain("ギフトとして");

    const history = await giver.browser.postJson<OrderHistoryAnswer>("/api/order_history");
    const order = history.body.order.find((o) => o.order_id === body.order_id)!;
    expect(order.gift).toMatchObject({ email: to.toLowerCase(), state: "sent" });
  });

  it("is bought once however often the same checkout is sent (a double click)", async () => {
    const giver = await shopMember(t.app, db());
    const item = freshItem();
    const to = address("twice");
    const same = token();
    const [a, b] = await Promise.all([
      buyGift(giver.browser, item, to, { token: same }),
      buyGift(giver.browser, item, to, { token: same }),
    ]);
    expect(a.body.order_id).toBe(b.body.order_id);
    expect(await db().$count(orders, eq(orders.userId, giver.userId))).toBe(1);
    expect(await db().$count(gifts, eq(gifts.giverUserId, giver.userId))).toBe(1);
    expect(await db().$count(outbox, and(eq(outbox.toAddress, to), eq(outbox.kind, "gift")))).toBe(
      1,
    );
  });

  it("refuses the giver's own address, a whole cart and an overlong message with 400", async () => {
    const own = address("self");
    const giver = await memberWith(own);
    const self = await buyGift(giver.browser, freshItem(), own.toUpperCase());
    expect(self.status).toBe(400);
    expect(self.body.error_message).toBe("ご自身のメールアドレスにはギフトを贈れません");

    const cart = await giver.browser.postJson("/api/checkout", {
      payment_type: 1,
      card: TEST_CARDS.succeeds,
      token: token(),
      gift: { email: address("x") },
    });
    expect(cart.status).toBe(400);

    const long = await buyGift(giver.browser, freshItem(), address("y"), {
      message: "あ".repeat(GIFT_MESSAGE_MAX + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.error_message).toContain(`${GIFT_MESSAGE_MAX}文字以内`);

    const bad = await buyGift(giver.browser, freshItem(), "not-an-address");
    expect(bad.status).toBe(400);
    expect(await db().$count(orders, eq(orders.userId, giver.userId))).toBe(0);
  });

  it("may be a volume the giver already owns", async () => {
    const giver = await shopMember(t.app, db());
    const item = freshItem();
    const own = await giver.browser.postJson<CheckoutResult>("/api/checkout", {
      item,
      payment_type: 1,
      card: TEST_CARDS.succeeds,
      token: token(),
    });
    expect(own.body.status).toBe("paid");
    const gift = await buyGift(giver.browser, item, address("friend"));
    expect(gift.body.status).toBe("paid");
  });
});

describe("claiming a gift", () => {
  async function sentGift() {
    const giver = await shopMember(t.app, db());
    const item = freshItem();
    const to = address("claim");
    const bought = await buyGift(giver.browser, item, to, { message: "どうぞ" });
    expect(bought.body.status).toBe("paid");
    return { giver, item, to, token: await mailedToken(to), orderId: bought.body.order_id! };
  }

  it("asks for a sign-in, the same address, confirmed; then puts it in the present box once", async () => {
    const gift = await sentGift();
    const visitor = new Browser(t.app);
    expect((await visitor.postJson("/api/gift/claim", { token: gift.token })).status).toBe(401);

    const stranger = await memberWith(address("stranger"));
    const other = await stranger.browser.postJson("/api/gift/claim", { token: gift.token });
    expect(other.status).toBe(403);
    expect(other.body.error_message).toContain("別のメールアドレス");

    const recipient = await memberWith(gift.to, false);
    const unconfirmed = await recipient.browser.postJson("/api/gift/claim", { token: gift.token });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.body.error_message).toContain("確認");

    await db()
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.userId, recipient.userId));
    const claimed = await recipient.browser.postJson("/api/gift/claim", { token: gift.token });
    expect(claimed.status).toBe(200);
    expect(claimed.body.message).toBe("ギフトをプレゼントボックスに入れました");
    const again = await recipient.browser.postJson("/api/gift/claim", { token: gift.token });
    expect(again.status).toBe(200);
    expect(await db().$count(presents, eq(presents.userId, recipient.userId))).toBe(1);

    // Used: nobody else can take it, even with the same link.
    const late = await stranger.browser.postJson("/api/gift/claim", { token: gift.token });
    expect(late.status).toBe(409);

    // 受け取る in the present box puts it on the recipient's shelf.
    const box = await recipient.browser.postJson<{
      present_list: { present_id: number; caption: string; message: string }[];
    }>("/api/present");
    expect(box.body.present_list).toHaveLength(1);
    expect(box.body.present_list[0]!.message).toBe("どうぞ");
    const received = await recipient.browser.postJson(
      `/api/present/${box.body.present_list[0]!.present_id}`,
    );
    expect(received.status).toBe(200);
    const shelf = await db().select().from(userItems).where(eq(userItems.userId, recipient.userId));
    expect(shelf.map((s) => s.itemId)).toContain(gift.item);

    // The giver sees 受け取り済み; nobody else's history lists the gift.
    const history = await gift.giver.browser.postJson<OrderHistoryAnswer>("/api/order_history");
    const order = history.body.order.find((o) => o.order_id === gift.orderId)!;
    expect(order.gift).toMatchObject({ state: "received" });
    expect(order.gift!.received_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const theirs = await recipient.browser.postJson<OrderHistoryAnswer>("/api/order_history");
    expect(theirs.body.order.some((o) => o.order_id === gift.orderId)).toBe(false);
  });

  it("refuses a recipient who already owns the volume and leaves the gift unclaimed", async () => {
    const gift = await sentGift();
    const recipient = await memberWith(gift.to);
    await recipient.browser.postJson("/api/checkout", {
      item: gift.item,
      payment_type: 1,
      card: TEST_CARDS.succeeds,
      token: token(),
    });
    const answer = await recipient.browser.postJson("/api/gift/claim", { token: gift.token });
    expect(answer.status).toBe(409);
    expect(answer.body.error_message).toContain("すでに本棚にあります");
    const [row] = await db().select().from(gifts).where(eq(gifts.orderId, gift.orderId));
    expect(row!.claimedAt).toBeNull();
  });

  it("refuses an unknown or expired link", async () => {
    const gift = await sentGift();
    const recipient = await memberWith(gift.to);
    const unknown = await recipient.browser.postJson("/api/gift/claim", {
      token: "A".repeat(43),
    });
    expect(unknown.status).toBe(404);
    const bad = await recipient.browser.postJson("/api/gift/claim", { token: "short" });
    expect(bad.status).toBe(400);
    const later = new Date(Date.now() + (GIFT_CLAIM_DAYS + 1) * 86_400_000);
    await expect(claimGift(db(), recipient.userId, gift.token, later)).rejects.toMatchObject({
      status: 409,
    });
  });

  it("of two claims at once, one wins and one present is made", async () => {
    const gift = await sentGift();
    const recipient = await memberWith(gift.to);
    const results = await Promise.allSettled([
      claimGift(db(), recipient.userId, gift.token),
      claimGift(db(), recipient.userId, gift.token),
      claimGift(db(), recipient.userId, gift.token),
    ]);
    const fresh = results.filter((r) => r.status === "fulfilled" && !r.value.again);
    expect(fresh).toHaveLength(1);
    expect(await db().$count(presents, eq(presents.userId, recipient.userId))).toBe(1);
  });
});
