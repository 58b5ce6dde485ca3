import { type ReactNode, useState } from "react";
import { useRevalidator } from "react-router";
import {
  GRANT_POINT_DAYS,
  GRANT_POINT_MAX,
  SUPPORT_REASON_MAX,
} from "../../../contract/ops-members";
import { post } from "../../lib/request";
import { formText } from "../../lib/use-api-form";

/**
 * One support action: a form posted as JSON to its /api/ops/members call. The server checks the
 * input and the role and answers a refusal's message, shown under the form; on success the form
 * is cleared and the member's page loaded again, so it shows what the server now holds.
 */
export function ActionForm(props: {
  url: string;
  toBody: (form: FormData) => unknown;
  submitLabel: string;
  done: string;
  onDone: (message: string) => void;
  confirm?: string;
  danger?: boolean;
  label: string;
  children: ReactNode;
}) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (props.confirm && !window.confirm(props.confirm)) return;
    const form = event.currentTarget;
    setBusy(true);
    setProblem(null);
    const answer = await post(props.url, props.toBody(new FormData(form)), {
      ownsFailure: () => true,
    });
    setBusy(false);
    if (answer.result) {
      form.reset();
      props.onDone(props.done);
      await revalidator.revalidate();
      return;
    }
    setProblem(answer.error_message ?? "操作できませんでした");
  }

  return (
    <form className="ops-action" aria-label={props.label} onSubmit={onSubmit} noValidate>
      {props.children}
      <button
        type="submit"
        className={
          props.danger ? "ops-button ops-button--danger" : "ops-button ops-button--primary"
        }
        disabled={busy}
      >
        {props.submitLabel}
      </button>
      {problem ? (
        <p className="ops-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** The reason every action asks for: kept in the audit log; for points and presents the member reads it. */
export function ReasonField({ hint }: { hint: string }) {
  return (
    <label className="ops-field ops-action__reason">
      <span>理由（{hint}）</span>
      <input name="reason" type="text" required maxLength={SUPPORT_REASON_MAX} />
    </label>
  );
}

const reasonOf = (form: FormData) => ({ reason: formText(form, "reason") });

/** The actions panel of a member's page, for roles holding members.write. */
export function MemberActions(props: {
  memberId: number;
  locked: boolean;
  liveSessions: number;
  onDone: (message: string) => void;
}) {
  const { memberId, locked, onDone } = props;
  const base = `/api/ops/members/${memberId}`;
  const [presentKind, setPresentKind] = useState<"point" | "volume">("point");
  return (
    <section className="ops-panel ops-actions" aria-labelledby="member-actions">
      <h2 id="member-actions">サポート操作</h2>
      <p className="ops-note">すべての操作は理由とともに操作履歴に記録されます。</p>
      <div className="ops-actions__grid">
        <ActionForm
          label="ポイントを付与"
          url={`${base}/points`}
          toBody={(form) => ({
            point: formText(form, "point"),
            valid_days: formText(form, "valid_days"),
            ...reasonOf(form),
          })}
          submitLabel="ポイントを付与"
          done="ポイントを付与しました。会員のポイント履歴に理由とともに表示されます。"
          onDone={onDone}
        >
          <h3>ポイントを付与</h3>
          <div className="ops-action__row">
            <label className="ops-field">
              <span>ポイント</span>
              <input name="point" type="number" min={1} max={GRANT_POINT_MAX} required />
            </label>
            <label className="ops-field">
              <span>有効日数</span>
              <input
                name="valid_days"
                type="number"
                min={1}
                max={3650}
                defaultValue={GRANT_POINT_DAYS}
              />
            </label>
          </div>
          <ReasonField hint="会員のポイント履歴に表示されます" />
        </ActionForm>

        <ActionForm
          label="プレゼントを贈る"
          url={`${base}/presents`}
          toBody={(form) =>
            presentKind === "point"
              ? { kind: "point", point: formText(form, "point"), ...reasonOf(form) }
              : { kind: "volume", book_id: formText(form, "book_id"), ...reasonOf(form) }
          }
          submitLabel="プレゼントボックスに贈る"
          done="プレゼントボックスに贈りました。"
          onDone={onDone}
        >
          <h3>プレゼントを贈る</h3>
          <div className="ops-action__row">
            <label className="ops-field">
              <span>内容</span>
              <select
                name="kind"
                value={presentKind}
                onChange={(event) =>
                  setPresentKind(event.currentTarget.value as "point" | "volume")
                }
              >
                <option value="point">ポイント</option>
                <option value="volume">巻（巻ID）</option>
              </select>
            </label>
            {presentKind === "point" ? (
              <label className="ops-field">
                <span>ポイント</span>
                <input name="point" type="number" min={1} max={GRANT_POINT_MAX} required />
              </label>
            ) : (
              <label className="ops-field">
                <span>巻ID</span>
                <input name="book_id" type="number" min={1} required />
              </label>
            )}
          </div>
          <ReasonField hint="プレゼントのメッセージとして表示されます" />
        </ActionForm>

        <ActionForm
          label="セッションを終了"
          url={`${base}/sessions/revoke`}
          toBody={reasonOf}
          submitLabel="すべてのセッションを終了"
          done="会員のすべてのセッションを終了しました。"
          confirm="この会員をすべての端末からログアウトさせます。よろしいですか？"
          onDone={onDone}
        >
          <h3>セッションを終了</h3>
          <p className="ops-action__text">
            ログイン中のセッション：{props.liveSessions}件。終了すると次の操作でログアウトされます。
          </p>
          <ReasonField hint="操作履歴にのみ記録されます" />
        </ActionForm>

        <ActionForm
          label={locked ? "ロックを解除" : "アカウントをロック"}
          url={`${base}/${locked ? "unlock" : "lock"}`}
          toBody={reasonOf}
          submitLabel={locked ? "ロックを解除" : "アカウントをロック"}
          done={locked ? "ロックを解除しました。" : "アカウントをロックしました。"}
          confirm={
            locked
              ? undefined
              : "この会員はログインできなくなり、すべてのセッションが終了します。よろしいですか？"
          }
          danger={!locked}
          onDone={onDone}
        >
          <h3>{locked ? "ロックを解除" : "アカウントをロック"}</h3>
          <p className="ops-action__text">
            {locked
              ? "解除すると、会員は再びログインできます。"
              : "ロック中はログインできず、ログイン時に「ご利用いただけません」と表示されます。"}
          </p>
          <ReasonField hint="操作履歴にのみ記録されます" />
        </ActionForm>
      </div>
    </section>
  );
}
