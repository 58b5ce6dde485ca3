import { DEMO_COMPANY } from "./company";
import { FactsTable, InfoLink } from "./InfoArticle";

export function LegalContent() {
  const c = DEMO_COMPANY;
  const rows: Array<[string, React.ReactNode]> = [
    ["販売事業者", c.name],
    ["運営統括責任者", c.representative],
    [
      "所在地",
      <>
        {c.postalCode}
        <br />
        {c.address}
      </>,
    ],
    [
      "電話番号",
      <>
        {c.phone}（受付時間：{c.phoneHours}）
        <br />
        <small>
          お問い合わせは、記録が残り確実にお答えできるお問い合わせフォームをご利用ください。
        </small>
      </>,
    ],
    ["メールアドレス", c.email],
    ["サイトURL", c.storeUrl],
    ["販売価格", "各作品ページに税込価格で表示しています。"],
    [
      "商品代金以外の必要料金",
      "作品の閲覧・再生に必要なインターネット接続の通信料はお客様のご負担となります。",
    ],
    [
      "お支払い方法",
      "クレジットカード、PayPay、d払い、auかんたん決済、ソフトバンクまとめて支払い、Amazon Pay、ポイント",
    ],
    [
      "お支払い時期",
      "クレジットカード・各種決済は購入手続きの完了時に決済されます。実際の引き落とし日は各決済事業者の規約によります。",
    ],
    [
      "商品の引渡し時期",
      "決済完了後、直ちに本棚に追加され閲覧・再生できます。予約商品は配信開始日からご利用いただけます。",
    ],
    [
      "返品・キャンセル",
      "デジタルコンテンツの性質上、購入後の返品・キャンセルはお受けできません。データに不具合があり閲覧・再生できない場合は、お問い合わせください。",
    ],
    [
      "動作環境",
      <>
        <InfoLink to="/help#help-devices">ヘルプの「推奨環境」</InfoLink>
        をご確認ください。購入前に試し読み・試聴で動作をご確認いただけます。
      </>,
    ],
  ];
  return <FactsTable caption="特定商取引法に基づく表記" rows={rows} />;
}
