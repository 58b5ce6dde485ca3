import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { DramaCdPageAnswer, DramaCdTrack } from "../../../contract/dramacd";
import { shellAnswer } from "../../../contract/page-clock";
import { type SessionStatus, VISITOR_USER_STATUS } from "../../../contract/status";
import { ShellStateProvider } from "../../lib/shell";
import { AudioPlayerProvider } from "../audio/AudioPlayer";
import { DramaCdScreen } from "./DramaCdScreen";

const track = (n: number, over: Partial<DramaCdTrack> = {}): DramaCdTrack => ({
  track_id: 7000 + n,
  track_no: n,
  name: `トラック${n}「雨の日」`,
  duration_sec: 605,
  file_name: `t${n}.mp3`,
  file_url: null,
  trial_file_name: null,
  trial_file_url: null,
  trial_duration_sec: null,
  get_flag: false,
  ...over,
});

const base: DramaCdPageAnswer = {
  cd: {
    cd_id: 31,
    item_id: 9031,
    img: "/media/cd/31.png",
    name: "月下の約束 ドラマCD",
    appeal_text: "",
    appeal_tags: [],
    casts: [],
    sale_pct: 0,
    coupon_discount_type: null,
    coupon_discount_value: null,
    sale_flag: false,
    before_price_inc: null,
    price_inc: 3300,
    coupon_flag: false,
    onsale_flag: true,
    trial_file_name: "trial.mp3",
    get_flag: false,
    cart_flag: false,
    brand_id: 2,
    brand_name: "コマヤレコード",
    label_id: 12,
    label_name: "月光レーベル",
    jacket_url: "/media/cd/31/jacket.png",
    description: "二人の約束の物語。",
    ethic_type: 0,
    final_flag: false,
    categories: [{ category_id: 1, name: "BL" }],
    series_id: null,
  },
  tracks: [
    track(1, {
      trial_file_name: "t1t.mp3",
      trial_file_url: "/media/t1t.mp3",
      trial_duration_sec: 65,
    }),
    track(2),
  ],
  cast: [
    { cast_id: 1, name: "青木", role: "" },
    { cast_id: 2, name: "井上", role: "" },
  ],
  user: { favorite: false, ratings: {}, purchased: false },
  buyable_items: [],
  bonus: [],
};

function render(page: DramaCdPageAnswer, isLogin = false) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ShellStateProvider
        answer={shellAnswer(
          { is_login: isLogin, today: "20261124", ctrl_group: 1 } as SessionStatus,
          structuredClone(VISITOR_USER_STATUS),
        )}
      >
        <AudioPlayerProvider>
          <DramaCdScreen page={page} isLogin={isLogin} />
        </AudioPlayerProvider>
      </ShellStateProvider>
    </MemoryRouter>,
  ).replaceAll(' data-discover="true"', "");
}

const withCd = (over: Partial<DramaCdPageAnswer["cd"]>, page = base): DramaCdPageAnswer => ({
  ...page,
  cd: { ...page.cd, ...over },
});

describe("the drama CD page: what the CD is", () => {
  it("names the CD under breadcrumbs ホーム › ドラマCD, with brand, label link and categories", () => {
    const html = render(base);
    expect(html).toContain('aria-label="パンくずリスト"');
    expect(html).toContain('<a href="/">ホーム</a>');
    expect(html).toContain('<a href="/doramacd">ドラマCD</a>');
    expect(html).toContain('<span aria-current="page">月下の約束 ドラマCD</span>');
    expect(html).toContain("コマヤレコード ／ ");
    expect(html).toContain('<a href="/doramacd?label=12">月光レーベル</a>');
    expect(html).toContain('aria-label="カテゴリ"><li>BL</li>');
    expect(html).toContain('alt="月下の約束 ドラマCD ジャケット"');
  });

  it("marks a 15+ CD R15 and an all-ages one not", () => {
    expect(render(withCd({ ethic_type: 1 }))).toContain('class="dramacd__ethic">R15</span>');
    expect(render(base)).not.toContain("R15");
  });

  it("links each cast to its CDs, up to five, with 他 when there are five or more", () => {
    const two = render(base);
    expect(two).toContain('<a href="/doramacd?cast=1">青木</a>');
    expect(two).toContain('<span>、<a href="/doramacd?cast=2">井上</a></span>');
    expect(two).not.toContain(" 他");

    const six = Array.from({ length: 6 }, (_, i) => ({
      cast_id: i + 1,
      name: `声優${i + 1}`,
      role: "",
    }));
    const html = render({ ...base, cast: six });
    expect(html).toContain('<a href="/doramacd?cast=5">声優5</a>');
    expect(html).not.toContain("声優6");
    expect(html).toContain(" 他");
  });

  it("links the original comic only when the CD has one", () => {
    expect(render(withCd({ series_id: 88 }))).toContain(
      '<a href="/series/88">原作コミックを見る</a>',
    );
    expect(render(base)).not.toContain("原作コミックを見る");
  });

  it("shows 作品紹介 and 購入特典 only when there is something to show", () => {
    expect(render(base)).toContain("作品紹介");
    expect(render(withCd({ description: "" }))).not.toContain("作品紹介");
    expect(render(base)).not.toContain("購入特典");
    const html = render({
      ...base,
      bonus: [{ bonus_id: 1, name: "書き下ろしSSペーパー", description: "購入者限定" }],
    });
    expect(html).toContain("購入特典");
    expect(html).toContain("<strong>書き下ろしSSペーパー</strong><p>購入者限定</p>");
  });
});

