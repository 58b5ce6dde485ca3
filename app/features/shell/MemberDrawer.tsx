import { Fragment, useId, useRef } from "react";
import { Link } from "react-router";
import type { BrowseSection } from "../../../contract/menu";
import type { SessionStatus } from "../../../contract/status";
import { useModal } from "../../components/use-modal";
import { followableUrl, post } from "../../lib/request";
import type { ShellState } from "../../lib/shell";
import { DrawerTopic } from "./DrawerTopic";
import { campaignHref, drawerNickname, splitDrawerCampaigns, tokyoClock } from "./drawer-rules";
import { badgeText } from "./header-icons";
import {
  BellIcon,
  BookshelfIcon,
  CartIcon,
  ChevronIcon,
  CloseIcon,
  CouponIcon,
  CrownIcon,
  FreeIcon,
  GiftIcon,
  GuideIcon,
  HistoryIcon,
  PointIcon,
  SparkleIcon,
  UserIcon,
} from "./icons";
import { PresentBox } from "./PresentBox";
import { useCurrentGenre, useMenu } from "./use-menu";
import "./drawer.css";

interface MenuLink {
  to: string;
  label: string;
  icon: React.ComponentType<React.SVGProps<SVGSVGElement>>;
  /** Mobile has these in the footer tabs, so the drawer lists them on PC only (spec 001 §2.3). */
  pcOnly?: boolean;
}

const MEMBER_LINKS: MenuLink[] = [
  { to: "/account", label: "マイページ", icon: UserIcon },
  { to: "/bookshelf", label: "本棚", icon: BookshelfIcon },
  { to: "/cart", label: "カート", icon: CartIcon },
  { to: "/order_history", label: "購入履歴", icon: HistoryIcon },
  { to: "/otoku", label: "キャンペーン", icon: GiftIcon, pcOnly: true },
  { to: "/coupon", label: "クーポン", icon: CouponIcon, pcOnly: true },
  { to: "/point_detail", label: "ポイント履歴", icon: PointIcon },
  { to: "/stamp", label: "ログインスタンプ", icon: SparkleIcon },
  { to: "/news", label: "お知らせ", icon: BellIcon },
  { to: "/help", label: "ヘルプ", icon: GuideIcon },
];

const VISITOR_LINKS: MenuLink[] = [
  { to: "/howto", label: "はじめての方へ", icon: GuideIcon },
  { to: "/otoku", label: "キャンペーン", icon: GiftIcon, pcOnly: true },
  { to: "/free", label: "無料で読める", icon: FreeIcon },
  { to: "/ranking", label: "ランキング", icon: CrownIcon },
  { to: "/help", label: "ヘルプ", icon: GuideIcon },
];

/**
 * The member menu drawer (spec 001 §2.4): who is logged in, their points and coupons, staff
 * details, menu links, the browse menu from the menu call, and logout.
 */
