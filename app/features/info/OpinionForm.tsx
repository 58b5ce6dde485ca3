import { OPINION_BODY_MAX, OPINION_RATINGS } from "../../../contract/messages";
import { CountedTextarea, SendButton } from "./MessageFields";
import { SentReceipt } from "./SentReceipt";
import { useMessageForm } from "./useMessageForm";

interface OpinionFields {
  body: string;
  rating: number | "";
}

export function OpinionForm() {
  const { busy, done, send, startOver } = useMessageForm<OpinionFields>("/api/opinion");

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
        onStartOver={startOver}
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
      <CountedTextarea
        id="opinion-body"
        name="body"
        label="ご意見・ご感想"
        max={OPINION_BODY_MAX}
        rows={6}
        required
      />
      <SendButton busy={busy} label="送信する" />
    </form>
  );
}
