import { useState } from "react";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../contract/account-rules";
import { FormProblem } from "../../components/FormProblem";
import { formText, useApiForm } from "../../lib/use-api-form";

const OTHER_SESSIONS_NOTE = "変更すると、ほかの端末ではログアウトされます。";

function Done({ message }: { message: string }) {
  return (
    <p className="form-note" role="status">
      {message}
    </p>
  );
}

/**
 * E-mail change: the current password proves it is the member (/api/account/email); the change
 * happens when the link mailed to the new address is followed (decision 0051).
 */
export function EmailChangeForm() {
  const [done, setDone] = useState<string | null>(null);
  const { busy, problem, onSubmit } = useApiForm<{ pending_email: string }>(
    "/api/account/email",
    (form) => ({
      email: formText(form, "email"),
      current_password: formText(form, "current_password"),
    }),
    (answer) => setDone(answer.pending_email),
    "メールアドレスを変更できませんでした",
  );
  return (
    <form
      className="account__section"
      method="post"
      onSubmit={onSubmit}
      aria-label="メールアドレスの変更"
    >
      <h2>メールアドレスの変更</h2>
      <label className="field">
        <span className="field__label">新しいメールアドレス</span>
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <label className="field">
        <span className="field__label">現在のパスワード</span>
        <input name="current_password" type="password" autoComplete="current-password" required />
      </label>
      <p className="form-note">
        新しいアドレスに届く確認メールのリンクを開くと変更が完了し、ほかの端末ではログアウトされます。
      </p>
      <FormProblem problem={problem} />
      {done ? (
        <Done
          message={`${done} に確認メールを送信しました。メールのリンクを開くと変更が完了します（24時間有効）。`}
        />
      ) : null}
      <button type="submit" className="button" disabled={busy && !done}>
        メールアドレスを変更する
      </button>
    </form>
  );
}

/** Password change with the current password (/api/account/password). */
export function PasswordChangeForm() {
  const [done, setDone] = useState(false);
  const { busy, problem, onSubmit } = useApiForm(
    "/api/account/password",
    (form) => ({
      current_password: formText(form, "current_password"),
      new_password: formText(form, "new_password"),
    }),
    () => setDone(true),
    "パスワードを変更できませんでした",
  );
  return (
    <form
      className="account__section"
      method="post"
      onSubmit={onSubmit}
      aria-label="パスワードの変更"
    >
      <h2>パスワードの変更</h2>
      <label className="field">
        <span className="field__label">現在のパスワード</span>
        <input name="current_password" type="password" autoComplete="current-password" required />
      </label>
      <label className="field">
        <span className="field__label">新しいパスワード（{PASSWORD_MIN}文字以上）</span>
        <input
          name="new_password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          required
        />
      </label>
      <p className="form-note">{OTHER_SESSIONS_NOTE}</p>
      <FormProblem problem={problem} />
      {done ? <Done message="パスワードを変更しました" /> : null}
      <button type="submit" className="button" disabled={busy && !done}>
        パスワードを変更する
      </button>
    </form>
  );
}

/**
 * A new member's address waits for the link of the welcome mail (decision 0051); reviews wait
 * for it. The member may have it sent again.
 */
export function EmailVerification() {
  const [sent, setSent] = useState(false);
  const { busy, problem, onSubmit } = useApiForm(
    "/api/account/email/verify",
    () => ({}),
    () => setSent(true),
    "確認メールを送信できませんでした",
  );
  return (
    <form className="account__notice" method="post" onSubmit={onSubmit}>
      <p>
        メールアドレスの確認が済んでいません。登録時のメールのリンクを開くと確認が完了し、レビューを投稿できるようになります。
      </p>
      <FormProblem problem={problem} />
      {sent ? <Done message="確認メールを送信しました。メールのリンクを開いてください。" /> : null}
      <button type="submit" className="button" disabled={busy || sent}>
        確認メールを再送する
      </button>
    </form>
  );
}
