import { XMLParser } from "fast-xml-parser";
import { ONIX_ROLES } from "../../../contract/catalog-import";
import type { AuthorRole } from "../../../contract/ops-catalog-rules";
import {
  checkRecord,
  type ImportContributor,
  isProblem,
  MAX_IMPORT_RECORDS,
  type ReadResult,
  refuseRepeats,
} from "./records";

/**
 * ONIX 3.0 product records (reference tag names) as Japanese publishers deliver them, mapped onto
 * what the catalog keeps. A role the store does not credit (ONIX_ROLES) makes the product a
 * problem rather than a wrong credit.
 */

// Code list 58: 02 RRP including tax, 04 fixed retail price including tax (再販価格).
const TAX_INCLUDED_PRICE_TYPES = new Set(["02", "04"]);

const REPEATED = new Set([
  "Product",
  "ProductIdentifier",
  "TitleDetail",
  "TitleElement",
  "Collection",
  "Contributor",
  "Subject",
  "Publisher",
  "Imprint",
  "PublishingDate",
  "SupplyDetail",
  "Price",
  "Extent",
  "TextContent",
  "Text",
]);

type Node = Record<string, unknown>;
const nodes = (value: unknown): Node[] =>
  Array.isArray(value) ? (value as Node[]) : value === undefined ? [] : [value as Node];
const first = (value: unknown): Node | undefined => nodes(value)[0];

/** An element's text, whether the parser gave a string, a number or a node with attributes. */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string" || typeof value === "number") return String(value).trim();
  const node = Array.isArray(value) ? value[0] : value;
  if (node && typeof node === "object" && "#text" in node)
    return String((node as Node)["#text"]).trim();
  return "";
}

/** Japanese ONIX gives readings in `collationkey`, often in hiragana; the catalog keeps katakana. */
function readingOf(value: unknown): string {
  const node = Array.isArray(value) ? value[0] : value;
  const key = node && typeof node === "object" ? (node as Node)["@_collationkey"] : undefined;
  return typeof key === "string"
    ? key.trim().replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    : "";
}

function personName(contributor: Node): { name: string; nameKana: string } {
  if (contributor.PersonName !== undefined)
    return { name: textOf(contributor.PersonName), nameKana: readingOf(contributor.PersonName) };
  const key = textOf(contributor.KeyNames);
  const before = textOf(contributor.NamesBeforeKey);
  const kana = [readingOf(contributor.KeyNames), readingOf(contributor.NamesBeforeKey)].join("");
  // Japanese names are family name first, with no space between.
  return { name: `${key}${before}`, nameKana: kana };
}

/** The series title and the volume number: a Collection, or a collection-level title element. */
function seriesOf(detail: Node): { title: string; kana: string; part: string } | null {
  const elements = [
    ...nodes(detail.Collection).flatMap((c) => nodes(c.TitleDetail)),
    ...nodes(detail.TitleDetail),
  ].flatMap((t) => nodes(t.TitleElement));
  const level2 = elements.find((e) => textOf(e.TitleElementLevel) === "02");
  if (!level2) return null;
  const part =
    textOf(level2.PartNumber) || textOf(elements.find((e) => textOf(e.PartNumber))?.PartNumber);
  return { title: textOf(level2.TitleText), kana: readingOf(level2.TitleText), part };
}

function productTitle(detail: Node): string {
  const distinctive = nodes(detail.TitleDetail).find((t) => textOf(t.TitleType) === "01");
  const element = nodes(distinctive?.TitleElement).find(
    (e) => textOf(e.TitleElementLevel) === "01",
  );
  if (!element) return "";
  const subtitle = textOf(element.Subtitle);
  return [textOf(element.TitleText), subtitle].filter(Boolean).join(" ");
}

