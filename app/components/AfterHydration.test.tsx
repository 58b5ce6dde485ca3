// @vitest-environment jsdom
import { act, lazy } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AfterHydration } from "./AfterHydration";

const placeholder = <span data-phase="loading" />;

function Page({ part }: { part: React.ReactNode }) {
  return (
    <div>
      <p>本文</p>
      <AfterHydration placeholder={placeholder}>{part}</AfterHydration>
    </div>
  );
}

describe("AfterHydration", () => {
  it("sends only the placeholder from the server, so the part's code is not needed to hydrate", () => {
    const html = renderToString(<Page part={<b>popup</b>} />);
    expect(html).toContain('data-phase="loading"');
    expect(html).not.toContain("popup</b>");
  });

  it("hydrates the placeholder without a mismatch, then shows the lazy part once its code is in", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    let arrive!: () => void;
    const code = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const Part = lazy(() => code.then(() => ({ default: () => <b data-testid="part">popup</b> })));
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page part={<Part />} />);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page part={<Part />} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('[data-phase="loading"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="part"]')).toBeNull();
    await act(async () => {
      arrive();
      await code;
      // The part renders in an idle moment (jsdom has no requestIdleCallback: a short wait).
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(container.querySelector('[data-testid="part"]')?.textContent).toBe("popup");
    expect(container.querySelector('[data-phase="loading"]')).toBeNull();
  });
});
