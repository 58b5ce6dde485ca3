import { DEMO_COMPANY } from "./company";
import { InfoLink, InfoSection, type TocEntry } from "./InfoArticle";

export const PRIVACY_TOC: TocEntry[] = [
  { id: "privacy-operator", label: "1. 事業者" },
  { id: "privacy-data", label: "2. 取得する情報" },
  { id: "privacy-purposes", label: "3. 利用目的" },
  { id: "privacy-cookies", label: "4. Cookie等の利用" },
  { id: "privacy-sharing", label: "5. 第三者提供・委託" },
  { id: "privacy-retention", label: "6. 保存期間" },
  { id: "privacy-leaving", label: "7. 退会時の取扱い" },
  { id: "privacy-security", label: "8. 安全管理" },
  { id: "privacy-requests", label: "9. 開示等のご請求" },
  { id: "privacy-changes", label: "10. 改定" },
];

export function PrivacyContent() {
  const c = DEMO_COMPANY;
  return (
    <>
      <p>
        {c.name}
        （以下「当社」）は、電子書籍・ドラマCD配信サービス「コマヤ」（以下「本サービス」）における利用者の個人情報を、個人情報の保護に関する法律その他の関係法令に従い、次のとおり取り扱います。
      </p>

      <InfoSection id="privacy-operator" title="1. 事業者">
        <dl className="info__facts">
          <dt>名称</dt>
          <dd>{c.name}</dd>
          <dt>所在地</dt>
          <dd>
            {c.postalCode} {c.address}
          </dd>
          <dt>代表者</dt>
          <dd>{c.representative}</dd>
          <dt>個人情報保護管理者</dt>
          <dd>{c.privacyOfficer}</dd>
        </dl>
      </InfoSection>

      <InfoSection id="privacy-data" title="2. 取得する情報">
        <table className="info__table">
          <thead>
            <tr>
              <th scope="col">場面</th>
              <th scope="col">取得する情報</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">会員登録・プロフィール</th>
              <td>
                メールアドレス、パスワード（復元できない形式に変換して保存します）、ニックネーム、自己紹介、メールマガジンの受信設定
              </td>
            </tr>
            <tr>
              <th scope="row">購入</th>
              <td>
                注文内容、金額、利用したクーポン・ポイント、支払い方法の種類。クレジットカード番号などの決済情報は決済代行会社が直接取得し、当社は保持しません。
              </td>
            </tr>
            <tr>
              <th scope="row">サービスの利用</th>
              <td>
                閲覧・再生の履歴、本棚、お気に入り、検索履歴、レビュー・評価、ログインスタンプ、キャンペーンへのエントリー
              </td>
            </tr>
            <tr>
              <th scope="row">アクセス</th>
              <td>
                IPアドレス、ブラウザの種類（ユーザーエージェント）、OS、閲覧日時、参照元（utm_source・utm_medium・utm_campaign）
              </td>
            </tr>
            <tr>
              <th scope="row">お問い合わせ・ご意見</th>
              <td>メールアドレス、お問い合わせの種類・件名・内容、作品リクエストの内容</td>
            </tr>
          </tbody>
        </table>
      </InfoSection>

      <InfoSection id="privacy-purposes" title="3. 利用目的">
        <ol>
          <li>会員の認証、ログイン状態の維持、本サービスの提供</li>
          <li>コンテンツの販売、代金の請求、ポイント・クーポンの付与および管理</li>
          <li>本棚、続きから読む、おすすめ作品の表示など、利用者ごとの表示</li>
          <li>キャンペーン、新刊、お知らせのご案内（メールマガジンは受信を希望した方のみ）</li>
          <li>お問い合わせへの回答、本人確認</li>
          <li>不正利用（不正ログイン、特典の不正取得等）の防止と対応</li>
          <li>利用状況の統計的な分析と、本サービスの改善</li>
        </ol>
      </InfoSection>

      <InfoSection id="privacy-cookies" title="4. Cookie等の利用">
        <p>
          本サービスは、次のCookieを使用します。いずれも本サービスの動作に必要なもので、広告配信のための第三者Cookieは使用していません。ブラウザの設定でCookieを無効にすると、ログインや購入ができなくなります。
        </p>
        <table className="info__table">
          <thead>
            <tr>
              <th scope="col">名前</th>
              <th scope="col">目的</th>
              <th scope="col">保存期間</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">
                <code>sid</code>
              </th>
              <td>
                ログイン状態の保持（セッション）。ページのスクリプトからは読み取れない設定（HttpOnly）です。
              </td>
              <td>最長30日（ログアウトで無効）</td>
            </tr>
            <tr>
              <th scope="row">
                <code>ct</code>
              </th>
              <td>
                なりすまし送信（CSRF）を防ぐための確認用トークン。送信のたびにページがこの値を添えます。
              </td>
              <td>1年</td>
            </tr>
            <tr>
              <th scope="row">
                <code>vid</code>
              </th>
              <td>
                ブラウザの識別（ログインしていない方の表示の出し分け、重複送信の防止、利用状況の集計）。HttpOnlyです。
              </td>
              <td>1年</td>
            </tr>
            <tr>
              <th scope="row">
                <code>nr</code>
              </th>
              <td>お知らせの既読管理（最大4件のID）</td>
              <td>7日</td>
            </tr>
          </tbody>
        </table>
        <p>
          このほか、本棚の表示形式、最後に読んだジャンル、お知らせ吹き出しを閉じた日、アプリ案内バナーを閉じた時刻などを、お使いのブラウザ内（ローカルストレージ・セッションストレージ）に保存します。これらは当社のサーバーには送信されません。
        </p>
      </InfoSection>

      <InfoSection id="privacy-sharing" title="5. 第三者提供・委託">
        <p>
          当社は、法令に基づく場合を除き、本人の同意なく個人情報を第三者に提供しません。決済処理、サーバーの運用、メール配信などの業務を外部に委託する場合は、契約により適切な管理を義務付け、必要な範囲でのみ情報を預けます。
        </p>
      </InfoSection>

      <InfoSection id="privacy-retention" title="6. 保存期間">
        <table className="info__table">
          <thead>
            <tr>
              <th scope="col">情報</th>
              <th scope="col">保存期間</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">会員情報（メールアドレス等）</th>
              <td>退会まで</td>
            </tr>
            <tr>
              <th scope="row">ログインセッション</th>
              <td>最後のご利用から30日。ログアウトまたは退会で直ちに無効にします。</td>
            </tr>
            <tr>
              <th scope="row">注文・決済・ポイントの記録</th>
              <td>
                税務・会計上の保存義務のため、取引から7年間（退会後は個人を特定できない形で保存）
              </td>
            </tr>
            <tr>
              <th scope="row">お問い合わせの内容</th>
              <td>対応完了から3年間</td>
            </tr>
            <tr>
              <th scope="row">アクセスの記録</th>
              <td>90日間</td>
            </tr>
          </tbody>
        </table>
      </InfoSection>

      <InfoSection id="privacy-leaving" title="7. 退会時の取扱い">
        <p>退会の手続きが完了すると、当社は直ちに次のとおり処理します。</p>
        <ul>
          <li>
            メールアドレス、パスワード、ニックネーム、自己紹介を削除し、同じメールアドレスで再登録できるようにします。
          </li>
          <li>すべてのログインセッションを無効にします。</li>
          <li>
            カート、未使用のクーポン、本棚・閲覧履歴・お気に入りなどの個人的な記録を削除します。
          </li>
          <li>
            注文・決済・ポイントの記録は、前項の保存期間のあいだ、個人を特定できない形で保存します。
          </li>
          <li>退会理由とご意見は、会員と結び付けない形で、サービス改善のために保存します。</li>
        </ul>
      </InfoSection>

      <InfoSection id="privacy-security" title="8. 安全管理">
        <p>
          通信はすべて暗号化（HTTPS）し、パスワードとログインセッションの識別子は復元できない形式に変換して保存します。個人情報を取り扱う従業者を限定し、アクセス権限を管理しています。
        </p>
      </InfoSection>

      <InfoSection id="privacy-requests" title="9. 開示等のご請求">
        <p>
          ご本人からの保有個人データの開示、訂正、利用停止、削除のご請求には、ご本人であることを確認したうえで、法令に従い遅滞なく対応します。下記の窓口または
          <InfoLink to="/inquiry">お問い合わせフォーム</InfoLink>
          からご連絡ください。
        </p>
        <dl className="info__facts">
          <dt>窓口</dt>
          <dd>{c.name} 個人情報お問い合わせ窓口</dd>
          <dt>メール</dt>
          <dd>{c.privacyEmail}</dd>
        </dl>
      </InfoSection>

      <InfoSection id="privacy-changes" title="10. 改定">
        <p>
          本ポリシーは、法令の改正やサービス内容の変更に応じて改定することがあります。重要な変更は、本サービス上でお知らせします。
        </p>
      </InfoSection>
    </>
  );
}
