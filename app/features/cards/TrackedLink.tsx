import type { ReactNode } from "react";
import { Link } from "react-router";
import { safeLinkUrl } from "../../../contract/safe-url";
import { recordClickSource, sessionStore } from "../../lib/click-source";
import { type Tracking, trackingValue, withTracking } from "../../lib/tracking";
import { track } from "../analytics/track";
import { useCardState } from "./card-state";

interface TrackedLinkProps {
  href: string;
  tracking?: Tracking | null;
  /** The series (or drama CD) the link leads to, for the click-source store. */
  seriesId?: number | null;
  cdId?: number;
  newTab?: boolean;
  className?: string;
  ariaLabel?: string;
  children: ReactNode;
}

/**
 * Other sites, and the reader (its .html address only the server strips, decision 0020), load as
 * plain links.
 */
function isAppPath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/viewer/");
}

function framePosition(tracking: Tracking | null | undefined) {
  return tracking ? { frame: tracking.frame, position: tracking.position } : {};
}

/**
 * A link that carries the _tr value of its frame and, for members, records where the series was
 * clicked from before navigating (spec 000 §7). Banner and campaign addresses are written by
 * staff, so one the URL guard refuses leaves its content unlinked.
 */
export function TrackedLink(props: TrackedLinkProps) {
  const { isLogin } = useCardState();
  const safe = safeLinkUrl(props.href);
  if (safe === null) {
    return <span className={props.className}>{props.children}</span>;
  }
  const href = withTracking(safe, props.tracking);
  const onClick = () => {
    if (props.tracking) {
      const source = trackingValue(props.tracking);
      if (props.cdId !== undefined) {
        recordClickSource(sessionStore(), { id: props.cdId, source, isLogin, kind: "cd" });
      } else if (props.seriesId !== undefined) {
        recordClickSource(sessionStore(), { id: props.seriesId, source, isLogin });
      }
    }
    const where = framePosition(props.tracking);
    if (props.seriesId !== undefined || props.cdId !== undefined) {
      track("click_book", { series: props.seriesId ?? null, target_id: props.cdId, ...where });
    } else if (!href.startsWith("/") || href.startsWith("//")) {
      // A lead link takes the reader out of the store (spec 000 §7 click_leadlink).
      track("click_leadlink", { target_id: href.slice(0, 200), ...where });
    } else {
      track("click", { target_id: href.slice(0, 200), ...where });
    }
  };
  if (isAppPath(href) && !props.newTab) {
    return (
      <Link to={href} className={props.className} onClick={onClick} aria-label={props.ariaLabel}>
        {props.children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      className={props.className}
      onClick={onClick}
      aria-label={props.ariaLabel}
      {...(props.newTab ? { target: "_blank", rel: "noopener" } : {})}
    >
      {props.children}
    </a>
  );
}
