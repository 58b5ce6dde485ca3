import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { type SessionStatus, type UserStatus, VISITOR_USER_STATUS } from "../../../contract/status";
import { ShellStateProvider } from "../../lib/shell";
import { MemberDialogs } from "./MemberDialogs";

const status = { is_login: true } as SessionStatus;

function render(patch: Partial<UserStatus>, login = true) {
  const user = { ...structuredClone(VISITOR_USER_STATUS), ...patch } as UserStatus;
  return renderToStaticMarkup(
    <MemoryRouter>
      <ShellStateProvider shell={{ status: { ...status, is_login: login }, user }}>
        <MemberDialogs />
      </ShellStateProvider>
    </MemoryRouter>,
  );
}

describe("the home page's member dialogs", () => {
  it("asks for the terms agreement first and holds the stamp dialog back meanwhile", () => {
    const html = render({ display_agreement_flag: true, is_today_stamp: false });
    expect(html).toContain("利用規約改定のお知らせ");
    expect(html).toContain("同意する");
    expect(html).not.toContain("stamp-dialog-title");
  });

  it("with the terms agreed, a member without today's stamp gets the stamp dialog", () => {
    const html = render({ display_agreement_flag: false, is_today_stamp: false });
    expect(html).not.toContain("利用規約改定のお知らせ");
    expect(html).toContain('data-state="loading"');
  });

  it("nothing once today's stamp is pressed, and nothing for visitors", () => {
    expect(render({ display_agreement_flag: false, is_today_stamp: true })).toBe("");
    expect(render({ display_agreement_flag: true, is_today_stamp: false }, false)).toBe("");
  });
});
