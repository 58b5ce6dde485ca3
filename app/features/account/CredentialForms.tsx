import { useState } from "react";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../contract/account";
import { formText, useApiForm } from "../../lib/use-api-form";

const OTHER_SESSIONS_NOTE = "変更すると、ほかの端末ではログアウトされます。";

function Done({ message }: { message: string }) {
  return (
    <p className="form-note" role="status">
      {message}
    </p>
  );
}

/** E-mail change: the current password proves it is the member (/api/account/email). */
export function EmailChangeForm() {
  const [done, setDone] = useState<string | null>(null);
  const { busy, problem, onSubmit } = useApiForm<{ email: string }>(
    "/api/account/email",
    (form) => ({
      email: formText(form, "email"),
      current_password: formText(form, "current_password"),
    }),
    (answer) => setDone(answer.email),
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
      <p className="form-note">{OTHER_SESSIONS_NOTE}</p>
      {problem ? (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {done ? <Done message={`メールアドレスを${done}に変更しました`} /> : null}
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
      {problem ? (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {done ? <Done message="パスワードを変更しました" /> : null}
      <button type="submit" className="button" disabled={busy && !done}>
        パスワードを変更する
      </button>
    </form>
  );
}
