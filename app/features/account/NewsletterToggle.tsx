import { useState } from "react";
import { post } from "../../lib/request";

/** The newsletter switch (/api/newsletter); turning it on sends a confirmation mail. */
export function NewsletterToggle({ enabled }: { enabled: boolean }) {
  const [on, setOn] = useState(enabled);
  const [note, setNote] = useState<string | null>(null);
  async function toggle(enable: boolean) {
    // The box follows the click at once and goes back if the server refuses.
    setOn(enable);
    setNote(null);
    const answer = await post<{ enable: boolean }>("/api/newsletter", { enable });
    if (!answer.result) {
      setOn(!enable);
      setNote(answer.error_message ?? "設定を変更できませんでした");
      return;
    }
    setOn(answer.enable);
    setNote(
      answer.enable
        ? "メールマガジンの配信を開始しました。確認メールをお送りしました。"
        : "メールマガジンの配信を停止しました。",
    );
  }
  return (
    <div className="account__section">
      <h2>メールマガジン</h2>
      <label className="check">
        <input
          type="checkbox"
          name="newsletter"
          checked={on}
          onChange={(e) => toggle(e.currentTarget.checked)}
        />
        <span>お得なキャンペーン情報をメールで受け取る</span>
      </label>
      {note ? (
        <p className="form-note" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
