/**
 * The mail a member expects from the store, as plain text. Each builder answers what the outbox
 * stores; the cause's transaction enqueues it (see outbox.ts).
 */
export type MailKind = "welcome" | "order_receipt" | "password_changed" | "newsletter_confirmed";

export interface MailDraft {
  kind: MailKind;
  to: string;
  subject: string;
  body: string;
  headers?: Record<string, string>;
}

const SIGNATURE =
  "\n\n――――――――\nコマヤ　デジタルコミック・ドラマCDストア\n※このメールは送信専用です。";

export function welcomeMail(to: string, nickname: string | null): MailDraft {
  return {
    kind: "welcome",
    to,
    subject: "【コマヤ】会員登録ありがとうございます",
    body: `${nickname ? `${nickname} 様` : "会員様"}\n\nコマヤへの会員登録が完了しました。\n新規会員限定クーポンをお受け取りいただけます。ぜひご利用ください。${SIGNATURE}`,
  };
}

export function orderReceiptMail(
  to: string,
  order: {
    orderId: number;
    items: { title: string; price: number }[];
    totalPrice: number;
    usedPoint: number;
    addPoint: number;
  },
): MailDraft {
  const lines = order.items.map((i) => `・${i.title}　${i.price.toLocaleString("ja-JP")}円`);
  return {
    kind: "order_receipt",
    to,
    subject: `【コマヤ】ご購入ありがとうございます（注文番号 ${order.orderId}）`,
    body:
      [
        "ご購入いただいた作品は本棚からお読みいただけます。",
        "",
        `注文番号：${order.orderId}`,
        ...lines,
        "",
        `利用ポイント：${order.usedPoint.toLocaleString("ja-JP")}pt`,
        `お支払い金額：${order.totalPrice.toLocaleString("ja-JP")}円`,
        `獲得ポイント：${order.addPoint.toLocaleString("ja-JP")}pt`,
      ].join("\n") + SIGNATURE,
  };
}

export function passwordChangedMail(to: string): MailDraft {
  return {
    kind: "password_changed",
    to,
    subject: "【コマヤ】パスワードが変更されました",
    body: `パスワードが変更されました。ほかの端末ではログアウトしています。\nお心当たりのない場合は、お問い合わせフォームよりご連絡ください。${SIGNATURE}`,
  };
}

/**
 * Newsletter mail: the body links the signed unsubscribe page, and the headers let the member's
 * mail program unsubscribe in one click (RFC 8058: a POST to that same address, no login).
 */
export function newsletterConfirmedMail(to: string, unsubscribeUrl: string): MailDraft {
  return {
    kind: "newsletter_confirmed",
    to,
    subject: "【コマヤ】メールマガジンの配信を開始しました",
    body: `メールマガジンの配信登録が完了しました。お得なキャンペーン情報をお届けします。\n\n配信の停止はこちら（ログイン不要）：\n${unsubscribeUrl}${SIGNATURE}`,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
