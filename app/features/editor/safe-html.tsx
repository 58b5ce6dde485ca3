import { createElement, Fragment, type ReactNode } from "react";
import { safeLinkUrl } from "../../../contract/safe-url";

/**
 * Topic text blocks carry a little HTML (<b>, <br>, <a href>). It is rebuilt here as React
 * elements from a short list of tags, so markup typed into the editor can never run script:
 * other tags are dropped (their text stays), attributes other than a safe href are dropped.
 */
const ALLOWED = new Set([
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
]);
const VOID = new Set(["br"]);

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X"
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Same-site paths and http(s) addresses only (spec 001 §9 "Link sanitizer"). */
export function safeHref(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const href = decodeEntities(raw).trim();
  if (href.startsWith("#")) return href;
  return safeLinkUrl(href) ?? undefined;
}

interface Node {
  tag: string | null;
  href?: string;
  children: Array<Node | string>;
}

export function parseSafeHtml(html: string): Node {
  const root: Node = { tag: null, children: [] };
  const stack: Node[] = [root];
  const token = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|<!--[\s\S]*?-->|([^<]+|<)/g;
  for (const match of html.matchAll(token)) {
    const [, closing, rawTag, attrs, text] = match;
    const top = stack[stack.length - 1]!;
    if (text !== undefined) {
      top.children.push(decodeEntities(text));
      continue;
    }
    if (!rawTag) continue;
    const tag = rawTag.toLowerCase();
    if (!ALLOWED.has(tag)) continue;
    if (closing) {
      const at = stack.findLastIndex((n) => n.tag === tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const node: Node = { tag, children: [] };
    if (tag === "a") {
      const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs ?? "");
      node.href = safeHref(href?.[1] ?? href?.[2] ?? href?.[3]);
    }
    top.children.push(node);
    if (!VOID.has(tag) && !(attrs ?? "").trim().endsWith("/")) stack.push(node);
  }
  return root;
}

function render(node: Node | string, key: number): ReactNode {
  if (typeof node === "string") return node;
  const children = node.children.map(render);
  if (node.tag === null) return createElement(Fragment, { key }, ...children);
  if (node.tag === "br") return createElement("br", { key });
  if (node.tag === "a") {
    const external = node.href ? /^https?:/i.test(node.href) : false;
    return createElement(
      "a",
      {
        key,
        href: node.href,
        ...(external ? { target: "_blank", rel: "noopener noreferrer" } : {}),
      },
      ...children,
    );
  }
  return createElement(node.tag, { key }, ...children);
}

export function SafeHtml({ html }: { html: string }) {
  return <>{render(parseSafeHtml(html), 0)}</>;
}
