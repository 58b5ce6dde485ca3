import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { shellAnswer } from "../../../contract/page-clock";
import { type SessionStatus, type UserStatus, VISITOR_USER_STATUS } from "../../../contract/status";
import { ShellStateProvider } from "../../lib/shell";
import { PopupHost } from "./PopupHost";

const status = { is_login: true, today: "20261124", ctrl_group: 1 } as SessionStatus;

function render(patch: Partial<UserStatus>, { login = true, path = "/home" } = {}) {
  const user = { ...structuredClone(VISITOR_USER_STATUS), ...patch } as UserStatus;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <ShellStateProvider answer={shellAnswer({ ...status, is_login: login }, user)}>
        <PopupHost />
      </ShellStateProvider>
    </MemoryRouter>,
  );
}

describe("the popup host on the home page", () => {
  it("asks for the terms agreement first and holds the stamp dialog back meanwhile", () => {
    const html = render({ display_agreement_flag: true, is_today_stamp: false });
    expect(html).toContain("利用規約改定のお知らせ");
    expect(html).not.toContain("stamp-dialog-title");
  });

  it("with the terms agreed, a member without today's stamp gets the stamp dialog (type 8)", () => {
    const html = render({ display_agreement_flag: false, is_today_stamp: false });
    expect(html).not.toContain("利用規約改定のお知らせ");
    expect(html).toContain('data-state="loading"');
  });

  it("no stamp once pressed, none for visitors, none off the home page", () => {
    expect(render({ is_today_stamp: true })).not.toContain("stamp-dialog");
    expect(render({ is_today_stamp: false }, { login: false })).not.toContain("stamp-dialog");
    expect(render({ is_today_stamp: false }, { path: "/series/1" })).not.toContain("stamp-dialog");
  });

  it("opens no popup before the page's popups are fetched", () => {
    const html = render({ is_today_stamp: true });
    expect(html).not.toContain('data-testid="popup"');
    expect(html).toContain('data-testid="popup-queue"');
  });
});

describe("the popup queue's phase", () => {
  it("is loading from the first render on a page with popups, idle elsewhere", () => {
    expect(render({ is_today_stamp: true })).toContain('data-phase="loading"');
    expect(render({ is_today_stamp: true }, { path: "/cart" })).toContain('data-phase="idle"');
  });
});
