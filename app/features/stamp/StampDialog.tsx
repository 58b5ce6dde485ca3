import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Link } from "react-router";
import type { LoginStampsAnswer } from "../../../contract/stamp";
import { post } from "../../lib/request";
import { useShell } from "../../lib/shell";
import { StampCard } from "./StampCard";

/**
 * The login stamp dialog (popup type 8, spec 001 §2.7), opened by the popup queue: a member whose
 * stamp for today was pressed (by the day's first page) but not shown yet sees it land on the
 * card, shown through /api/login_stamps. Waits while the terms agreement dialog is open; `onDone`
 * lets the queue go on once it is closed or there was nothing to show.
 */
export function StampDialog({
  waiting,
  onDone,
  onShown,
}: {
  waiting: boolean;
  onDone?: () => void;
  onShown?: () => void;
}) {
  const { status, user, refreshUser } = useShell();
  const ref = useRef<HTMLDialogElement>(null);
  // "none": no card runs today, so there is nothing to show.
  const [answer, setAnswer] = useState<LoginStampsAnswer | "none" | null>(null);
  const [open, setOpen] = useState(false);
  const due = status.is_login && !user.is_today_stamp && !waiting;

  const settled = useEffectEvent(() => onDone?.());
  const shownNow = useEffectEvent(() => onShown?.());
  useEffect(() => {
    if (!due) return;
    let live = true;
    void post<LoginStampsAnswer>("/api/login_stamps").then((a) => {
      if (!live) return;
      // Only the first card to show today's stamp opens: another tab or /stamp may have shown it.
      const shown = a.result && a.stamps && a.status.press_flag ? a : "none";
      setAnswer(shown);
      setOpen(shown !== "none");
      if (shown === "none") settled();
      else shownNow();
    });
    return () => {
      live = false;
    };
  }, [due]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => {
    setOpen(false);
    void refreshUser();
    onDone?.();
  };
  if (!due && !answer) return null;
  const state = answer === null ? "loading" : answer === "none" ? "none" : open ? "open" : "closed";
  return (
    <dialog
      ref={ref}
      className="stamp-dialog"
      data-state={state}
      aria-labelledby="stamp-dialog-title"
      data-testid="stamp-dialog"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <header className="stamp-dialog__head">
        <h2 id="stamp-dialog-title" className="stamp-dialog__title">
          今日のログインスタンプ
        </h2>
        <button type="button" className="stamp-dialog__close" aria-label="閉じる" onClick={close}>
          ×
        </button>
      </header>
      {typeof answer === "object" && answer ? <StampCard answer={answer} isLogin /> : null}
      <footer className="stamp-dialog__foot">
        <Link to="/stamp" className="button" onClick={close}>
          スタンプカードを見る
        </Link>
        <button type="button" className="button button--primary" onClick={close}>
          閉じる
        </button>
      </footer>
    </dialog>
  );
}
