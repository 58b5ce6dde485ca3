import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { shellAnswer } from "../../../contract/page-clock";
import { type SessionStatus, VISITOR_USER_STATUS } from "../../../contract/status";
import { ShellStateProvider } from "../../lib/shell";
import { DEBUG_VIEWS, DebugScreen, type DebugView } from "./DebugScreen";

const status = {
  is_login: true,
  today: "20261128",
  ctrl_group: 1,
  uid: "u-123",
  user_type: "staff",
  now: "2026-11-28 17:00:00",
  device: "pc",
  os: "mac",
} as unknown as SessionStatus;

const pages = [
  { pageName: "winter", pageType: "topic" as const, title: "冬の特集" },
  { pageName: "guide", pageType: "page" as const, title: "ご利用ガイド" },
];

function render(view: DebugView, nickname = "", shown = pages, path = "/debug") {
  const user = { ...structuredClone(VISITOR_USER_STATUS), nickname };
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <ShellStateProvider answer={shellAnswer(status, user)}>
        <DebugScreen view={view} pages={shown} />
      </ShellStateProvider>
    </MemoryRouter>,
  ).replaceAll(' data-discover="true"', "");
}

describe("the staff debug screens", () => {
  it("are titled by view and link all four debug screens", () => {
    expect(render("all")).toContain('<h1 class="debug__title">デバッグ</h1>');
    expect(render("session", "", pages, "/debug/debug1")).toContain(
      '<h1 class="debug__title">デバッグ1 セッション状態</h1>',
    );
    const html = render("all");
    for (const [path, v] of Object.entries(DEBUG_VIEWS)) {
      expect(html).toContain(`href="${path}">${v.title}</a>`);
    }
  });

  it("show who the shop thinks you are: UID, user_type, nickname or 未設定, the time and device", () => {
    const html = render("all");
    expect(html).toContain("<dt>UID</dt><dd>u-123</dd>");
    expect(html).toContain("<dt>user_type</dt><dd>staff</dd>");
    expect(html).toContain("<dt>ニックネーム</dt><dd>未設定</dd>");
    expect(html).toContain("<dt>時刻</dt>");
    expect(html).toContain("<dt>端末</dt><dd>pc / mac</dd>");
    expect(render("all", "はなこ")).toContain("<dt>ニックネーム</dt><dd>はなこ</dd>");
  });

  it("each view shows only its panels", () => {
    const all = render("all");
    expect(all).toContain("セッション状態（/api/status）");
    expect(all).toContain("ユーザー状態（/api/user）");
    expect(all).toContain("トピックページ</h2>");
    const session = render("session");
    expect(session).toContain('data-testid="debug-session"');
    expect(session).not.toContain('data-testid="debug-user"');
    expect(session).not.toContain("トピック編集テストを開く");
    const topics = render("topics");
    expect(topics).not.toContain('data-testid="debug-session"');
    expect(topics).toContain("トピック編集テストを開く");
  });

  it("list the topic pages with 表示 (the public page) and 編集 (the editor)", () => {
    const html = render("topics");
    expect(html).toContain("<code>/topic/winter</code></td><td>冬の特集</td>");
    expect(html).toContain('<a href="/topic/winter">表示</a>');
    expect(html).toContain('<a href="/debug/topic_test?page=winter&amp;type=topic">編集</a>');
    expect(html).toContain('<a href="/page/guide">表示</a>');
    expect(render("topics", "", [])).toContain("トピックページがありません。");
  });
});
