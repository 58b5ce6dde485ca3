import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { post } from "../../lib/request";

/**
 * The terms agreement dialog (spec 001 §3 display_agreement_flag, POST /api/agree): members who
 * agreed before the terms changed must agree again; it cannot be dismissed any other way.
 */
export function AgreementDialog({ onAgreed }: { onAgreed: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const agree = async () => {
    setSending(true);
    const answer = await post("/api/agree");
    setSending(false);
    if (answer.result) {
      ref.current?.close();
      onAgreed();
    }
  };
  return (
    <dialog
      ref={ref}
      className="stamp-dialog agreement-dialog"
      aria-labelledby="agreement-title"
      onCancel={(e) => e.preventDefault()}
    >
      <header className="stamp-dialog__head">
        <h2 id="agreement-title" className="stamp-dialog__title">
          利用規約改定のお知らせ
        </h2>
      </header>
      <p className="agreement-dialog__body">
        利用規約を改定しました。内容をご確認のうえ、同意してご利用ください。
      </p>
      <footer className="stamp-dialog__foot">
        <Link to="/agreement" className="button" target="_blank" rel="noopener">
          利用規約を見る
        </Link>
        <button
          type="button"
          className="button button--primary"
          disabled={sending}
          onClick={() => void agree()}
        >
          同意する
        </button>
      </footer>
    </dialog>
  );
}