export function MemberDrawer({ shell, onClose }: { shell: ShellState; onClose: () => void }) {
  const { status, user } = shell;
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const genre = useCurrentGenre();
  const { menu, loading } = useMenu(status, genre, true);
  const shade = useRef<HTMLDivElement>(null);
  useModal(true, panel, onClose, closeButton, shade);
  const workspace = user.workspace;

  async function logout() {
    const answer = await post("/api/account/logout", {}, { successOn: "status" });
    if (!answer.result) return;
    // Downloaded volumes leave the device with the member (decision 0117); loaded only now, so
    // the header's first load does not carry it.
    await import("../offline/forget-downloads").then((m) => m.forgetDownloads()).catch(() => {});
    window.location.assign("/");
  }

  return (
    <div className="overlay-backdrop overlay-backdrop--drawer" ref={shade}>
      <div
        ref={panel}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="member-drawer"
      >
        <div className="drawer__head">
          <h2 id={titleId} className="drawer__title">
            メニュー
          </h2>
          <button
            ref={closeButton}
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label="メニューを閉じる"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="drawer__scroll">
          {status.is_login ? (
            <section className="drawer-profile" aria-label="会員情報">
              <div className="drawer-profile__who">
                <span className="drawer-profile__avatar" aria-hidden="true">
                  <UserIcon />
                </span>
                <span className="drawer-profile__name" data-testid="drawer-nickname">
                  {drawerNickname(user.nickname)}
                  <small> さん</small>
                </span>
              </div>
              <dl className="drawer-profile__facts">
                <div>
                  <dt>保有ポイント</dt>
                  <dd>
                    <Link to="/point_detail" onClick={onClose}>
                      <strong>{user.point.toLocaleString("ja-JP")}</strong>pt
                    </Link>
                  </dd>
                </div>
                <div>
                  <dt>クーポン</dt>
                  <dd>
                    <Link to="/coupon" onClick={onClose}>
                      <strong>{user.coupon_count.toLocaleString("ja-JP")}</strong>枚
                    </Link>
                  </dd>
                </div>
              </dl>
              <PresentBox />
              {workspace?.detail ? (
                <StaffDetails status={status} workspace={workspace} onNavigate={onClose} />
              ) : null}
            </section>
          ) : (
            <section className="drawer-profile drawer-profile--guest" aria-label="ゲスト">
              <p className="drawer-profile__welcome">
                ようこそ、ゲストさん
                <small>無料会員登録で、読める作品がもっと増えます。</small>
              </p>
              <div className="drawer-profile__auth">
                <Link to={status.login_page} className="button button--ghost" onClick={onClose}>
                  ログイン
                </Link>
                <Link to={status.signup_page} className="button button--primary" onClick={onClose}>
                  会員登録（無料）
                </Link>
              </div>
            </section>
          )}

          <nav className="drawer-links" aria-label="メニュー">
            <ul>
              {(status.is_login ? MEMBER_LINKS : VISITOR_LINKS).map(
                ({ to, label, icon: Icon, pcOnly }) => (
                  <Fragment key={to}>
                    <li className={pcOnly ? "pc-only" : undefined}>
                      <Link to={to} onClick={onClose}>
                        <Icon width={20} height={20} />
                        <span>{label}</span>
                        <ChevronIcon className="drawer-links__chevron" width={16} height={16} />
                      </Link>
                    </li>
                    {to === "/bookshelf" ? (
                      <NewBooksEntry count={user.bookshelf_new_count} onNavigate={onClose} />
                    ) : null}
                  </Fragment>
                ),
              )}
            </ul>
          </nav>

          {loading && !menu ? (
            <p className="drawer__loading" role="status">
              読み込み中…
            </p>
          ) : null}
          {menu?.browse_menu.map((section) => (
            <BrowseMenuSection
              key={section.type}
              section={section}
              genre={genre}
              status={status}
              onNavigate={onClose}
            />
          ))}

          {status.is_login ? (
            <div className="drawer__logout">
              <button type="button" className="button button--block" onClick={logout}>
                ログアウト
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * 新刊のお知らせ under 本棚: the header badge's new volumes (the shelf's series and those with 通知
 * on), listed by the bookshelf's 新刊 (category 2).
 */
function NewBooksEntry({ count, onNavigate }: { count: number; onNavigate: () => void }) {
  return (
    <li>
      <Link to="/bookshelf?category=2" onClick={onNavigate} data-testid="drawer-new-books">
        <BellIcon width={20} height={20} />
        <span>新刊のお知らせ</span>
        {count > 0 ? <span className="drawer-links__count">{badgeText(count)}</span> : null}
        <ChevronIcon className="drawer-links__chevron" width={16} height={16} />
      </Link>
    </li>
  );
}

function StaffDetails({
  status,
  workspace,
  onNavigate,
}: {
  status: SessionStatus;
  workspace: NonNullable<ShellState["user"]["workspace"]>;
  onNavigate: () => void;
}) {
  const detail = workspace.detail;
  if (!detail) return null;
  return (
    <div className="drawer-staff" style={{ borderColor: workspace.color || undefined }}>
      <p className="drawer-staff__title">スタッフ情報（{workspace.name}）</p>
      <dl>
        <div>
          <dt>UID</dt>
          <dd>{status.uid}</dd>
        </div>
        <div>
          <dt>時刻</dt>
          <dd>
            <time dateTime={detail.time || status.now}>
              {tokyoClock(detail.time || status.now)}
            </time>
          </dd>
        </div>
        <div>
          <dt>ランク</dt>
          <dd>{detail.rank}</dd>
        </div>
        <div>
          <dt>ID</dt>
          <dd>{detail.id}</dd>
        </div>
      </dl>
      {workspace.add_list && workspace.add_list.length > 0 ? (
        <div className="drawer-staff__buttons">
          {workspace.add_list.map((b) => {
            const href = followableUrl(b.url);
            return href ? (
              <a key={`${b.label}${b.url}`} href={href} className="button" onClick={onNavigate}>
                {b.label}
              </a>
            ) : null;
          })}
        </div>
      ) : null}
    </div>
  );
}

const SECTION_TITLES: Record<BrowseSection["type"], string> = {
  hotword: "注目のキーワード",
  genre: "ジャンルから探す",
  free_genre: "無料で読めるマンガ",
  campaign: "開催中のキャンペーン",
  publisher: "出版社から探す",
  label: "レーベルから探す",
  topic: "おすすめ",
};

function BrowseMenuSection({
  section,
  genre,
  status,
  onNavigate,
}: {
  section: BrowseSection;
  genre: number;
  status: SessionStatus;
  onNavigate: () => void;
}) {
  const title = SECTION_TITLES[section.type];
  const headingId = `drawer-${section.type}`;
  let body: React.ReactNode;
  switch (section.type) {
    case "hotword":
      body = (
        <ul className="chip-list">
          {section.items.map((h) => (
            <li key={h.word}>
              <Link
                className="chip chip--hot"
                to={`/search?wd=${encodeURIComponent(h.word)}`}
                onClick={onNavigate}
              >
                #{h.word}
              </Link>
            </li>
          ))}
        </ul>
      );
      break;
    case "genre":
    case "free_genre":
      body = (
        <ul className="chip-list">
          {section.items.map((g) => (
            <li key={g.genre_id}>
              <Link
                className="chip"
                aria-current={section.type === "genre" && g.genre_id === genre ? "true" : undefined}
                to={
                  section.type === "genre"
                    ? `/home?genre=${g.genre_id}`
                    : `/free?genre=${g.genre_id}`
                }
                onClick={onNavigate}
              >
                {g.name}
              </Link>
            </li>
          ))}
        </ul>
      );
      break;
    case "campaign": {
      const { withImage, asText } = splitDrawerCampaigns(section.items);
      body = (
        <>
          <ul className="drawer-campaigns">
            {withImage.map((c) => (
              <li key={c.campaign_id}>
                <Link to={campaignHref(c)} onClick={onNavigate}>
                  <img src={c.img ?? ""} alt={c.name} loading="lazy" width={640} height={200} />
                </Link>
              </li>
            ))}
          </ul>
          {asText.length > 0 ? (
            <ul className="drawer-textlinks">
              {asText.map((c) => (
                <li key={c.campaign_id}>
                  <Link to={campaignHref(c)} onClick={onNavigate}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <Link className="drawer__more" to={`/otoku?genre=${genre}`} onClick={onNavigate}>
            キャンペーン一覧へ
          </Link>
        </>
      );
      break;
    }
    case "publisher": {
      const promoted = section.items.filter((p) => p.heading);
      body = (
        <>
          {promoted.map((p) => (
            <Link
              key={p.publisher_id}
              className="drawer-promoted"
              to={`/search?pb=${p.publisher_id}`}
              onClick={onNavigate}
            >
              <span className="drawer-promoted__heading">{p.heading}</span>
              <span className="drawer-promoted__name">{p.name}</span>
              <span className="drawer-promoted__text">
                {(p.description ?? "").slice((p.heading ?? "").length)}
              </span>
            </Link>
          ))}
          <ul className="chip-list">
            {section.items.map((p) => (
              <li key={p.publisher_id}>
                <Link
                  className={p.small ? "chip chip--small" : "chip"}
                  to={`/search?pb=${p.publisher_id}`}
                  title={p.description ?? undefined}
                  onClick={onNavigate}
                >
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      );
      break;
    }
    case "label":
      body = (
        <ul className="chip-list">
          {section.items.map((l) => (
            <li key={l.label_id}>
              <Link className="chip" to={`/search?lb=${l.label_id}`} onClick={onNavigate}>
                {l.name}
              </Link>
            </li>
          ))}
        </ul>
      );
      break;
    case "topic":
      return (
        <section className="drawer-section" aria-label={title}>
          <DrawerTopic genre={section.genre} isLogin={status.is_login} onNavigate={onNavigate} />
        </section>
      );
  }
  return (
    <section className="drawer-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="drawer-section__title">
        {title}
      </h3>
      {body}
    </section>
  );
}
