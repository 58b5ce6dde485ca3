import { Form, Link } from "react-router";
import type { MemberMatch, MemberSearchAnswer } from "../../../contract/ops-members";
import { tokyoSlashDate } from "../../../contract/tokyo-time";

const MATCHED: Record<MemberMatch, string> = {
  email: "メールアドレス",
  nickname: "ニックネーム",
  member_id: "会員ID",
  order_id: "注文番号",
  newest: "新着",
};

function pageHref(q: string | null, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/ops/members?${query}` : "/ops/members";
}

/**
 * /ops/members: one search box for an address, a nickname, a member id or an order number (a GET
 * form, so a search can be linked and reloaded); blank lists the newest members.
 */
export function MemberSearch({ answer }: { answer: MemberSearchAnswer }) {
  const { q, rows, total, page, page_size } = answer;
  const pages = Math.max(1, Math.ceil(total / page_size));
  return (
    <>
      <Form method="get" className="ops-panel ops-member-search" role="search">
        <label className="ops-field">
          <span>メールアドレス・ニックネーム・会員ID・注文番号</span>
          <input
            type="search"
            name="q"
            defaultValue={q ?? ""}
            maxLength={254}
            placeholder="例: demo@komaya.example / 12345"
            autoComplete="off"
          />
        </label>
        <button type="submit" className="ops-button ops-button--primary">
          検索
        </button>
      </Form>
      <section className="ops-panel" aria-labelledby="member-results">
        <h2 id="member-results">
          {q ? `「${q}」の検索結果 ` : "新しく登録した会員 "}
          {total}件{total > page_size ? `（${page} / ${pages}ページ）` : ""}
        </h2>
        {rows.length === 0 ? (
          <p>該当する会員は見つかりませんでした。</p>
        ) : (
          <table className="ops-table ops-cards">
            <thead>
              <tr>
                <th scope="col">会員ID</th>
                <th scope="col">メールアドレス</th>
                <th scope="col">ニックネーム</th>
                <th scope="col">登録日</th>
                <th scope="col">状態</th>
                <th scope="col">一致</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.user_id} data-member-id={row.user_id}>
                  <td data-label="会員ID">
                    <Link to={`/ops/members/${row.user_id}`}>#{row.user_id}</Link>
                  </td>
                  <td data-label="メールアドレス">
                    <Link to={`/ops/members/${row.user_id}`}>{row.email ?? "（退会済み）"}</Link>
                  </td>
                  <td data-label="ニックネーム">{row.nickname ?? "—"}</td>
                  <td data-label="登録日">{tokyoSlashDate(new Date(row.signup_at))}</td>
                  <td data-label="状態">
                    {row.left ? (
                      <span className="ops-tag">退会</span>
                    ) : row.locked ? (
                      <span className="ops-tag ops-tag--alert">ロック中</span>
                    ) : (
                      "有効"
                    )}
                  </td>
                  <td data-label="一致">{MATCHED[row.matched]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pages > 1 ? (
          <nav className="ops-pager" aria-label="ページ送り">
            {page > 1 ? (
              <Link to={pageHref(q, page - 1)} rel="prev">
                ← 前へ
              </Link>
            ) : (
              <span />
            )}
            {page < pages ? (
              <Link to={pageHref(q, page + 1)} rel="next">
                次へ →
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}
