import { InfoLink, InfoSection, type TocEntry } from "./InfoArticle";

export const HELP_TOC: TocEntry[] = [
  { id: "help-read", label: "作品を読む" },
  { id: "help-buy", label: "作品を購入する" },
  { id: "help-coupon", label: "クーポンを使う" },
  { id: "help-point", label: "ポイントを使う・貯める" },
  { id: "help-bookshelf", label: "本棚" },
  { id: "help-audio", label: "ドラマCDを聴く" },
  { id: "help-devices", label: "推奨環境" },
  { id: "help-contact", label: "解決しないときは" },
];

export function HelpContent() {
  return (
    <>
      <InfoSection id="help-read" title="作品を読む">
        <p>
          作品ページのボタンから、そのままブラウザで読めます。アプリのインストールは必要ありません。ボタンの表示は作品の状態によって変わります。
        </p>
        <table className="info__table">
          <caption>作品ページのボタン</caption>
          <thead>
            <tr>
              <th scope="col">ボタン</th>
              <th scope="col">できること</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">読む</th>
              <td>購入済み・受け取り済みの巻を全ページ読めます。</td>
            </tr>
            <tr>
              <th scope="row">無料で読む</th>
              <td>
                無料公開中の巻を全ページ読めます。「3冊無料で読む」のように冊数が表示されることもあります。
              </td>
            </tr>
            <tr>
              <th scope="row">試し読み</th>
              <td>
                冒頭の数ページを無料で読めます。キャンペーン中は「立ち読み増量」になることがあります。
              </td>
            </tr>
            <tr>
              <th scope="row">会員登録で無料</th>
              <td>会員登録（無料）をすると読める巻です。</td>
            </tr>
          </tbody>
        </table>
        <h3>ビューアの操作</h3>
        <ul>
          <li>画面の左右をタップ（クリック）するか、スワイプしてページをめくります。</li>
          <li>
            画面の中央をタップするとメニューが表示され、ページ移動や目次、最初のページへの移動ができます。
          </li>
          <li>途中で閉じても、次に開いたときは続きのページから読めます（「続きを読む」）。</li>
        </ul>
      </InfoSection>

      <InfoSection id="help-buy" title="作品を購入する">
        <ol className="info__steps">
          <li>
            <strong>カートに入れる</strong>
            作品ページで読みたい巻の「カートに入れる」を押します。まとめて何冊でも入れられます。
          </li>
          <li>
            <strong>購入手続きへ進む</strong>
            画面上部のカートアイコン、またはボタンの「購入手続きへ」からカートを開きます。
          </li>
          <li>
            <strong>クーポン・ポイント・支払い方法を選ぶ</strong>
            使えるクーポンは自動で候補に表示されます。ポイントを使う場合は利用ポイント数を入力します。
          </li>
          <li>
            <strong>購入を確定する</strong>
            決済が完了すると本棚に追加され、すぐに読めます。
          </li>
        </ol>
        <p>
          ご利用いただける支払い方法は、クレジットカード、PayPay、d払い、auかんたん決済、ソフトバンクまとめて支払い、Amazon
          Payです。表示価格はすべて税込です。
        </p>
      </InfoSection>

      <InfoSection id="help-coupon" title="クーポンを使う">
        <p>
          クーポンはメニューの「クーポン」で受け取ってから使います。受け取ったクーポンは、条件を満たす作品をカートに入れると購入手続きの画面で選べます。
        </p>
        <ul>
          <li>1回のご注文で使えるクーポンは1枚です。</li>
          <li>割引額は税込価格から計算されます。割引後の金額が0円を下回ることはありません。</li>
          <li>有効期限を過ぎたクーポンは自動的に使えなくなります。</li>
        </ul>
      </InfoSection>

      <InfoSection id="help-point" title="ポイントを使う・貯める">
        <p>
          ポイントは1ポイント＝1円としてお支払いに使えます。作品の購入やログインスタンプ、キャンペーンへのエントリーで貯まります。
        </p>
        <ul>
          <li>有効期限は付与日から180日間です（キャンペーンにより異なる場合があります）。</li>
          <li>お支払いには期限の近いポイントから使われます。</li>
          <li>保有ポイントと履歴はメニューの「ポイント」で確認できます。</li>
        </ul>
      </InfoSection>

      <InfoSection id="help-bookshelf" title="本棚">
        <p>
          購入した作品、受け取った無料の巻、ドラマCDは本棚にまとまります。表示は表紙の一覧とリストを切り替えられ、編集モードでは作品を並べ替えたり非表示にしたりできます。
        </p>
        <p>
          お気に入り（「気になる」）に登録した作品に新刊が出ると、本棚のバッジでお知らせします。
        </p>
      </InfoSection>

      <InfoSection id="help-audio" title="ドラマCDを聴く">
        <p>
          ドラマCDの作品ページでは、トラックごとに試聴・購入ができます。購入したトラックは全編を、購入前のトラックは試聴版を再生できます。
        </p>
        <ul>
          <li>プレイヤーでは再生・一時停止、10秒戻し・10秒送り、シークバーでの移動ができます。</li>
          <li>音量は0〜100で調整できます（初期値50）。</li>
          <li>
            音声はストリーミング再生です。通信環境によっては読み込みに時間がかかることがあります。
          </li>
        </ul>
      </InfoSection>

      <InfoSection id="help-devices" title="推奨環境">
        <table className="info__table">
          <caption>推奨環境（各OS・ブラウザの最新版を推奨します）</caption>
          <thead>
            <tr>
              <th scope="col">端末</th>
              <th scope="col">OS</th>
              <th scope="col">ブラウザ</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">スマートフォン・タブレット</th>
              <td>iOS 16以降 / Android 10以降</td>
              <td>Safari / Google Chrome</td>
            </tr>
            <tr>
              <th scope="row">パソコン</th>
              <td>Windows 10以降 / macOS 13以降</td>
              <td>Google Chrome / Microsoft Edge / Safari / Firefox</td>
            </tr>
          </tbody>
        </table>
        <p>CookieとJavaScriptを有効にしてご利用ください。</p>
      </InfoSection>

      <InfoSection id="help-contact" title="解決しないときは">
        <p>
          <InfoLink to="/faq">よくある質問</InfoLink>
          もあわせてご覧ください。それでも解決しない場合は
          <InfoLink to="/inquiry">お問い合わせフォーム</InfoLink>
          からご連絡ください。
        </p>
      </InfoSection>
    </>
  );
}
