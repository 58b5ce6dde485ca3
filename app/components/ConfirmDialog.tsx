import { useEffect, useRef } from "react";
import "./confirm-dialog.css";

/**
 * The generic confirm dialog of spec 000 §2: はい and いいえ (or given labels), optionally in
 * reversed order, 290 wide; Esc cancels.
 */
export function ConfirmDialog(props: {
  open: boolean;
  message: string;
  onYes: () => void;
  onNo: () => void;
  yesLabel?: string;
  noLabel?: string;
  reverse?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  const yes = (
    <button key="yes" type="button" className="button button--primary" onClick={props.onYes}>
      {props.yesLabel ?? "はい"}
    </button>
  );
  const no = (
    <button key="no" type="button" className="button" onClick={props.onNo}>
      {props.noLabel ?? "いいえ"}
    </button>
  );
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-label={props.message}
      // Esc fires cancel; the dialog is closed through state, like いいえ.
      onCancel={(event) => {
        event.preventDefault();
        props.onNo();
      }}
    >
      <p className="confirm-dialog__message">{props.message}</p>
      <div className="confirm-dialog__buttons">{props.reverse ? [no, yes] : [yes, no]}</div>
    </dialog>
  );
}
