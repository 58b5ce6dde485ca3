import { useState } from "react";
import { INTRODUCTION_MAX, NICKNAME_MAX } from "../../../contract/account-rules";
import { FormProblem } from "../../components/FormProblem";
import { useShell } from "../../lib/shell";
import { formText, useApiForm } from "../../lib/use-api-form";

/** Nickname and introduction, saved through /api/profile (shown on the member's reviews). */
export function ProfileForm({
  nickname,
  introduction,
}: {
  nickname: string;
  introduction: string;
}) {
  const [saved, setSaved] = useState(false);
  const { refreshUser } = useShell();
  const { busy, problem, onSubmit } = useApiForm(
    "/api/profile",
    (form) => {
      setSaved(false);
      return { nickname: formText(form, "nickname"), introduction: formText(form, "introduction") };
    },
    () => {
      setSaved(true);
      // The header and the drawer show the nickname from the user status: ask it anew.
      void refreshUser();
    },
    "プロフィールを保存できませんでした",
  );
  return (
    <form className="account__section" method="post" onSubmit={onSubmit}>
      <h2>プロフィール</h2>
      <label className="field">
        <span className="field__label">ニックネーム</span>
        <input name="nickname" defaultValue={nickname} maxLength={NICKNAME_MAX} />
      </label>
      <label className="field">
        <span className="field__label">自己紹介</span>
        <textarea
          name="introduction"
          defaultValue={introduction}
          maxLength={INTRODUCTION_MAX}
          rows={4}
        />
      </label>
      <FormProblem problem={problem} />
      <button type="submit" className="button button--primary" disabled={busy && !saved}>
        保存する
      </button>
      {saved ? (
        <p className="form-note" role="status">
          プロフィールを保存しました
        </p>
      ) : null}
    </form>
  );
}
