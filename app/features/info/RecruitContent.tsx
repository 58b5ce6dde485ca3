import { DEMO_COMPANY } from "./company";
import { FactsTable, InfoLink, InfoSection } from "./InfoArticle";

interface Job {
  id: string;
  title: string;
  kind: string;
  work: string[];
  required: string[];
  welcome: string[];
}

const JOBS: Job[] = [
  {
    id: "job-planner",
    title: "ストア編成・キャンペーンプランナー",
    kind: "正社員",
    work: [
      "ホーム・特集ページの編成、ランキングやおすすめ枠の運用",
      "出版社と連携したセール・無料公開・ポイント還元キャンペーンの企画と効果検証",
      "新刊・話題作の特集記事の制作",
    ],
    required: ["EC・Webサービスでの企画または運用の経験（2年以上）", "マンガが好きな方"],
    welcome: ["電子書籍ストアまたは出版社での実務経験", "数字をもとに施策を振り返った経験"],
  },
  {
    id: "job-engineer",
    title: "Webアプリケーションエンジニア",
    kind: "正社員",
    work: [
      "ストア・ビューア・購入機能の設計、開発、運用",
      "大量のアクセスに耐える性能改善と監視",
      "編集・運用チーム向け管理画面の開発",
    ],
    required: [
      "TypeScriptを用いたWebアプリケーションの開発経験（3年以上）",
      "リレーショナルデータベースを用いた開発経験",
    ],
    welcome: ["React・Node.jsでのサーバーサイドレンダリングの経験", "PostgreSQLの運用経験"],
  },
  {
    id: "job-support",
    title: "カスタマーサポート",
    kind: "契約社員",
    work: [
      "お問い合わせフォームからのご質問への回答",
      "購入・ポイント・クーポンに関する調査と対応",
      "ヘルプ・よくある質問の改善",
    ],
    required: ["メールでのお客様対応の経験", "基本的なPC操作（表計算ソフトなど）"],
    welcome: ["電子書籍・動画配信サービスでのサポート経験"],
  },
];

const CONDITIONS: Array<[string, string]> = [
  ["勤務地", `本社（${DEMO_COMPANY.address}）／在宅勤務可（週2日まで）`],
  ["勤務時間", "フレックスタイム制（コアタイム 11:00〜15:00、標準労働時間 1日8時間）"],
  ["休日・休暇", "完全週休2日制（土・日）、祝日、年末年始、夏季休暇、年次有給休暇、慶弔休暇"],
  ["給与", "経験・能力を考慮のうえ決定します（年1回の昇給、年2回の賞与）"],
  [
    "福利厚生",
    "各種社会保険完備、通勤交通費支給、書籍・ドラマCD購入補助（月5,000円まで）、資格取得支援",
  ],
];

const STEPS = [
  ["書類選考", "履歴書・職務経歴書を拝見します（1週間ほどでご連絡します）。"],
  ["一次面接", "配属予定チームのメンバーとお話しします（オンライン可）。"],
  ["最終面接", "役員とお話しします。"],
  ["内定", "入社日などの条件をご相談します。"],
] as const;

/** 採用情報: the open positions and how to apply, as the footer's 採用情報 link promises. */
export function RecruitContent() {
  return (
    <>
      <InfoSection id="recruit-message" title="一緒にマンガの届け方をつくりませんか">
        <p>
          コマヤは、マンガとドラマCDを「読みたいとき、聴きたいときに、すぐ」届ける電子ストアです。作品と読者の出会いを増やすために、編成、キャンペーン、開発、サポートがひとつのチームとして働いています。作品が好きな気持ちを、仕事の力に変えたい方を歓迎します。
        </p>
      </InfoSection>

      <InfoSection id="recruit-jobs" title="募集職種">
        {JOBS.map((job) => (
          <article
            key={job.id}
            id={job.id}
            className="info__job"
            aria-labelledby={`${job.id}-title`}
          >
            <h3 id={`${job.id}-title`}>
              {job.title}
              <span className="info__job-kind">{job.kind}</span>
            </h3>
            <dl className="info__facts">
              <dt>仕事内容</dt>
              <dd>
                <ul className="info__plain-list">
                  {job.work.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </dd>
              <dt>必須条件</dt>
              <dd>
                <ul className="info__plain-list">
                  {job.required.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </dd>
              <dt>歓迎条件</dt>
              <dd>
                <ul className="info__plain-list">
                  {job.welcome.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </dd>
            </dl>
          </article>
        ))}
      </InfoSection>

      <InfoSection id="recruit-conditions" title="勤務条件">
        <FactsTable caption="勤務条件" rows={CONDITIONS} />
      </InfoSection>

      <InfoSection id="recruit-steps" title="選考の流れ">
        <ol className="info__steps">
          {STEPS.map(([title, text]) => (
            <li key={title}>
              <strong>{title}</strong>
              {text}
            </li>
          ))}
        </ol>
      </InfoSection>

      <InfoSection id="recruit-apply" title="応募方法">
        <p>
          希望職種を件名に書き、履歴書と職務経歴書を {DEMO_COMPANY.recruitEmail}{" "}
          までお送りください。応募書類は採用選考のためにのみ利用し、
          <InfoLink to="/privacy">プライバシーポリシー</InfoLink>に従って取り扱います。
        </p>
        <p>
          会社について詳しくは<InfoLink to="/company">運営会社</InfoLink>をご覧ください。
        </p>
      </InfoSection>

      <p className="info__demo" role="note">
        ※
        コマヤはデモンストレーション用の架空のストアです。このページの求人は見本であり、実際の募集・応募の受付は行っていません。
      </p>
    </>
  );
}
