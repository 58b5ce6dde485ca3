// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NewsletterToggle } from "./NewsletterToggle";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: ReturnType<typeof createRoot> | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  vi.unstubAllGlobals();
});

/** The switch on a page whose /api/newsletter answers `answer`; the bodies sent are kept. */
function mount(enabled: boolean, answer: Record<string, unknown>) {
  const sent: unknown[] = [];
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify(answer), {
      headers: { "content-type": "application/json" },
    });
  });
  const container = document.createElement("div");
  root = createRoot(container);
  act(() => root!.render(<NewsletterToggle enabled={enabled} />));
  const box = container.querySelector<HTMLInputElement>('input[name="newsletter"]')!;
  const note = () => container.querySelector('[role="status"]')?.textContent ?? null;
  return { box, note, sent };
}

describe("the newsletter switch", () => {
  it("shows the member's setting, with no note until it is changed", () => {
    const { box, note } = mount(true, {});
    expect(box.checked).toBe(true);
    expect(note()).toBeNull();
  });

  it("turning it on asks the server and says a confirmation mail was sent", async () => {
    const { box, note, sent } = mount(false, { result: true, enable: true });
    await act(async () => box.click());
    expect(sent).toEqual([{ enable: true }]);
    expect(box.checked).toBe(true);
    expect(note()).toBe("メールマガジンの配信を開始しました。確認メールをお送りしました。");
  });

  it("turning it off says delivery stopped", async () => {
    const { box, note, sent } = mount(true, { result: true, enable: false });
    await act(async () => box.click());
    expect(sent).toEqual([{ enable: false }]);
    expect(box.checked).toBe(false);
    expect(note()).toBe("メールマガジンの配信を停止しました。");
  });

  it("goes back to what it was when the server refuses, and says why", async () => {
    const { box, note } = mount(false, {
      result: false,
      error_message: "メールアドレスを確認してください",
    });
    await act(async () => box.click());
    expect(box.checked).toBe(false);
    expect(note()).toBe("メールアドレスを確認してください");
  });
});
