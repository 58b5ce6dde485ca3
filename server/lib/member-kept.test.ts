import { describe, expect, it } from "vitest";
import { forgetCatalog } from "./catalog-generation";
import { memberKept } from "./member-kept";
import {
  type MemberVersions,
  memoryMemberVersions,
  UNKNOWN_MEMBER_VERSIONS,
} from "./member-versions";

function counter() {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    produce: async () => ({ value: ++calls }),
  };
}

describe("memberKept", () => {
  it("keeps a member's answer until that member changes something", async () => {
    const kept = memberKept(memoryMemberVersions(), { ttlMs: 30_000 });
    const c = counter();
    expect((await kept.get(1, "status", c.produce, 0)).value).toBe(1);
    expect((await kept.get(1, "status", c.produce, 1000)).value).toBe(1);
    await kept.changed(1);
    expect((await kept.get(1, "status", c.produce, 2000)).value).toBe(2);
  });

  it("redoes every member's answers after a catalog change (a cart shows the new price)", async () => {
    const kept = memberKept(memoryMemberVersions(), { ttlMs: 30_000 });
    const c = counter();
    expect((await kept.get(1, "cart", c.produce, 0)).value).toBe(1);
    expect((await kept.get(1, "cart", c.produce, 1000)).value).toBe(1);
    forgetCatalog();
    expect((await kept.get(1, "cart", c.produce, 2000)).value).toBe(2);
  });

  it("never hands one member's answer to another, nor drops it for another's change", async () => {
    const kept = memberKept(memoryMemberVersions(), { ttlMs: 30_000 });
    expect((await kept.get(1, "status", async () => ({ value: "one" }), 0)).value).toBe("one");
    expect((await kept.get(2, "status", async () => ({ value: "two" }), 0)).value).toBe("two");
    await kept.changed(2);
    expect((await kept.get(1, "status", async () => ({ value: "again" }), 0)).value).toBe("one");
  });

  it("redoes an answer after the lifetime, or earlier when its producer asks", async () => {
    const kept = memberKept(memoryMemberVersions(), { ttlMs: 30_000 });
    const c = counter();
    await kept.get(1, "a", c.produce, 0);
    expect((await kept.get(1, "a", c.produce, 29_999)).value).toBe(1);
    expect((await kept.get(1, "a", c.produce, 30_000)).value).toBe(2);
    const early = async () => ({ value: "countdown", until: 5_000 });
    await kept.get(1, "b", early, 0);
    expect((await kept.get(1, "b", async () => ({ value: "after" }), 5_000)).value).toBe("after");
  });

  it("shares one computation, but not one begun before the member's change", async () => {
    const kept = memberKept(memoryMemberVersions(), { ttlMs: 30_000 });
    let release!: () => void;
    const slow = new Promise<void>((r) => {
      release = r;
    });
    let calls = 0;
    const produce = async () => {
      const n = ++calls;
      if (n === 1) await slow;
      return { value: n };
    };
    const first = kept.get(1, "status", produce, 0);
    const joined = kept.get(1, "status", produce, 0);
    await new Promise((r) => setTimeout(r, 0));
    // The member's write commits while the first computation still reads the old state.
    await kept.changed(1);
    const afterChange = kept.get(1, "status", produce, 0);
    release();
    expect((await first).value).toBe(1);
    expect((await joined).value).toBe(1);
    expect((await afterChange).value).toBe(2);
    expect((await kept.get(1, "status", produce, 0)).value).toBe(2);
  });

  it("does not keep a failed computation", async () => {
    const kept = memberKept(memoryMemberVersions(), { ttlMs: 30_000 });
    await expect(
      kept.get(1, "status", async () => Promise.reject(new Error("down")), 0),
    ).rejects.toThrow("down");
    expect((await kept.get(1, "status", async () => ({ value: "up" }), 0)).value).toBe("up");
  });

  it("keeps nothing when the version cannot be known (several processes, no Redis)", async () => {
    const kept = memberKept(UNKNOWN_MEMBER_VERSIONS, { ttlMs: 30_000 });
    const c = counter();
    await kept.get(1, "status", c.produce, 0);
    await kept.get(1, "status", c.produce, 0);
    expect(c.calls).toBe(2);
  });

  it("follows versions another process moved (as through Redis)", async () => {
    // Two processes' keepers over one shared version store: a write on one reaches the other.
    const shared: MemberVersions = memoryMemberVersions();
    const here = memberKept(shared, { ttlMs: 30_000 });
    const there = memberKept(shared, { ttlMs: 30_000 });
    const c = counter();
    await here.get(1, "status", c.produce, 0);
    await there.changed(1);
    expect((await here.get(1, "status", c.produce, 0)).value).toBe(2);
  });
});
