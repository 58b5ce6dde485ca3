import { jsonLdText } from "./seo";

/** Structured data for search engines, escaped so nothing in it can break out of the script. */
export function JsonLd({ data }: { data: unknown }) {
  const html = { __html: jsonLdText(data) };
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: jsonLdText writes every "<" as \u003c.
    <script type="application/ld+json" dangerouslySetInnerHTML={html} />
  );
}