function readProduct(product: Node, index: number): unknown | string {
  const isbn = textOf(
    nodes(product.ProductIdentifier).find((p) => textOf(p.ProductIDType) === "15")?.IDValue,
  );
  const detail = first(product.DescriptiveDetail) ?? {};
  const publishing = first(product.PublishingDetail) ?? {};
  const series = seriesOf(detail);
  if (!series) return "シリーズ（Collection の TitleElementLevel 02）がありません";
  if (!/^\d+$/.test(series.part)) return `巻数（PartNumber）「${series.part}」が整数ではありません`;

  const contributors: ImportContributor[] = [];
  for (const contributor of nodes(detail.Contributor)) {
    const code = textOf(contributor.ContributorRole);
    const role = (ONIX_ROLES as Record<string, AuthorRole>)[code];
    if (!role)
      return `著者区分 ${code} には対応していません（${Object.keys(ONIX_ROLES).join(", ")}）`;
    contributors.push({ ...personName(contributor), role });
  }

  const subjects = nodes(detail.Subject);
  const tags = subjects
    .filter((s) => textOf(s.SubjectSchemeIdentifier) === "20")
    .flatMap((s) => textOf(s.SubjectHeadingText).split(/[;；]/))
    .map((t) => t.trim())
    .filter(Boolean);
  const genres = subjects
    .filter((s) => textOf(s.SubjectSchemeIdentifier) === "24")
    .map((s) => textOf(s.SubjectHeadingText))
    .filter(Boolean);

  const prices = nodes(first(product.ProductSupply)?.SupplyDetail).flatMap((s) => nodes(s.Price));
  const price = prices.find(
    (p) => TAX_INCLUDED_PRICE_TYPES.has(textOf(p.PriceType)) && textOf(p.CurrencyCode) === "JPY",
  );
  if (!price) return "税込の円価格（PriceType 02 または 04、CurrencyCode JPY）がありません";
  const amount = textOf(price.PriceAmount);

  const published = nodes(publishing.PublishingDate).find(
    (d) => textOf(d.PublishingDateRole) === "01",
  );
  const pages = nodes(detail.Extent).find(
    (e) => textOf(e.ExtentType) === "00" && textOf(e.ExtentUnit) === "03",
  );
  const description = nodes(first(product.CollateralDetail)?.TextContent).find(
    (t) => textOf(t.TextType) === "03",
  );

  return {
    series: {
      title: series.title,
      titleKana: series.kana,
      publisher: textOf(first(publishing.Publisher)?.PublisherName),
      label: textOf(first(publishing.Imprint)?.ImprintName) || null,
      magazine: null,
      description: null,
      complete: null,
      genres,
      tags,
      contributors,
    },
    volume: {
      number: Number(series.part),
      title: productTitle(detail),
      priceInc: /^\d+(\.0+)?$/.test(amount) ? Math.trunc(Number(amount)) : Number.NaN,
      releaseAt: textOf(published?.Date),
      pageCount: pages ? Number(textOf(pages.ExtentValue)) : null,
      trialPages: null,
      description: description ? textOf(first(description.Text)) || null : null,
      isbn: isbn || null,
    },
    index,
  };
}

/** Reads an ONIX 3.0 message; each product that cannot be imported is a problem naming it. */
export function readOnix(xml: string): ReadResult {
  // Entity declarations are how XML bombs expand; ONIX messages never need them.
  if (/<!ENTITY/i.test(xml))
    return {
      records: [],
      problems: [{ source: "ファイル", message: "実体宣言（<!ENTITY>）を含むXMLは受け付けません" }],
    };
  let message: Node;
  try {
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "@_",
      parseTagValue: false,
      isArray: (name) => REPEATED.has(name),
      removeNSPrefix: true,
    }).parse(xml, true) as Node;
    message = (parsed.ONIXMessage as Node) ?? {};
    if (!parsed.ONIXMessage) {
      const shortTags = "ONIXmessage" in parsed || "ONIXMessage".toLowerCase() in parsed;
      return {
        records: [],
        problems: [
          {
            source: "ファイル",
            message: shortTags
              ? "ONIXの短縮タグ形式には対応していません。参照タグ形式（<ONIXMessage>）で送ってください"
              : "ONIX 3.0 のメッセージ（<ONIXMessage>）ではありません",
          },
        ],
      };
    }
  } catch (error) {
    return {
      records: [],
      problems: [
        { source: "ファイル", message: `XMLとして読めません（${(error as Error).message}）` },
      ],
    };
  }
  const products = nodes(message.Product);
  if (products.length === 0)
    return { records: [], problems: [{ source: "ファイル", message: "Product がありません" }] };
  if (products.length > MAX_IMPORT_RECORDS)
    return {
      records: [],
      problems: [
        { source: "ファイル", message: `一度に登録できるのは${MAX_IMPORT_RECORDS}件までです` },
      ],
    };

  const result: ReadResult = { records: [], problems: [] };
  products.forEach((product, i) => {
    const reference = textOf(product.RecordReference);
    const source = `Product ${i + 1}${reference ? `（${reference}）` : ""}`;
    const draft = readProduct(product, i);
    if (typeof draft === "string") {
      result.problems.push({ source, message: draft });
      return;
    }
    const checked = checkRecord(source, draft);
    if (isProblem(checked)) result.problems.push(checked);
    else result.records.push(checked);
  });
  return refuseRepeats(result);
}
