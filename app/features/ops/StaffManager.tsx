import { useState } from "react";
import { useRevalidator } from "react-router";
import { EMAIL_MAX } from "../../../contract/account-rules";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../../contract/ops-roles";
import { tokyoSlashDate } from "../../../contract/tokyo-time";
import { post } from "../../lib/request";
import { formText, useApiForm } from "../../lib/use-api-form";

export interface StaffRow {
  userId: number;
  email: string | null;
  nickname: string | null;
  role: StaffRole;
  enrolled: boolean;
  disabled: boolean;
  createdAt: string;
}

function RoleSelect(props: { name: string; defaultValue: StaffRole; label: string; id?: string }) {
  return (
    <select
      name={props.name}
      defaultValue={props.defaultValue}
      aria-label={props.label}
      id={props.id}
    >
      {STAFF_ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}

/**
 * /ops/staff: add a member as staff, change a role, disable or enable an account, reset a lost
 * authenticator. Each is one /api/ops call, checked and audited on the server; the list is then
 * loaded again, so it shows what the server holds.
 */
export function StaffManager({ me, staff }: { me: number; staff: StaffRow[] }) {
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const add = useApiForm(
    "/api/ops/staff",
    (form) => ({ email: formText(form, "email"), role: formText(form, "role") }),
    () => {
      setNotice("スタッフを追加しました。次回ログイン時に二段階認証を設定してもらってください。");
      void revalidator.revalidate();
    },
    "追加できませんでした",
    { ownsFailure: () => true },
  );

  async function act(row: StaffRow, path: string, body: unknown, done: string, ask?: string) {
    if (ask && !window.confirm(ask)) return;
    setBusy(row.userId);
    setNotice(null);
    const answer = await post(`/api/ops/staff/${row.userId}/${path}`, body);
    setBusy(null);
    if (answer.result) {
      setNotice(done);
      await revalidator.revalidate();
    }
  }

  const who = (row: StaffRow) => row.nickname ?? row.email ?? `#${row.userId}`;

  return (
    <>
      {notice ? (
        <p className="ops-notice" role="status">
          {notice}
        </p>
      ) : null}
      <section className="ops-panel" aria-labelledby="staff-list">
        <h2 id="staff-list">スタッフ一覧（{staff.length}名）</h2>
        <ul className="ops-staff">
          {staff.map((row) => (
            <li
              key={row.userId}
              className={row.disabled ? "ops-staff__row is-disabled" : "ops-staff__row"}
              data-email={row.email ?? ""}
            >
              <div className="ops-staff__who">
                <strong>{who(row)}</strong>
                <span className="ops-staff__email">{row.email}</span>
                <span className="ops-staff__facts">
                  {row.disabled ? "無効" : "有効"}・二段階認証
                  {row.enrolled ? "設定済み" : "未設定"}・{tokyoSlashDate(new Date(row.createdAt))}
                  登録
                </span>
              </div>
              {row.userId === me ? (
                <p className="ops-staff__self">
                  {ROLE_LABELS[row.role]}（ご自身の権限と状態は、ほかの管理者が変更します）
                </p>
              ) : (
                <div className="ops-staff__actions">
                  <form
                    className="ops-inline"
                    onSubmit={(event) => {
                      event.preventDefault();
                      const role = formText(new FormData(event.currentTarget), "role");
                      void act(
                        row,
                        "role",
                        { role },
                        `${who(row)}さんの権限を${ROLE_LABELS[role as StaffRole]}に変更しました。`,
                      );
                    }}
                  >
                    <RoleSelect
                      name="role"
                      defaultValue={row.role}
                      label={`${who(row)}さんの権限`}
                    />
                    <button type="submit" className="ops-button" disabled={busy === row.userId}>
                      権限を変更
                    </button>
                  </form>
                  <button
                    type="button"
                    className="ops-button ops-button--quiet"
                    disabled={busy === row.userId}
                    onClick={() =>
                      row.disabled
                        ? act(row, "enable", {}, `${who(row)}さんのアカウントを有効にしました。`)
                        : act(
                            row,
                            "disable",
                            {},
                            `${who(row)}さんのアカウントを無効にしました。`,
                            `${who(row)}さんのアカウントを無効にします。ログイン中の運営画面からも直ちにログアウトされます。よろしいですか？`,
                          )
                    }
                  >
                    {row.disabled ? "有効にする" : "無効にする"}
                  </button>
                  {row.enrolled ? (
                    <button
                      type="button"
                      className="ops-button ops-button--quiet"
                      disabled={busy === row.userId}
                      onClick={() =>
                        act(
                          row,
                          "second-factor/reset",
                          {},
                          `${who(row)}さんの二段階認証をリセットしました。次回ログイン時に設定し直します。`,
                          `${who(row)}さんの二段階認証とリカバリーコードを取り消します。スマートフォンの紛失時などに使います。よろしいですか？`,
                        )
                      }
                    >
                      二段階認証をリセット
                    </button>
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="ops-panel" aria-labelledby="staff-add">
        <h2 id="staff-add">スタッフを追加</h2>
        <p>
          コマヤの会員アカウントをスタッフにします。相手には先に会員登録を済ませてもらい、そのメールアドレスを入力してください。
        </p>
        <form className="ops-form-row" method="post" onSubmit={add.onSubmit} noValidate>
          <label className="ops-field">
            <span>会員のメールアドレス</span>
            <input name="email" type="email" required maxLength={EMAIL_MAX} />
          </label>
          <div className="ops-field">
            <label htmlFor="staff-add-role">権限</label>
            <RoleSelect name="role" defaultValue="support" label="権限" id="staff-add-role" />
          </div>
          <button type="submit" className="ops-button ops-button--primary" disabled={add.busy}>
            追加する
          </button>
        </form>
        {add.problem ? (
          <p className="ops-problem" role="alert">
            {add.problem}
          </p>
        ) : null}
      </section>
    </>
  );
}
