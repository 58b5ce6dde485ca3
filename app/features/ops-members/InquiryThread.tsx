import { useState } from "react";
import { Link } from "react-router";
import {
  INQUIRY_KIND_LABELS,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  INQUIRY_TEXT_MAX,
  type InquiryAnswer,
} from "../../../contract/ops-inbox";
import { tokyoSlashDateTime } from "../../../contract/tokyo-time";
import { formText } from "../../lib/use-api-form";
import { StatusTag } from "./InquiryInbox";
import { ActionForm } from "./MemberActions";

const at = (iso: string) => tokyoSlashDateTime(new Date(iso));

/**
 * /ops/inquiries/{id}: the message, its thread of internal notes and mailed replies (oldest
 * first), and — for roles that may act — status, assignment, a note and a reply.
 */
export function InquiryThread({ page }: { page: InquiryAnswer & { me: number; mayAct: boolean } }) {
  const { inquiry, entries, staff, me, mayAct } = page;
  const [notice, setNotice] = useState<string | null>(null);
  const base = `/api/ops/inquiries/${inquiry.inquiry_id}`;
  const assignedToMe = inquiry.assignee?.user_id === me;
  return (
    <>
      <p className="ops-back">
        <Link to="/ops/inquiries">← お問い合わせ一覧</Link>
      </p>
      <h1 className="ops-title">
        {inquiry.subject ?? "（件名なし）"}
        <span className="ops-title__sub">{inquiry.receipt_no}</span>
      </h1>
      {notice ? (
        <p className="ops-notice" role="status">
          {notice}
        </p>
      ) : null}
      <section className="ops-panel" aria-labelledby="inquiry-facts">
        <h2 id="inquiry-facts">
          {INQUIRY_KIND_LABELS[inquiry.kind] ?? inquiry.kind} <StatusTag status={inquiry.status} />
        </h2>
        <dl className="ops-member-facts">
          <dt>送信者</dt>
          <dd>
            {inquiry.email ?? "（アドレスなし）"}
            {inquiry.member_id ? (
              <>
                {" "}
                <Link to={`/ops/members/${inquiry.member_id}`}>会員 #{inquiry.member_id}</Link>
              </>
            ) : (
              "（非会員）"
            )}
          </dd>
          <dt>受付日時</dt>
          <dd>{at(inquiry.created_at)}</dd>
          <dt>担当</dt>
          <dd data-testid="inquiry-assignee">
            {inquiry.assignee
              ? (inquiry.assignee.email ?? `#${inquiry.assignee.user_id}`)
              : "未割り当て"}
          </dd>
        </dl>
        <p className="ops-quote ops-inquiry-body">{inquiry.body}</p>
      </section>

      <section className="ops-panel" aria-labelledby="inquiry-thread">
        <h2 id="inquiry-thread">
          対応履歴<span className="ops-count">{entries.length}件</span>
        </h2>
        {entries.length === 0 ? (
          <p className="ops-note">まだメモや返信はありません。</p>
        ) : (
          <ol className="ops-thread">
            {entries.map((e) => (
              <li
                key={e.inquiry_entry_id}
                className={`ops-thread__entry ops-thread__entry--${e.kind}`}
              >
                <p className="ops-thread__head">
                  <strong>
                    {e.kind === "reply"
                      ? "返信（メール送信）"
                      : "社内メモ（お客様には表示されません）"}
                  </strong>
                  <span>
                    {at(e.created_at)}・{e.staff.email ?? `#${e.staff.user_id}`}
                    {e.to_address ? `・宛先 ${e.to_address}` : ""}
                  </span>
                </p>
                <p className="ops-quote">{e.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      {mayAct ? (
        <section className="ops-panel ops-actions" aria-labelledby="inquiry-actions">
          <h2 id="inquiry-actions">対応</h2>
          {/* Keyed by what the selects show, so they follow the page after each change. */}
          <div
            className="ops-actions__grid"
            key={`${inquiry.assignee?.user_id ?? "none"}-${inquiry.status}`}
          >
            <ActionForm
              label="担当"
              url={`${base}/assign`}
              toBody={(form) => {
                const v = formText(form, "assignee");
                return { assignee: v === "" ? null : Number(v) };
              }}
              submitLabel="担当を変更"
              done="担当を変更しました"
              onDone={setNotice}
            >
              <label className="ops-field">
                <span>担当</span>
                <select name="assignee" defaultValue={inquiry.assignee?.user_id ?? ""}>
                  <option value="">未割り当て</option>
                  {staff.map((s) => (
                    <option key={s.user_id} value={s.user_id}>
                      {s.email ?? `#${s.user_id}`}
                      {s.user_id === me ? "（自分）" : ""}
                    </option>
                  ))}
                </select>
              </label>
            </ActionForm>
            {!assignedToMe ? (
              <ActionForm
                label="自分が担当する"
                url={`${base}/assign`}
                toBody={() => ({ assignee: me })}
                submitLabel="自分が担当する"
                done="担当になりました"
                onDone={setNotice}
              >
                <p className="ops-note">新規のお問い合わせは「対応中」になります。</p>
              </ActionForm>
            ) : null}
            <ActionForm
              label="状態"
              url={`${base}/status`}
              toBody={(form) => ({ status: formText(form, "status") })}
              submitLabel="状態を変更"
              done="状態を変更しました"
              onDone={setNotice}
            >
              <label className="ops-field">
                <span>状態</span>
                <select name="status" defaultValue={inquiry.status}>
                  {INQUIRY_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {INQUIRY_STATUS_LABELS[s]}
                    </option>
                  ))}
                </select>
              </label>
            </ActionForm>
          </div>
          <ActionForm
            label="返信"
            url={`${base}/replies`}
            toBody={(form) => ({
              body: formText(form, "body"),
              status: formText(form, "status"),
            })}
            submitLabel="返信を送信"
            done={`返信を ${inquiry.email ?? ""} 宛てに送信しました`}
            onDone={setNotice}
            confirm={
              inquiry.email ? `${inquiry.email} 宛てに返信メールを送信しますか？` : undefined
            }
          >
            <label className="ops-field">
              <span>返信（{inquiry.email ?? "アドレスなし"} 宛てにメールで送信されます）</span>
              <textarea name="body" rows={6} maxLength={INQUIRY_TEXT_MAX} required />
            </label>
            <label className="ops-field">
              <span>送信後の状態</span>
              <select name="status" defaultValue="answered">
                <option value="answered">回答済み</option>
                <option value="in_progress">対応中</option>
              </select>
            </label>
          </ActionForm>
          <ActionForm
            label="社内メモ"
            url={`${base}/notes`}
            toBody={(form) => ({ body: formText(form, "body") })}
            submitLabel="メモを追加"
            done="メモを追加しました"
            onDone={setNotice}
          >
            <label className="ops-field">
              <span>社内メモ（スタッフだけが読めます）</span>
              <textarea name="body" rows={3} maxLength={INQUIRY_TEXT_MAX} required />
            </label>
          </ActionForm>
        </section>
      ) : null}
    </>
  );
}
