import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv, SessionMember } from "../../lib/context";
import type { MemberKept } from "../../lib/member-kept";
import { memberChanges } from "./member-changes";

function appWith(member: Pick<SessionMember, "userId"> | null) {
  const told: Array<{ userId: number; handled: boolean }> = [];
  let handled = false;
  const kept: MemberKept = {
    get: async () => {
      throw new Error("not asked here");
    },
    version: async () => {
      throw new Error("not asked here");
    },
    changed: async (userId) => {
      told.push({ userId, handled });
    },
  };
  const app = new Hono<AppEnv>();
  app.use((c, next) => {
    handled = false;
    c.set("member", member as SessionMember | null);
    return next();
  });
  app.use(memberChanges(kept));
  app.all("*", (c) => {
    handled = true;
    if (c.req.path === "/api/fails") throw new Error("failed");
    return c.text("ok");
  });
  app.onError((_e, c) => c.text("error", 500));
  return { app, told };
}

describe("memberChanges", () => {
  it("tells what is kept of a member after each of their changing requests, once handled", async () => {
    const { app, told } = appWith({ userId: 7 });
    await app.request("/api/cart_add", { method: "POST" });
    await app.request("/api/series_favorite", { method: "DELETE" });
    await app.request("/api/popup_open?popup_id=1");
    await app.request("/api/popup_close?popup_id=1");
    await app.request("/api/fails", { method: "POST" });
    expect(told).toEqual(Array.from({ length: 5 }, () => ({ userId: 7, handled: true })));
  });

  it("leaves reads and visitors alone", async () => {
    const member = appWith({ userId: 7 });
    await member.app.request("/home");
    await member.app.request("/api/user/items");
    await member.app.request("/home", { method: "HEAD" });
    // The reads every page view makes as POST, and its analytics beacon.
    for (const path of [
      "/api/user",
      "/api/status",
      "/api/popups",
      "/api/personal/user/items",
      "/api/events",
    ])
      await member.app.request(path, { method: "POST" });
    expect(member.told).toEqual([]);
    const visitor = appWith(null);
    await visitor.app.request("/api/cart_add", { method: "POST" });
    expect(visitor.told).toEqual([]);
  });
});
