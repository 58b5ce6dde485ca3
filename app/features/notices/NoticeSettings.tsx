import { useEffect, useState } from "react";
import { Link } from "react-router";
import { post } from "../../lib/request";
import { pushSubscribed, pushSupported, subscribePush, unsubscribePush } from "./push-subscription";
import "./notices.css";

/**
 * The account page's 新刊のお知らせ settings (decision 0114): the store's own list is always
 * kept; mail and this browser's Web Push are each opt-in. Which series are followed is each
 * series page's 「通知」 button.
 */
export function NoticeSettings({ mail: mailAtLoad }: { mail: boolean }) {
  const [mail, setMail] = useState(mailAtLoad);
  const [push, setPush] = useState(false);
  const [pushState, setPushState] = useState<"checking" | "ready" | "unsupported" | "busy">(
    "checking",
  );
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    if (!pushSupported()) {
      setPushState("unsupported");
      return;
    }
    let live = true;
    pushSubscribed()
      .then((on) => {
        if (live) setPush(on);
      })
      .catch(() => {})
      .finally(() => {
        if (live) setPushState("ready");
      });
    return () => {
      live = false;
    };
  }, []);

  async function toggleMail(enable: boolean) {
    setMail(enable);
    setNote(null);
    const answer = await post<{ mail: boolean }>("/api/notice_settings", { mail: enable });
    if (!answer.result) {
      setMail(!enable);
      return;
    }
    setMail(answer.mail);
    setNote(
      answer.mail
        ? "新刊のお知らせをメールでお送りします。"
        : "新刊のお知らせのメールを停止しました。",
    );
  }

  async function togglePush(enable: boolean) {
    setPushState("busy");
    setNote(null);
    try {
      if (enable) {
        const outcome = await subscribePush();
        setPush(outcome === "subscribed");
        setNote(
          outcome === "subscribed"
            ? "このブラウザに新刊のお知らせを通知します。"
            : outcome === "denied"
              ? "ブラウザの設定で通知が許可されていません。許可してからもう一度お試しください。"
              : "通知を設定できませんでした。時間をおいてもう一度お試しください。",
        );
      } else {
        await unsubscribePush();
        setPush(false);
        setNote("このブラウザへの通知を停止しました。");
      }
    } catch {
      setNote("通知を設定できませんでした。時間をおいてもう一度お試しください。");
    } finally {
      setPushState("ready");
    }
  }

  return (
    <div className="account__section" id="notice-settings">
      <h2>新刊のお知らせ</h2>
      <p className="notice-settings__note">
        作品ページの「通知」をオンにした作品の新刊が配信されると、
        <Link to="/notices">新刊のお知らせ</Link>でお知らせします。
      </p>
      <label className="check">
        <input
          type="checkbox"
          name="notice_mail"
          checked={mail}
          onChange={(e) => toggleMail(e.currentTarget.checked)}
        />
        <span>メールでも受け取る</span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          name="notice_push"
          checked={push}
          disabled={pushState !== "ready"}
          onChange={(e) => togglePush(e.currentTarget.checked)}
        />
        <span>このブラウザの通知で受け取る</span>
      </label>
      {pushState === "unsupported" ? (
        <p className="notice-settings__note">このブラウザはプッシュ通知に対応していません。</p>
      ) : null}
      {note ? (
        <p className="form-note" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
