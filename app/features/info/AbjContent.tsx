import { InfoSection } from "./InfoArticle";

/** The registration text the footer also shows (app/components/SiteFooter.tsx). */
export const ABJ_NOTICE =
  "ABJマークは、この電子書店・電子書籍配信サービスが、著作権者からコンテンツ使用許諾を得た正規版配信サービスであることを示す登録商標（登録番号 第6091713号）です。";

export function AbjContent() {
  return (
    <>
      <div className="abj">
        <span className="abj__mark" aria-hidden="true">
          ABJ
        </span>
        <p className="abj__notice">{ABJ_NOTICE}</p>
      </div>

      <InfoSection id="abj-about" title="ABJマークとは">
        <p>
          ABJマークは、一般社団法人ABJが運用する、正規版の電子書籍・電子書籍配信サービスであることを示すマークです。出版社・作家などの著作権者から許諾を得て配信しているサービスだけが表示できます。
        </p>
        <p>
          詳しくは、ABJのウェブサイト（
          <a href="https://aebs.or.jp/" target="_blank" rel="noopener noreferrer">
            https://aebs.or.jp/
          </a>
          ）をご覧ください。
        </p>
      </InfoSection>

      <InfoSection id="abj-why" title="正規版で読むことの大切さ">
        <ul>
          <li>
            海賊版サイトは作家や出版社に収益が届かないため、作品の続きが生まれにくくなります。
          </li>
          <li>
            海賊版サイトでは、ウイルス感染や個人情報の流出、不正な広告による被害が報告されています。
          </li>
          <li>
            正規版なら、作品を高画質で安心して楽しめ、購入した作品はいつでも本棚から読み返せます。
          </li>
        </ul>
      </InfoSection>

      <p className="info__demo" role="note">
        ※
        コマヤはデモンストレーション用の架空のストアです。このページはABJマークの説明の見本であり、コマヤが実際にABJマークの使用許諾を受けているものではありません。
      </p>
    </>
  );
}
