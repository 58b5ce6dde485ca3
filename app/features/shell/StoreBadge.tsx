import { Link } from "react-router";
import { isOutside } from "../../lib/store-links";

const BADGES = {
  appStore: { small: "Download on the", name: "App Store" },
  googlePlay: { small: "GET IT ON", name: "Google Play" },
} as const;

/**
 * An app-store badge: the configured store page, the store's own app page while there is none,
 * or (href null) the badge alone where no address exists to link to.
 */
export function StoreBadge({ store, href }: { store: keyof typeof BADGES; href: string | null }) {
  const badge = BADGES[store];
  const body = (
    <>
      <small>{badge.small}</small>
      {badge.name}
    </>
  );
  if (href === null) {
    return (
      <span className="store-badge" aria-disabled="true">
        {body}
      </span>
    );
  }
  return isOutside(href) ? (
    <a className="store-badge" href={href} rel="noopener">
      {body}
    </a>
  ) : (
    <Link className="store-badge" to={href}>
      {body}
    </Link>
  );
}
