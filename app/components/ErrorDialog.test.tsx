import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  createErrorDialogStore,
  type ErrorDialogControls,
  errorDialogStore,
  useErrorDialog,
} from "../lib/error-dialog";
import { cycleFocus, ErrorDialog } from "./ErrorDialog";
import { ErrorDialogProvider } from "./ErrorDialogProvider";

function storeWithNavigation() {
  const visited: string[] = [];
  const store = createErrorDialogStore((url) => visited.push(url));
  return { store, visited };
}

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
