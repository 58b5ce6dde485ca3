import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cycleFocus, ErrorDialog } from "../components/ErrorDialog";
import {
  createErrorDialogStore,
  type ErrorDialogControls,
  ErrorDialogProvider,
  errorDialogStore,
  useErrorDialog,
} from "./error-dialog";

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

describe("ErrorDialog markup", () => {
  const html = renderToStaticMarkup(
    <ErrorDialog message={"購入に失敗しました\nもう一度お試しください"} onClose={() => {}} />,
  );

  it("is a modal dialog labelled by its title and described by its message", () => {
    const dialog = html.match(/<div[^>]*role="dialog"[^>]*>/)?.[0] ?? "";
    expect(dialog).toContain('aria-modal="true"');
    const labelledBy = dialog.match(/aria-labelledby="([^"]+)"/)?.[1];
    const describedBy = dialog.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toMatch(new RegExp(`<h2 id="${labelledBy}"[^>]*>エラー</h2>`));
    expect(html).toMatch(new RegExp(`<p id="${describedBy}"[^>]*>購入に失敗しました\\n`));
  });

  it("has one OK button and the error-dialog class names", () => {
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).toMatch(/<button type="button" class="error-dialog-ok">OK<\/button>/);
    for (const name of ["error-dialog-backdrop", "error-dialog", "error-dialog-title"]) {
      expect(html).toContain(`class="${name}"`);
    }
  });
});

describe("cycleFocus (Tab stays inside the dialog)", () => {
  it("wraps forwards and backwards, and pulls focus back in from outside", () => {
    const items = ["ok", "cancel"];
    expect(cycleFocus(items, "ok", false)).toBe("cancel");
    expect(cycleFocus(items, "cancel", false)).toBe("ok");
    expect(cycleFocus(items, "ok", true)).toBe("cancel");
    expect(cycleFocus(items, "outside", false)).toBe("ok");
    expect(cycleFocus(items, "outside", true)).toBe("cancel");
    expect(cycleFocus(["ok"], "ok", false)).toBe("ok");
    expect(cycleFocus([], "ok", false)).toBeUndefined();
  });
});

let captured: ErrorDialogControls | undefined;
function Probe() {
  captured = useErrorDialog();
  return null;
}

describe("ErrorDialogProvider and useErrorDialog", () => {
  it("renders no dialog on the server even while one is open", () => {
    const { store } = storeWithNavigation();
    store.open({ message: "x" });
    const html = renderToStaticMarkup(
      <ErrorDialogProvider store={store}>
        <main>page</main>
      </ErrorDialogProvider>,
    );
    expect(html).toBe("<main>page</main>");
  });

  it("opens dialogs in the provider's store", () => {
    const { store, visited } = storeWithNavigation();
    renderToStaticMarkup(
      <ErrorDialogProvider store={store}>
        <Probe />
      </ErrorDialogProvider>,
    );
    captured?.showError("レビューを投稿できません", "/review/series/3");
    expect(store.getSnapshot()).toEqual({
      message: "レビューを投稿できません",
      nextUrl: "/review/series/3",
    });
    captured?.close();
    expect(visited).toEqual(["/review/series/3"]);
  });

  it("falls back to the page-wide store outside a provider", () => {
    renderToStaticMarkup(<Probe />);
    captured?.showError("bridge");
    expect(errorDialogStore.getSnapshot()?.message).toBe("bridge");
    captured?.close();
    expect(errorDialogStore.getSnapshot()).toBeNull();
  });
});
