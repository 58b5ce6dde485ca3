import { Form, Link } from "react-router";
import {
  INQUIRY_KIND_LABELS,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  type InboxAnswer,
  type InquiryStatus,
} from "../../../contract/ops-inbox";
import { tokyoSlashDateTime } from "../../../contract/tokyo-time";

function pageHref(status: string | null, assignee: string | null, page: number): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (assignee) params.set("assignee", assignee);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/ops/inquiries?${query}` : "/ops/inquiries";
}

export function StatusTag({ status }: { status: InquiryStatus }) {
  return (
    <span className={`ops-tag ops-tag--inquiry-${status}`}>{INQUIRY_STATUS_LABELS[status]}</span>
  );
}

/**
 * /ops/inquiries: the messages of the store's forms, newest first, filtered by status and
 * assignee (a GET form, so a view can be linked), with each status's count under the assignee.
 */
export function InquiryInbox({ answer }: { answer: InboxAnswer & { me: number } }) {
  const { status, assignee, rows, total, page, page_size, counts, staff } = answer;
  const pages = Math.max(1, Math.ceil(total / page_size));
  return (
    <>
      <nav className="ops-panel ops-inbox-tabs" aria-label="状態ごとの件数">
        <Link to={pageHref(null, assignee, 1)} aria-current={status === null ? "page" : undefined}>
          すべて
        </Link>
        {INQUIRY_STATUSES.map((s) => (
          <Link
            key={s}
            to={pageHref(s, assignee, 1)}
            aria-current={status === s ? "page" : undefined}
          >
            {INQUIRY_STATUS_LABELS[s]}
            <span className="ops-count">{counts[s]}</span>
          </Link>
        ))}
      </nav>
      <Form method="get" className="ops-panel ops-filters" aria-label="絞り込み">
        <label className="ops-field">
          <span>状態</span>
          <select name="status" defaultValue={status ?? ""}>
            <option value="">すべて</option>
            {INQUIRY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {INQUIRY_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="ops-field">
          <span>担当</span>
          <select name="assignee" defaultValue={assignee ?? ""}>
            <option value="">すべて</option>
            <option value="me">自分</option>
            <option value="none">未割り当て</option>
            {staff.map((s) => (
              <option key={s.user_id} value={s.user_id}>
                {s.email ?? `#${s.user_id}`}
              </option>
            ))}
          </select>
        </label>
        <div className="ops-filters__buttons">
          <button type="submit" className="ops-button ops-button--primary">
            絞り込む
          </button>
          <Link className="ops-button ops-button--quiet" to="/ops/inquiries">
            条件をクリア
          </Link>
        </div>
      </Form>
      <section className="ops-panel" aria-labelledby="inquiry-list">
        <h2 id="inquiry-list">
          {total}件{total > page_size ? `（${page} / ${pages}ページ）` : ""}
        </h2>
        {rows.length === 0 ? (
          <p>条件に合うお問い合わせはありません。</p>
        ) : (
          <table className="ops-table ops-cards">
            <thead>
              <tr>
                <th scope="col">受付番号</th>
                <th scope="col">件名</th>
                <th scope="col">送信者</th>
                <th scope="col">受付日時</th>
                <th scope="col">状態</th>
                <th scope="col">担当</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.inquiry_id} data-inquiry-id={row.inquiry_id}>
                  <td data-label="受付番号">
                    <Link to={`/ops/inquiries/${row.inquiry_id}`}>{row.receipt_no}</Link>
                  </td>
                  <td data-label="件名">
                    <Link to={`/ops/inquiries/${row.inquiry_id}`}>
                      {row.subject ?? "（件名なし）"}
                    </Link>
                    <span className="ops-inbox-kind">
                      {INQUIRY_KIND_LABELS[row.kind] ?? row.kind}
                    </span>
                  </td>
                  <td data-label="送信者">
                    {row.email ?? "（アドレスなし）"}
                    {row.member_id ? (
                      <>
                        {" "}
                        <Link to={`/ops/members/${row.member_id}`}>会員 #{row.member_id}</Link>
                      </>
                    ) : null}
                  </td>
                  <td data-label="受付日時">{tokyoSlashDateTime(new Date(row.created_at))}</td>
                  <td data-label="状態">
                    <StatusTag status={row.status} />
                  </td>
                  <td data-label="担当">
                    {row.assignee ? (row.assignee.email ?? `#${row.assignee.user_id}`) : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pages > 1 ? (
          <nav className="ops-pager" aria-label="ページ送り">
            {page > 1 ? (
              <Link to={pageHref(status, assignee, page - 1)} rel="prev">
                ← 前へ
              </Link>
            ) : (
              <span />
            )}
            {page < pages ? (
              <Link to={pageHref(status, assignee, page + 1)} rel="next">
                次へ →
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}
