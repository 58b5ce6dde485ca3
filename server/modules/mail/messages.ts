/**
 * The mail a member expects from the store, as plain text. Each builder answers what the outbox
 * stores; the cause's transaction enqueues it (see outbox.ts).
 */
export type MailKind =
  | "welcome"
  | "order_receipt"
  | "password_changed"
  | "newsletter_confirmed"
  | "sign_in_link"
  | "password_reset"
  | "password_reset_done"
  | "email_verify"
  | "email_change_confirm"
  | "email_change_notice"
  | "email_changed"
  | "refund"
  | "inquiry_reply"
  | "new_volumes"
  | "standing_order"
  | "gift";

export interface MailDraft {
  kind: MailKind;
  to: string;
  subject: string;
  body: string;
  headers?: Record<string, string>;
}

const SIGNATURE =
  "\n\n――――――――\nコマヤ　デジタルコミック・ドラマCDストア\n※このメールは送信専用です。";

/** The welcome carries the link that confirms the address (decision 0051). */
export function welcomeMail(to: string, nickname: string | null, verifyUrl: string): MailDraft {
  return {
    kind: "welcome",
    to,
    subject: "【コマヤ】会員登録ありがとうございます",
    body: `${nickname ? `${nickname} 様` : "会員様"}\n\nコマヤへの会員登録が完了しました。\n新規会員限定クーポンをお受け取りいただけます。ぜひご利用ください。\n\n${verifySteps(verifyUrl)}${SIGNATURE}`,
  };
}

const verifySteps = (url: string) =>
  `メールアドレスの確認のため、72時間以内に次のリンクを開き「確認する」を押してください。確認が済むとレビューを投稿できます。\n${url}`;

export function emailVerifyMail(to: string, verifyUrl: string): MailDraft {
  return {
    kind: "email_verify",
    to,
    subject: "【コマヤ】メールアドレスの確認",
    body: `${verifySteps(verifyUrl)}\n\nお心当たりのない場合は、このメールを破棄してください。${SIGNATURE}`,
  };
}

/** Past the login throttle a right password alone does not sign in: this link does (0050). */
export function signInLinkMail(to: string, url: string): MailDraft {
  return {
    kind: "sign_in_link",
    to,
    subject: "【コマヤ】ログイン用リンクのお知らせ",
    body: `ログインの試行が続いているため、このアカウントは保護されています。\nご本人のログインであれば、次のリンクを開き「ログインする」を押してください（30分間、1回限り有効）。\n${url}\n\nお心当たりのない場合は、第三者がパスワードを試した可能性があります。このメールは破棄し、パスワードの変更をご検討ください。${SIGNATURE}`,
  };
}

export function passwordResetMail(to: string, url: string): MailDraft {
  return {
    kind: "password_reset",
    to,
    subject: "【コマヤ】パスワード再設定のご案内",
    body: `パスワード再設定のお申し込みを受け付けました。\n次のリンクから30分以内に新しいパスワードを設定してください（1回限り有効）。\n${url}\n\nお心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。${SIGNATURE}`,
  };
}

export function passwordResetDoneMail(to: string): MailDraft {
  return {
    kind: "password_reset_done",
    to,
    subject: "【コマヤ】パスワードを再設定しました",
    body: `パスワードの再設定が完了しました。すべての端末でログアウトしています。新しいパスワードでログインしてください。\nお心当たりのない場合は、お問い合わせフォームよりご連絡ください。${SIGNATURE}`,
  };
}

/** To the new address: the change happens only when this link is followed. */
export function emailChangeConfirmMail(to: string, url: string): MailDraft {
  return {
    kind: "email_change_confirm",
    to,
    subject: "【コマヤ】メールアドレス変更の確認",
    body: `コマヤのご登録メールアドレスをこのアドレスに変更するお手続きを受け付けました。\n24時間以内に次のリンクを開き「確認する」を押すと、変更が完了します（1回限り有効）。\n${url}\n\nお心当たりのない場合は、このメールを破棄してください。${SIGNATURE}`,
  };
}

