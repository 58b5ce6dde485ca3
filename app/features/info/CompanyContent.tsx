import { Fragment } from "react";
import { DEMO_COMPANY } from "./company";
import { FactsTable, InfoLink, InfoSection } from "./InfoArticle";

const HISTORY: Array<[when: string, what: string]> = [
  ["2014年4月", "東京都千代田区にて株式会社コマヤを設立"],
  ["2015年7月", "電子コミックストア「コマヤ」の配信を開始"],
  ["2017年3月", "毎日無料で読める「無料で読めるマンガ」コーナーを開設"],
  ["2018年10月", "ドラマCD・ボイスドラマの配信を開始"],
  ["2020年6月", "iOS・Android向け公式アプリの提供を開始"],
  ["2022年11月", "ログインスタンプ・マンガおみくじなど会員向けサービスを拡充"],
  ["2024年9月", "本社をコマヤビルに移転"],
];

const BUSINESS = [
  "電子コミック・ドラマCD配信ストア「コマヤ」の企画・開発・運営",
  "電子書籍の販売促進、キャンペーン・特集の企画",
  "オリジナルボイスドラマの企画・制作",
  "出版社・制作会社向けの電子配信支援",
];

/** 会社概要: who runs the store, as the footer's 運営会社 link promises. */
export function CompanyContent() {
  const c = DEMO_COMPANY;
  const facts: Array<[string, React.ReactNode]> = [
    ["会社名", `${c.name}（Komaya Inc.）`],
    ["設立", "2014年4月1日"],
    ["代表者", c.representative],
    [
      "所在地",
      <>
        {c.postalCode}
        <br />
        {c.address}
      </>,
    ],
    ["資本金", "1億円"],
    ["従業員数", "86名（契約社員を含む）"],
    [
      "事業内容",
      <ul key="business" className="info__plain-list">
        {BUSINESS.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>,
    ],
    ["運営サービス", `電子コミック・ドラマCDストア「${c.storeName}」（Web・iOS・Android）`],
    ["取引先", "国内の出版社・レーベル・音声制作会社 約120社"],
  ];
  return (
    <>
      <InfoSection id="company-profile" title="会社概要">
        <FactsTable caption="会社概要" rows={facts} />
      </InfoSection>

      <InfoSection id="company-message" title="ごあいさつ">
        <p>
          コマヤは「読みたいときに、すぐ読める」をいちばん大切にしている電子コミックストアです。作家と出版社の皆さまからお預かりした作品を、正規版として安心してお楽しみいただけるよう、試し読みや無料公開、キャンペーンを通じて新しい作品との出会いをお届けしています。
        </p>
        <p>
          マンガに加えてドラマCD・ボイスドラマも、同じ本棚で読んで聴ける場所を目指し、これからもサービスを磨いてまいります。
        </p>
        <p className="info__sign">{c.representative}</p>
      </InfoSection>

      <InfoSection id="company-history" title="沿革">
        <dl className="info__facts">
          {HISTORY.map(([when, what]) => (
            <Fragment key={when}>
              <dt>{when}</dt>
              <dd>{what}</dd>
            </Fragment>
          ))}
        </dl>
      </InfoSection>

      <InfoSection id="company-access" title="アクセス">
        <p>
          {c.postalCode} {c.address}
          <br />
          東京メトロ「見本町駅」A2出口より徒歩3分
        </p>
        <p>
          ストアのご利用に関するお問い合わせは、
          <InfoLink to="/inquiry">お問い合わせフォーム</InfoLink>
          からお願いいたします。本社窓口ではお受けしておりません。
        </p>
      </InfoSection>

      <InfoSection id="company-links" title="関連情報">
        <ul>
          <li>
            <InfoLink to="/recruit">採用情報</InfoLink>
          </li>
          <li>
            <InfoLink to="/legal">特定商取引法に基づく表記</InfoLink>
          </li>
          <li>
            <InfoLink to="/privacy">プライバシーポリシー</InfoLink>
          </li>
        </ul>
      </InfoSection>
    </>
  );
}
