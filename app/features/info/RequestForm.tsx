import { REQUEST_COMMENT_MAX, REQUEST_FIELD_MAX } from "../../../contract/messages";
import { CountedTextarea, SendButton } from "./MessageFields";
import { SentReceipt } from "./SentReceipt";
import { useMessageForm } from "./useMessageForm";

interface RequestFields {
  title: string;
  author: string;
  publisher: string;
  comment: string;
}

export function RequestForm() {
  const { busy, done, send, startOver } = useMessageForm<RequestFields>("/api/request");

  if (done) {
    const { sent, receipt } = done;
    return (
      <SentReceipt
        receipt={receipt}
        summary={[
          { label: "作品名", value: sent.title },
          { label: "著者名", value: sent.author },
          { label: "出版社", value: sent.publisher },
          { label: "コメント", value: sent.comment },
        ]}
        note="リクエストをありがとうございます。配信の可否は出版社との調整により決まるため、個別のご連絡はしておりません。配信が始まった作品は新着情報でお知らせします。"
        onStartOver={startOver}
        startOverLabel="別の作品をリクエストする"
      />
    );
  }

  return (
    <form
      className="message-form"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => String(form.get(name) ?? "").trim();
        void send({
          title: text("title"),
          author: text("author"),
          publisher: text("publisher"),
          comment: text("comment"),
        });
      }}
    >
      <label className="field">
        <span className="field__label">
          作品名（シリーズ名）<span className="required">必須</span>
        </span>
        <input type="text" name="title" maxLength={REQUEST_FIELD_MAX} required />
      </label>
      <label className="field">
        <span className="field__label">
          著者名<span className="optional">任意</span>
        </span>
        <input type="text" name="author" maxLength={REQUEST_FIELD_MAX} />
      </label>
      <label className="field">
        <span className="field__label">
          出版社名<span className="optional">任意</span>
        </span>
        <input type="text" name="publisher" maxLength={REQUEST_FIELD_MAX} />
      </label>
      <CountedTextarea
        id="request-comment"
        name="comment"
        label="コメント"
        max={REQUEST_COMMENT_MAX}
        rows={5}
      />
      <SendButton busy={busy} label="リクエストを送信する" />
    </form>
  );
}
