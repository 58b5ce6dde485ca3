import DOMPurify from "isomorphic-dompurify";
import { safeLinkUrl } from "./safe-url";

/**
 * The markup topic text and toggle blocks may carry. DOMPurify (jsdom on the server, the page's
 * own DOM in the editor preview) parses it the way a browser will, then keeps only these tags
 * and attributes; links go through the same guard as every staff-written address (site paths,
 * http and https only).
 */
const ALLOWED_TAGS = [
  "a",
  "b",
  "strong",
  "i",
  "em",
  "u",
  "s",
  "small",
  "span",
  "p",
  "br",
  "ul",
  "ol",
  "li",
];
const ALLOWED_ATTR = ["href"];

let hooked = false;

function addLinkHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName !== "A") return;
    const raw = node.getAttribute("href");
    const href = raw === null ? null : raw.startsWith("#") ? raw : safeLinkUrl(raw);
    if (href === null) {
      node.removeAttribute("href");
      return;
    }
    node.setAttribute("href", href);
    if (/^https?:/i.test(href)) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer");
    }
  });
}

export function sanitizeTopicHtml(html: string): string {
  addLinkHook();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
  });
}
