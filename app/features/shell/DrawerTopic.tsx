import { Link } from "react-router";
import type { SessionStatus } from "../../../contract/status";
import { followableUrl } from "../../lib/request";

/**
 * The drawer's optional topic content (spec 001 §2.4): rows of blocks in the topic-page JSON
 * format. The drawer is narrow, so it renders the blocks that fit a menu (headings, text,
 * banners, image lists, buttons, rules, spacing, boxes); other block types are skipped.
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v : "");
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** Markers this renderer can judge; content carrying any other marker is not shown. */
function visible(node: Json, status: SessionStatus): boolean {
  const markers = str(node.class).split(/\s+/).filter(Boolean);
  return markers.every((m) => {
    switch (m) {
      case "loginOnly":
        return status.is_login;
      case "logoutOnly":
        return !status.is_login;
      case "paidOnly":
        return status.is_paid;
      case "unpaidOnly":
        return !status.is_paid;
      default:
        return false;
    }
  });
}

/** Topic text is simple markup; the drawer shows its words only. */
function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"');
}

function TopicLink({
  href,
  className,
  onNavigate,
  children,
}: {
  href: string;
  className?: string;
  onNavigate: () => void;
  children: React.ReactNode;
}) {
  const safe = followableUrl(href);
  if (!safe) return <span className={className}>{children}</span>;
  if (safe.startsWith("/") && !safe.startsWith("//")) {
    return (
      <Link to={safe} className={className} onClick={onNavigate}>
        {children}
      </Link>
    );
  }
  return (
    <a href={safe} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function Block({
  block,
  status,
  onNavigate,
}: {
  block: Json;
  status: SessionStatus;
  onNavigate: () => void;
}) {
  if (!visible(block, status)) return null;
  switch (block.type) {
    case "header":
      return <h3 className="drawer-topic__header">{str(block.text)}</h3>;
    case "text":
      return <p className="drawer-topic__text">{plainText(str(block.html))}</p>;
    case "image": {
      const img = (
        <img
          src={str(block.src)}
          alt={str(block.alt)}
          loading="lazy"
          width={Number(block.width) || undefined}
          height={Number(block.height) || undefined}
        />
      );
      return (
        <div className="drawer-topic__image">
          {block.href ? (
            <TopicLink href={str(block.href)} onNavigate={onNavigate}>
              {img}
            </TopicLink>
          ) : (
            img
          )}
        </div>
      );
    }
    case "imgList":
      return (
        <ul className="drawer-topic__imglist">
          {list(block.items).map((item) => (
            <li key={`${str(item.src)}|${str(item.href)}`}>
              {item.href ? (
                <TopicLink href={str(item.href)} onNavigate={onNavigate}>
                  <img src={str(item.src)} alt={str(item.alt)} loading="lazy" />
                </TopicLink>
              ) : (
                <img src={str(item.src)} alt={str(item.alt)} loading="lazy" />
              )}
            </li>
          ))}
        </ul>
      );
    case "shortBtn":
    case "button":
      return (
        <TopicLink
          href={str(block.href) || "/"}
          className="drawer-topic__button"
          onNavigate={onNavigate}
        >
          {str(block.text) || "HOMEへ戻る"}
        </TopicLink>
      );
    case "hr":
      return <hr className="drawer-topic__hr" />;
    case "space":
      return <div style={{ height: Math.min(Number(block.height) || 0, 80) }} />;
    case "box":
      return (
        <div className="drawer-topic__box">
          {list(block.blocks).map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: topic blocks have no ids and never reorder
            <Block key={i} block={b} status={status} onNavigate={onNavigate} />
          ))}
        </div>
      );
    default:
      return null;
  }
}

export function DrawerTopic({
  content,
  status,
  onNavigate,
}: {
  content: unknown[];
  status: SessionStatus;
  onNavigate: () => void;
}) {
  const rows = content.filter(isObject).filter((row) => visible(row, status));
  if (rows.length === 0) return null;
  return (
    <div className="drawer-topic">
      {rows.map((row, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: topic rows have no ids and never reorder
        <div key={r} className="drawer-topic__row">
          {list(row.columns)
            .filter((col) => visible(col, status))
            .map((col, c) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: columns have no ids either
                key={c}
                className="drawer-topic__col"
                style={{ flexBasis: `${((Number(col.sRange) || 12) / 12) * 100}%` }}
              >
                {list(col.blocks).map((b, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <Block key={i} block={b} status={status} onNavigate={onNavigate} />
                ))}
              </div>
            ))}
        </div>
      ))}
    </div>
  );
}
