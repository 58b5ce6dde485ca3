import { useId, useRef, useState } from "react";
import {
  CARD_BRAND_NAMES,
  type CardForm as CardFields,
  cardBrand,
  cardFormProblems,
  cvcLength,
  formatCardNumber,
  formatExpiry,
  type SavedCard,
} from "../../../contract/card-rules";
import { post } from "../../lib/request";
import "./card-form.css";

type AddAnswer = { status: "saved"; card: SavedCard } | { status: "declined"; reason: string };

const EMPTY: CardFields = { number: "", exp: "", cvc: "", name: "" };

/** A new request id per attempt: a double click sends one id, a retry after a decline a new one. */
function newRequestId(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * The card form (decision 0111): number with the brand named as it is typed and the Luhn check,
 * expiry MM/YY, security code (4 digits on American Express, 3 on the others) and the name in
 * capital romaji, each with the browser's card autofill. Problems show under their field; a card
 * the provider declines is said so in place, with 再試行, and nothing else on the page changes.
 */
export function CardForm({
  onSaved,
  onCancel,
  submitLabel = "カードを登録する",
}: {
  onSaved: (card: SavedCard) => void;
  onCancel?: () => void;
  submitLabel?: string;
}) {
  const id = useId();
  const [fields, setFields] = useState<CardFields>(EMPTY);
  const [shown, setShown] = useState<Partial<CardFields>>({});
  const [touched, setTouched] = useState<Partial<Record<keyof CardFields, boolean>>>({});
  const [declined, setDeclined] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const brand = cardBrand(fields.number);
  const cvcDigits = cvcLength(brand);

  const set = (key: keyof CardFields, value: string) => {
    const next = { ...fields, [key]: value };
    setFields(next);
    // A field's problem is updated as it is typed once it has been left: only that field's, so
    // fields not reached yet say nothing, and leaving the last field (at the press on the button)
    // does not move the button away from under the pointer by adding or removing their lines.
    if (touched[key]) setShown((s) => ({ ...s, [key]: cardFormProblems(next, Date.now())[key] }));
  };
  const leave = (key: keyof CardFields) => {
    setTouched((t) => ({ ...t, [key]: true }));
    const problems = cardFormProblems(fields, Date.now());
    setShown((s) => ({ ...s, [key]: problems[key] }));
  };

  async function save() {
    if (inFlight.current) return;
    const problems = cardFormProblems(fields, Date.now());
    setShown(problems);
    setTouched({ number: true, exp: true, cvc: true, name: true });
    if (Object.keys(problems).length > 0) return;
    inFlight.current = true;
    setBusy(true);
    setDeclined(null);
    setProblem(null);
    try {
      const answer = await post<AddAnswer>(
        "/api/payment_cards",
        { ...fields, name: fields.name.trim(), request_id: newRequestId() },
        { ownsFailure: () => true },
      );
      if (!answer.result) {
        const field = (answer.error as { field?: string } | undefined)?.field;
        // A field's 400 names it first ("number: …"); the form shows the words under the field.
        const message = (answer.error_message ?? "カードを登録できませんでした").replace(
          /^[a-z_]+: /,
          "",
        );
        if (field === "number" || field === "exp" || field === "cvc" || field === "name") {
          setShown((s) => ({ ...s, [field]: message }));
        } else setProblem(message);
        return;
      }
      if (answer.status === "declined") {
        setDeclined(answer.reason);
        return;
      }
      setFields(EMPTY);
      setShown({});
      setTouched({});
      onSaved(answer.card);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  const described = (key: keyof CardFields) => (shown[key] ? `${id}-${key}-problem` : undefined);
  const problemOf = (key: keyof CardFields) =>
    shown[key] ? (
      <small className="card-form__problem" id={`${id}-${key}-problem`}>
        {shown[key]}
      </small>
    ) : null;

  return (
    <form
      className="card-form"
      aria-label="カード情報"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="field">
        <span className="field__label">
          カード番号
          <span className="card-form__brand" data-testid="card-brand" aria-live="polite">
            {brand ? CARD_BRAND_NAMES[brand] : ""}
          </span>
        </span>
        <input
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          value={fields.number}
          aria-invalid={shown.number ? true : undefined}
          aria-describedby={described("number")}
          onChange={(e) => set("number", formatCardNumber(e.currentTarget.value))}
          onBlur={() => leave("number")}
        />
        {problemOf("number")}
      </label>
      <div className="card-form__row">
        <label className="field">
          <span className="field__label">有効期限（月/年）</span>
          <input
            name="exp"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            value={fields.exp}
            aria-invalid={shown.exp ? true : undefined}
            aria-describedby={described("exp")}
            onChange={(e) => set("exp", formatExpiry(e.currentTarget.value))}
            onBlur={() => leave("exp")}
          />
          {problemOf("exp")}
        </label>
        <label className="field">
          <span className="field__label">セキュリティコード</span>
          <input
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={cvcDigits === 4 ? "4桁" : "3桁"}
            maxLength={cvcDigits}
            value={fields.cvc}
            aria-invalid={shown.cvc ? true : undefined}
            aria-describedby={described("cvc")}
            onChange={(e) => set("cvc", e.currentTarget.value.replace(/\D/g, ""))}
            onBlur={() => leave("cvc")}
          />
          {problemOf("cvc")}
        </label>
      </div>
      <label className="field">
        <span className="field__label">名義（ローマ字）</span>
        <input
          name="name"
          autoComplete="cc-name"
          autoCapitalize="characters"
          placeholder="TARO KOMAYA"
          maxLength={45}
          value={fields.name}
          aria-invalid={shown.name ? true : undefined}
          aria-describedby={described("name")}
          onChange={(e) => set("name", e.currentTarget.value.toUpperCase())}
          onBlur={() => leave("name")}
        />
        {problemOf("name")}
      </label>
      <small className="checkout__hint">
        カード番号はカード会社（決済代行）が保管し、当ストアには末尾4桁と有効期限だけが残ります。テスト環境です。4242
        4242 4242 4242（承認）、4000 0000 0000 0002（登録できない）、4000 0000 0000
        0341（登録後の支払いが否認）をお使いください。
      </small>
      {declined ? (
        <div className="card-form__declined" role="alert">
          <p>{declined}</p>
          <button
            type="submit"
            className="button button--ghost"
            disabled={busy}
            data-testid="card-retry"
          >
            再試行
          </button>
        </div>
      ) : null}
      {problem ? (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="card-form__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? "確認中…" : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            やめる
          </button>
        ) : null}
      </div>
    </form>
  );
}