describe("the drama CD page: buying (the drama CD card rules, spec 000 §4)", () => {
  it("on sale and not in the cart: the price with 円 ( 税込 ) and カートに入れる", () => {
    const html = render(base);
    expect(html).toContain("3,300");
    expect(html).toContain("円 ( 税込 )");
    expect(html).toContain("カートに入れる");
    expect(html).not.toContain("購入手続きへ");
  });

  it("a sale shows the old price struck out before the new one", () => {
    const html = render(withCd({ sale_flag: true, before_price_inc: 4400, price_inc: 2200 }));
    expect(html).toMatch(/<s class="card-price__before">4,400<small>円<\/small><\/s>.*2,200/);
  });

  it("in the cart: 購入手続きへ leading to /cart instead of カートに入れる", () => {
    const html = render(withCd({ cart_flag: true }));
    expect(html).toMatch(/<a [^>]*href="\/cart"[^>]*>購入手続きへ<\/a>/);
    expect(html).not.toContain("カートに入れる");
  });

  it("not on sale: says 現在販売しておりません and offers no cart button", () => {
    const html = render(withCd({ onsale_flag: false }));
    expect(html).toContain("現在販売しておりません");
    expect(html).not.toContain("カートに入れる");
    expect(html).not.toContain("購入手続きへ");
  });

  it("owned: 購入済み, no price and no cart button", () => {
    const html = render(withCd({ get_flag: true }));
    expect(html).toContain('class="dramacd__owned">購入済み</p>');
    expect(html).not.toContain("円 ( 税込 )");
    expect(html).not.toContain("カートに入れる");
  });

  it("offers 気になる, pressed when the member already favours the CD", () => {
    expect(render(base)).toMatch(
      /aria-pressed="false"[^>]*><span aria-hidden="true">♡<\/span>気になる/,
    );
    const on = render({ ...base, user: { ...base.user, favorite: true } }, true);
    expect(on).toMatch(/aria-pressed="true"[^>]*><span aria-hidden="true">♥<\/span>気になる/);
  });
});

describe("the drama CD page: tracks", () => {
  it("lists 収録トラック with each track's length as m:ss (h:mm:ss from an hour)", () => {
    const html = render(base);
    expect(html).toContain("収録トラック");
    expect(html).toContain("トラック1「雨の日」");
    expect(html).toContain('dramacd-track__length">10:05<');
    const long = render({ ...base, tracks: [track(1, { duration_sec: 3725 })] });
    expect(long).toContain('dramacd-track__length">1:02:05<');
  });

  it("offers すべて再生 when a track plays in full, すべて試聴 when only samples play, nothing otherwise", () => {
    expect(render(base)).toContain("すべて試聴");
    const owned = render(
      { ...base, tracks: [track(1, { get_flag: true, file_url: "/media/t1.mp3" })] },
      true,
    );
    expect(owned).toContain("すべて再生");
    const none = render({ ...base, tracks: [track(2, { trial_file_url: null })] });
    expect(none).not.toContain("すべて");
  });

  it("an unowned track with a trial file offers 試聴 with the trial's length; without one, no button", () => {
    const html = render(base);
    expect(html).toContain("試聴 1:05");
    expect(html).toContain('aria-label="トラック1「雨の日」を試聴"');
    expect(html).not.toContain('aria-label="トラック2「雨の日」を');
  });

  it("an owned track plays in full: 購入済み and 再生する, not 試聴", () => {
    const html = render(
      {
        ...base,
        tracks: [
          track(1, {
            get_flag: true,
            file_url: "/media/t1.mp3",
            trial_file_url: "/media/t1t.mp3",
            trial_duration_sec: 65,
          }),
        ],
      },
      true,
    );
    expect(html).toContain('aria-label="トラック1「雨の日」を再生する"');
    expect(html).toContain("dramacd-track__state--owned");
    expect(html).not.toContain("試聴 1:05");
  });

  it("only members may rate a track 1–5, their own rating shown pressed", () => {
    expect(render(base)).not.toContain('aria-label="1点"');
    const html = render({ ...base, user: { ...base.user, ratings: { "7001": 3 } } }, true);
    for (const n of [1, 2, 3, 4, 5]) expect(html).toContain(`aria-label="${n}点"`);
    expect(html).toContain('aria-label="3点" aria-pressed="true"');
    expect(html.match(/dramacd-rating__star--on/g)?.length).toBe(3);
  });
});
