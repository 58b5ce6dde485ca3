import { useState } from "react";
import { useRevalidator } from "react-router";
import { post } from "../../lib/request";

/** The 4-digit passcode field both lock forms use. */
function PasscodeField({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (v: string) => void;
  label: string;
}) {
  return (
    <label className="shelf-lock__field">
      <span>{label}</span>
      <input
        className="shelf-lock__input"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="\d{4}"
        maxLength={4}
        required
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, "").slice(0, 4))}
      />
    </label>
  );
}

/** 本棚ロック is shut: the shelf shows nothing until the passcode opens it (30 minutes). */
export function LockPanel() {
  const revalidator = useRevalidator();
  const [passcode, setPasscode] = useState("");
  return (
    <form
      className="shelf-lock"
      data-testid="shelf-locked"
      onSubmit={async (e) => {
        e.preventDefault();
        const answer = await post("/api/bookshelf/unlock", { passcode });
        setPasscode("");
        if (answer.result) revalidator.revalidate();
      }}
    >
      <p className="shelf-lock__title">本棚ロック中です</p>
      <p className="shelf-lock__note">暗証番号を入力すると30分間本棚を表示できます。</p>
      <PasscodeField value={passcode} onChange={setPasscode} label="暗証番号（4桁）" />
      <button type="submit" className="button button--primary" disabled={passcode.length !== 4}>
        ロックを解除
      </button>
    </form>
  );
}

/** Turning 本棚ロック on with a new passcode, or off with the current one. */
export function LockSettings({ enabled, locked }: { enabled: boolean; locked: boolean }) {
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [passcode, setPasscode] = useState("");
  if (locked) return null;
  return (
    <div className="shelf-lock-settings">
      <button
        type="button"
        className="shelf-lock-settings__toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        本棚ロック：{enabled ? "設定中" : "未設定"}
      </button>
      {open ? (
        <form
          className="shelf-lock-settings__form"
          onSubmit={async (e) => {
            e.preventDefault();
            const answer = await post("/api/bookshelf/lock", { passcode, enable: !enabled });
            setPasscode("");
            if (answer.result) {
              setOpen(false);
              revalidator.revalidate();
            }
          }}
        >
          <p className="shelf-lock__note">
            {enabled
              ? "本棚ロックを解除するには、設定した暗証番号を入力してください。"
              : "本棚ロックを設定すると、暗証番号を入力するまで本棚の作品が表示されなくなります。"}
          </p>
          <PasscodeField value={passcode} onChange={setPasscode} label="暗証番号（4桁）" />
          <button type="submit" className="button button--primary" disabled={passcode.length !== 4}>
            {enabled ? "本棚ロックを解除する" : "本棚ロックを設定する"}
          </button>
        </form>
      ) : null}
    </div>
  );
}
