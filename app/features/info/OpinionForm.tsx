import { useEffect, useRef, useState } from "react";
import { OPINION_BODY_MAX, OPINION_RATINGS } from "../../../contract/messages";
import { CharCount } from "./CharCount";
import { SentReceipt } from "./SentReceipt";
import { useHydrated } from "./useHydrated";
import { useMessageForm } from "./useMessageForm";

interface OpinionFields {
  body: string;
  rating: number | "";
}

export function OpinionForm() {
  const { busy, done, send, startOver } = useMessageForm<OpinionFields>("/api/opinion");
  const hydrated = useHydrated();
  const [bodyLength, setBodyLength] = useState(0);
  const bodyField = useRef<HTMLTextAreaElement>(null);
  // Text typed before the page went live stays in the field; count it once React is here.
  useEffect(() => setBodyLength(bodyField.current?.value.length ?? 0), []);

  if (done) {
    const { sent, receipt } = done;
    const rating = OPINION_RATINGS.find((r) => r.value === sent.rating);
    return (
      <SentReceipt
        receipt={receipt}
        summary={[
          { label: "満足度", value: rating ? `${rating.value}（${rating.label}）` : "回答なし" },
          { label: "ご意見・ご感想", value: sent.body },
        ]}
        note="貴重なご意見をありがとうございます。いただいた内容はサービスの改善に役立てます。個別の返信は行っておりませんので、ご了承ください。"
        onStartOver={() => {
          setBodyLength(0);
          startOver();
        }}
        startOverLabel="続けてご意見を送る"
      />
    );
  }

  return (
    <form
      className="message-form"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const rating = String(form.get("rating") ?? "");
        void send({
          body: String(form.get("body") ?? "").trim(),
          rating: rating === "" ? "" : Number(rating),
        });
      }}
    >
      <fieldset className="field">
        <legend className="field__label">
          コマヤの満足度<span className="optional">任意</span>
        </legend>
        <div className="rating-choices">
          {OPINION_RATINGS.map((r) => (
            <label key={r.value} className="rating-choice">
              <input type="radio" name="rating" value={r.value} />
              <span>
                {r.value} {r.label}
              </span>
            </label>
          ))}
          <label className="rating-choice">
            <input type="radio" name="rating" value="" defaultChecked />
            <span>回答しない</span>
          </label>
        </div>
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor="opinion-body">
          ご意見・ご感想<span className="required">必須</span>
        </label>
        <textarea
          id="opinion-body"
          name="body"
          rows={6}
          maxLength={OPINION_BODY_MAX}
          required
          aria-describedby="opinion-body-count"
          ref={bodyField}
          onChange={(e) => setBodyLength(e.target.value.length)}
        />
        <CharCount id="opinion-body-count" length={bodyLength} max={OPINION_BODY_MAX} />
      </div>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy || !hydrated}
      >
        {busy ? "送信中…" : "送信する"}
      </button>
    </form>
  );
}
