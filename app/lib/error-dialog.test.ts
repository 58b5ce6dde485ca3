import { describe, expect, it } from "vitest";
import { createErrorDialogStore } from "./error-dialog";

function storeWithNavigation() {
  const visited: string[] = [];
  const store = createErrorDialogStore((url) => visited.push(url));
  let notified = 0;
  store.subscribe(() => {
    notified += 1;
  });
  return { store, visited, notifications: () => notified };
}

describe("error dialog store", () => {
  it("shows the opened message and tells subscribers", () => {
    const { store, notifications } = storeWithNavigation();
    expect(store.getSnapshot()).toBeNull();
    store.open({ message: "在庫がありません" });
    expect(store.getSnapshot()).toEqual({ message: "在庫がありません" });
    expect(notifications()).toBe(1);
  });

  it("closing goes to nextUrl when given", () => {
    const { store, visited } = storeWithNavigation();
    store.open({ message: "ログインしてください", nextUrl: "/login" });
    expect(visited).toEqual([]);
    store.close();
    expect(visited).toEqual(["/login"]);
    expect(store.getSnapshot()).toBeNull();
  });

  it("closing without nextUrl stays on the page", () => {
    const { store, visited } = storeWithNavigation();
    store.open({ message: "x" });
    store.close();
    expect(visited).toEqual([]);
    expect(store.getSnapshot()).toBeNull();
  });

  it("queues further errors and shows them one at a time", () => {
    const { store } = storeWithNavigation();
    store.open({ message: "first" });
    store.open({ message: "second" });
    expect(store.getSnapshot()?.message).toBe("first");
    store.close();
    expect(store.getSnapshot()?.message).toBe("second");
  });

  it("drops queued errors when closing leaves the page", () => {
    const { store, visited } = storeWithNavigation();
    store.open({ message: "first", nextUrl: "/error" });
    store.open({ message: "second" });
    store.close();
    expect(visited).toEqual(["/error"]);
    expect(store.getSnapshot()).toBeNull();
  });

  it("does not stack the same error twice", () => {
    const { store } = storeWithNavigation();
    store.open({ message: "通信に失敗しました" });
    store.open({ message: "通信に失敗しました" });
    store.close();
    expect(store.getSnapshot()).toBeNull();
  });

  it("keeps the snapshot identity stable between changes (useSyncExternalStore needs it)", () => {
    const { store } = storeWithNavigation();
    store.open({ message: "x" });
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  it("stops notifying after unsubscribe", () => {
    const store = createErrorDialogStore(() => {});
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    unsubscribe();
    store.open({ message: "x" });
    expect(calls).toBe(0);
  });
});
