import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { memberKept } from "./member-kept";
import { memoryMemberVersions, redisMemberVersions } from "./member-versions";

describe("memoryMemberVersions", () => {
  it("starts a new epoch past its bound, so no version is handed out twice", async () => {
    const versions = memoryMemberVersions(2);
    const before = await versions.current(1);
    await versions.changed(1);
    await versions.changed(2);
    const one = await versions.current(1);
    await versions.changed(3);
    expect(await versions.current(1)).not.toBe(one);
    expect(await versions.current(1)).not.toBe(before);
  });
});

// Against the machine's Redis when the run provides one (CI does).
const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(async () => {
  await redis?.quit();
});

describe.skipIf(!redis)("redisMemberVersions", () => {
  it("carries one worker's change of a member to what another worker keeps", async () => {
    const prefix = `test:member:v:${Date.now()}:`;
    const errors: unknown[] = [];
    const workerA = memberKept(
      redisMemberVersions(redis!, (e) => errors.push(e), prefix),
      {
        ttlMs: 30_000,
      },
    );
    const workerB = memberKept(
      redisMemberVersions(redis!, (e) => errors.push(e), prefix),
      {
        ttlMs: 30_000,
      },
    );
    let calls = 0;
    const produce = async () => ({ value: ++calls });
    expect((await workerA.get(7, "status", produce, 0)).value).toBe(1);
    expect((await workerA.get(7, "status", produce, 0)).value).toBe(1);
    await workerB.changed(7);
    expect((await workerA.get(7, "status", produce, 0)).value).toBe(2);
    expect(await redis!.ttl(`${prefix}7`)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it("keeps nothing while Redis cannot answer", async () => {
    const down = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    down.on("error", () => {});
    const errors: unknown[] = [];
    const kept = memberKept(
      redisMemberVersions(down, (e) => errors.push(e)),
      { ttlMs: 30_000 },
    );
    let calls = 0;
    const produce = async () => ({ value: ++calls });
    await kept.get(1, "status", produce, 0);
    await kept.get(1, "status", produce, 0);
    expect(calls).toBe(2);
    expect(errors.length).toBeGreaterThan(0);
    down.disconnect();
  });
});
