import { useEffect, useRef, useState } from "react";
import { useHydrated } from "./useHydrated";

/** "123 / 2000文字", announced politely so screen-reader users hear it when near the limit. */
function CharCount({ id, length, max }: { id: string; length: number; max: number }) {
  const near = length > max * 0.9;
  return (
    <span id={id} className="char-count" data-near={near} aria-live={near ? "polite" : "off"}>
      {length} / {max}文字
    </span>
  );
}

/**
 * The long text of a message form (inquiry, opinion, request) with its label, 必須/任意 mark and
 * a count of what is typed against the limit. Sending replaces the form with the receipt, so a
 * new form starts from an empty count.
 */
export function CountedTextarea(props: {
  id: string;
  name: string;
  label: string;
  max: number;
  rows: number;
  required?: boolean;
}) {
  const { id, name, label, max, rows, required = false } = props;
  const [length, setLength] = useState(0);
  const field = useRef<HTMLTextAreaElement>(null);
  // Text typed before the page went live stays in the field; count it once React is here.
  useEffect(() => setLength(field.current?.value.length ?? 0), []);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? <span className="required">必須</span> : <span className="optional">任意</span>}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={max}
        required={required}
        aria-describedby={`${id}-count`}
        ref={field}
        onChange={(e) => setLength(e.target.value.length)}
      />
      <CharCount id={`${id}-count`} length={length} max={max} />
    </div>
  );
}

/** The send button: usable once the page is live, showing 送信中… while the message goes. */
export function SendButton({ busy, label }: { busy: boolean; label: string }) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className="button button--primary button--block"
      disabled={busy || !hydrated}
    >
      {busy ? "送信中…" : label}
    </button>
  );
}
