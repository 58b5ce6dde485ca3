import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../http/test-client";
import { keptMenuAnswer } from "../modules/menu/service";
import { keptHomePage } from "./home";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.database.close();
});

describe("the home and menu answers every page shares", () => {
  const now = new Date("2026-11-21T10:15:00+09:00");
  const nextHour = new Date("2026-11-21T11:00:00+09:00");

  it("are computed once per campaign hour, however many pages ask at once", async () => {
    const db = t.services.db;
    const [a, b] = await Promise.all([keptHomePage(db, 0, 1, now), keptHomePage(db, 0, 1, now)]);
    expect(b).toBe(a);
    expect(await keptHomePage(db, 0, 1, now)).toBe(a);
    expect(await keptHomePage(db, 0, 1, nextHour)).not.toBe(a);

    const menu = await keptMenuAnswer(db, 0, now);
    expect(await keptMenuAnswer(db, 0, now)).toBe(menu);
    expect(await keptMenuAnswer(db, 0, nextHour)).not.toBe(menu);
  });

  it("are kept per database, so two stores never share them", async () => {
    const other = await createTestApp();
    try {
      const mine = await keptHomePage(t.services.db, 0, 1, now);
      expect(await keptHomePage(other.services.db, 0, 1, now)).not.toBe(mine);
    } finally {
      await other.database.close();
    }
  });
});
