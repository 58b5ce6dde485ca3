import { EMAIL_MAX } from "../../../contract/account-rules";
import {
  categoryLabel,
  INQUIRY_BODY_MAX,
  INQUIRY_CATEGORIES,
  SUBJECT_MAX,
} from "../../../contract/messages";
import { InfoLink } from "./InfoArticle";
import { CountedTextarea, SendButton } from "./MessageFields";
import { SentReceipt } from "./SentReceipt";
import { useMessageForm } from "./useMessageForm";

interface InquiryFields {
  category: number;
  email: string;
  subject: string;
  body: string;
}

/** /inquiry: members are answered at their own address, which is filled in for them. */
export function InquiryForm({ memberEmail }: { memberEmail: string | null }) {
  const { busy, done, send, startOver } = useMessageForm<InquiryFields>("/api/inquiry");

  if (done) {
    const { sent, receipt } = done;
    return (
      <SentReceipt
        receipt={receipt}
        summary={[
          { label: "お問い合わせの種類", value: categoryLabel(sent.category) },
          { label: "メールアドレス", value: sent.email || memberEmail || "" },
          { label: "件名", value: sent.subject },
          { label: "お問い合わせ内容", value: sent.body },
        ]}
        note="内容を確認のうえ、ご入力のメールアドレスに3営業日以内にご連絡します。お問い合わせの際は受付番号をお知らせください。"
        onStartOver={startOver}
        startOverLabel="別のお問い合わせをする"
      />
    );
  }

  return (
    <form
      className="message-form"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        void send({
          category: Number(form.get("category")),
          email: String(form.get("email") ?? "").trim(),
          subject: String(form.get("subject") ?? "").trim(),
          body: String(form.get("body") ?? "").trim(),
        });
      }}
    >
      <label className="field">
        <span className="field__label">
          お問い合わせの種類<span className="required">必須</span>
        </span>
        <select name="category" required defaultValue="">
          <option value="" disabled>
            選択してください
          </option>
          {INQUIRY_CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">
          メールアドレス
          {memberEmail ? (
            <span className="optional">会員登録のアドレス</span>
          ) : (
            <span className="required">必須</span>
          )}
        </span>
        <input
          type="email"
          name="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          required={!memberEmail}
          defaultValue={memberEmail ?? ""}
        />
      </label>
      <label className="field">
        <span className="field__label">
          件名<span className="required">必須</span>
        </span>
        <input type="text" name="subject" maxLength={SUBJECT_MAX} required />
      </label>
      <CountedTextarea
        id="inquiry-body"
        name="body"
        label="お問い合わせ内容"
        max={INQUIRY_BODY_MAX}
        rows={8}
        required
      />
      <p className="message-form__note">
        お送りいただいた内容は<InfoLink to="/privacy">プライバシーポリシー</InfoLink>
        に従って取り扱います。
      </p>
      <SendButton busy={busy} label="送信する" />
    </form>
  );
}