/** To the old address, when a change is asked for: the member can still stop a thief. */
export function emailChangeNoticeMail(to: string, newAddress: string): MailDraft {
  return {
    kind: "email_change_notice",
    to,
    subject: "【コマヤ】メールアドレス変更のお手続きがありました",
    body: `ご登録のメールアドレスを ${maskAddress(newAddress)} に変更するお手続きがありました。新しいアドレスに届く確認メールのリンクが開かれると変更が完了します。\nお心当たりのない場合は、すぐにパスワードを変更し、お問い合わせフォームよりご連絡ください。${SIGNATURE}`,
  };
}

/** To the old address, when the change is done. */
export function emailChangedMail(to: string, newAddress: string): MailDraft {
  return {
    kind: "email_changed",
    to,
    subject: "【コマヤ】メールアドレスが変更されました",
    body: `ご登録のメールアドレスは ${maskAddress(newAddress)} に変更されました。今後のお知らせは新しいアドレスにお送りします。\nお心当たりのない場合は、お問い合わせフォームよりご連絡ください。${SIGNATURE}`,
  };
}

/** "ko***@example.jp": enough for the member to recognise, little for anyone else. */
function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at);
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${address.slice(at)}`;
}

/** A paid order as its receipt states it: integer yen, tax included (総額表示). */
export interface ReceiptOrder {
  orderId: number;
  /** "2026-11-21 09:30:00", Tokyo time. */
  orderedAt: string;
  /** Each item at what it cost (after a campaign sale), with its list price when reduced. */
  lines: { title: string; price: number; listPrice: number }[];
  couponName: string | null;
  couponDiscount: number;
  /** Lines less the coupon: what the goods came to. */
  subtotal: number;
  /** Consumption tax contained in subtotal. */
  tax: number;
  usedPoint: number;
  /** Charged to the payment method: subtotal less points. */
  amount: number;
  paymentName: string;
  addPoint: number;
  /** The receipt page (decision 0108), absolute; absent, the mail names order history instead. */
  receiptUrl?: string;
  /** Bought as a gift (decision 0113): the address it was sent to. */
  giftTo?: string;
}

const yen = (n: number) => `${n.toLocaleString("ja-JP")}円`;

/**
 * The receipt: each line at what it cost, then the coupon and the points taken off, so that
 * lines − coupon − points = the amount charged, with the tax that amount's goods contain and
 * how it was paid.
 */
export function orderReceiptMail(to: string, order: ReceiptOrder): MailDraft {
  const lines = order.lines.map(
    (l) =>
      `・${l.title}　${yen(l.price)}${l.listPrice > l.price ? `（通常価格 ${yen(l.listPrice)}）` : ""}`,
  );
  const goods = order.lines.reduce((sum, l) => sum + l.price, 0);
  const [date, time] = order.orderedAt.split(" ");
  return {
    kind: "order_receipt",
    to,
    subject: `【コマヤ】ご購入ありがとうございます（注文番号 ${order.orderId}）`,
    body:
      [
        order.giftTo
          ? `ギフトとしてご購入いただいた作品は、${order.giftTo} 様へ受け取り用のリンクをお送りしました。受け取りの状況は注文履歴でご確認いただけます。`
          : "ご購入いただいた作品は本棚からお読みいただけます。",
        "",
        `注文番号：${order.orderId}`,
        `ご注文日時：${date!.replaceAll("-", "/")} ${time!.slice(0, 5)}`,
        "",
        "■ご購入作品（税込）",
        ...lines,
        "",
        `商品合計：${yen(goods)}`,
        ...(order.couponDiscount > 0
          ? [
              `クーポン割引${order.couponName ? `（${order.couponName}）` : ""}：−${yen(order.couponDiscount)}`,
            ]
          : []),
        `小計：${yen(order.subtotal)}（うち消費税 ${yen(order.tax)}）`,
        ...(order.usedPoint > 0
          ? [`ポイント利用：−${order.usedPoint.toLocaleString("ja-JP")}pt（1pt＝1円）`]
          : []),
        `お支払い金額：${yen(order.amount)}`,
        `お支払い方法：${order.paymentName}`,
        `獲得ポイント：${order.addPoint.toLocaleString("ja-JP")}pt`,
        "",
        order.receiptUrl
          ? `領収書（適格請求書）はこちらから発行できます（要ログイン）：\n${order.receiptUrl}`
          : "領収書（適格請求書）は購入履歴から発行できます。",
      ].join("\n") + SIGNATURE,
  };
}

/**
 * A gift's mail to its recipient (decision 0113): who sent which volume, their message, and the
 * link that claims it once signed in (or signed up) with this address, confirmed.
 */
export function giftMail(
  to: string,
  gift: { giver: string; title: string; message: string | null; url: string; expireDate: string },
): MailDraft {
  return {
    kind: "gift",
    to,
    subject: `【コマヤ】${gift.giver}さんからギフトが届いています`,
    body:
      [
        `${gift.giver}さんから、コマヤのデジタル作品のギフトが届いています。`,
        "",
        `■ギフト：${gift.title}`,
        ...(gift.message ? ["", "■メッセージ", gift.message] : []),
        "",
        "次のリンクを開き、このメールアドレスでログイン（または無料会員登録）してお受け取りください。",
        "受け取ったギフトはプレゼントボックスに届き、「受け取る」を押すと本棚でお読みいただけます。",
        gift.url,
        "",
        `受け取り期限：${gift.expireDate.replaceAll("-", "/")}まで`,
        "お心当たりのない場合は、このメールを破棄してください。",
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

/**
 * Support refunded one line of an order or all its lines left (decisions 0096, 0104): one mail
 * listing every title refunded in that step.
 */
export function refundMail(
  to: string,
  refund: {
    orderId: number;
    titles: readonly string[];
    amount: number;
    point: number;
    earnedTakenBack: number;
    couponReturned: boolean;
    /** No line of the order is left unrefunded. */
    orderRefunded: boolean;
  },
): MailDraft {
  const titles =
    refund.titles.length === 1
      ? [`返金した作品：${refund.titles[0]}`]
      : ["返金した作品：", ...refund.titles.map((t) => `・${t}`)];
  const lines = [
    refund.orderRefunded ? "ご注文を返金いたしました。" : "ご注文の一部を返金いたしました。",
    "",
    `注文番号：${refund.orderId}`,
    ...titles,
    ...(refund.amount > 0 ? [`返金額：${yen(refund.amount)}（お支払い方法へ返金します）`] : []),
    ...(refund.point > 0 ? [`返還ポイント：${refund.point}pt`] : []),
    ...(refund.earnedTakenBack > 0 ? [`取り消した付与ポイント：${refund.earnedTakenBack}pt`] : []),
    ...(refund.couponReturned
      ? ["ご利用のクーポンは、有効期限内であれば再びご利用いただけます。"]
      : []),
    "",
    "返金した作品は本棚から削除されました。",
  ];
  return {
    kind: "refund",
    to,
    subject: `【コマヤ】返金のお知らせ（注文番号 ${refund.orderId}）`,
    body: `${lines.join("\n")}${SIGNATURE}`,
  };
}

/**
 * Staff's answer to a message sent through the store's forms (issue 24). The outbox sends from
 * an address nobody reads, so the sender is asked to write again through the form, quoting the
 * receipt number that ties it to this thread.
 */
export function inquiryReplyMail(
  to: string,
  receiptNo: string,
  subject: string | null,
  body: string,
): MailDraft {
  const quoted = subject ? `お問い合わせの件名：${subject}\n` : "";
  return {
    kind: "inquiry_reply",
    to,
    subject: `【コマヤ】お問い合わせへの回答（受付番号 ${receiptNo}）`,
    body: `${quoted}受付番号：${receiptNo}\n\n${body}\n\nさらにご不明な点がございましたら、お問い合わせフォームから受付番号を添えてご連絡ください。${SIGNATURE}`,
  };
}

/** A volume in the new-volume mail: its series, number and the absolute link to its page. */
export interface NewVolumeLine {
  seriesName: string;
  title: string;
  releasedOn: string;
  url: string;
}

/**
 * 新刊のお知らせ (decision 0114): one mail per member per run, listing every volume of the
 * series they follow that went on sale since the last run. Sent only to members who turned it on.
 */
export function newVolumesMail(
  to: string,
  nickname: string | null,
  volumes: readonly NewVolumeLine[],
  settingsUrl: string,
): MailDraft {
  const first = volumes[0]!;
  const subject =
    volumes.length === 1
      ? `【コマヤ】新刊のお知らせ：${first.title}`
      : `【コマヤ】新刊のお知らせ：${first.title} ほか${volumes.length - 1}件`;
  const lines = volumes
    .map((v) => `■ ${v.title}（${v.seriesName}）\n　配信日：${v.releasedOn}\n　${v.url}`)
    .join("\n\n");
  return {
    kind: "new_volumes",
    to,
    subject,
    body: `${nickname ? `${nickname} 様` : "会員様"}\n\n通知をオンにしている作品の新刊が配信されました。\n\n${lines}\n\nメールでのお知らせは、アカウント設定から停止できます。\n${settingsUrl}${SIGNATURE}`,
  };
}

/** A volume bought for the member by 予約購入 or 新刊自動購入 (decision 0116), or not. */
export interface StandingOrderLine {
  title: string;
  seriesName: string;
  /** The volume's page, absolute. */
  url: string;
}

const greeting = (nickname: string | null) => (nickname ? `${nickname} 様` : "会員様");

/** A reservation paid on release: the volume is on the shelf, at the price charged. */
export function preorderPaidMail(
  to: string,
  nickname: string | null,
  volume: StandingOrderLine & { price: number; reservedPrice: number; shelfUrl: string },
): MailDraft {
  const lower =
    volume.price < volume.reservedPrice
      ? `\n　※予約時の価格（${volume.reservedPrice.toLocaleString("ja-JP")}円）より値下がりしたため、配信日の価格でご購入いただきました。`
      : "";
  return {
    kind: "standing_order",
    to,
    subject: `【コマヤ】ご予約の作品が配信されました：${volume.title}`,
    body: `${greeting(nickname)}\n\nご予約いただいた作品が配信され、ご購入が完了しました。本棚からお読みいただけます。\n\n■ ${volume.title}（${volume.seriesName}）\n　お支払い金額：${volume.price.toLocaleString("ja-JP")}円（税込）${lower}\n　${volume.url}\n\n本棚：${volume.shelfUrl}${SIGNATURE}`,
  };
}

/** 新刊自動購入 bought a new volume. */
export function autoPurchaseMail(
  to: string,
  nickname: string | null,
  volume: StandingOrderLine & { price: number; settingsUrl: string },
): MailDraft {
  return {
    kind: "standing_order",
    to,
    subject: `【コマヤ】新刊を自動購入しました：${volume.title}`,
    body: `${greeting(nickname)}\n\n新刊自動購入を設定している作品の新刊が配信されたため、購入しました。本棚からお読みいただけます。\n\n■ ${volume.title}（${volume.seriesName}）\n　お支払い金額：${volume.price.toLocaleString("ja-JP")}円（税込）\n　${volume.url}\n\n新刊自動購入の設定（一時停止・解除・月の上限金額）はアカウントページから変更できます。\n${volume.settingsUrl}${SIGNATURE}`,
  };
}

/** A reservation or an automatic purchase the job could not pay, with the store's reason. */
export function standingOrderFailedMail(
  to: string,
  nickname: string | null,
  volume: StandingOrderLine & { kind: "preorder" | "auto"; reason: string; accountUrl: string },
): MailDraft {
  const what = volume.kind === "preorder" ? "ご予約の作品" : "新刊自動購入の作品";
  return {
    kind: "standing_order",
    to,
    subject: `【コマヤ】${what}のお支払いができませんでした：${volume.title}`,
    body: `${greeting(nickname)}\n\n${what}のお支払いができなかったため、購入は完了していません。\n\n■ ${volume.title}（${volume.seriesName}）\n　理由：${volume.reason}\n　${volume.url}\n\nお支払い方法をご確認のうえ、作品ページからご購入ください。\n${volume.accountUrl}${SIGNATURE}`,
  };
}
