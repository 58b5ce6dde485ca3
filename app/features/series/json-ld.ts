import {
  applyMemberFreeRule,
  type Book,
  type SeriesInfo,
  visibleBooks,
} from "../../../contract/series";
import { metaDescription } from "../seo/seo";

/**
 * schema.org data for series and volume pages: a Book that is also a Product, so search engines
 * can show the title, authors, rating and the yen price with its availability. It describes the
 * page as a visitor sees it, whoever is logged in.
 */
const AVAILABILITY = {
  inStock: "https://schema.org/InStock",
  preOrder: "https://schema.org/PreOrder",
  outOfStock: "https://schema.org/OutOfStock",
} as const;

type Absolute = (path: string) => string;

function credits(series: SeriesInfo) {
  return series.authors.map((a) => ({ "@type": "Person", name: a.name }));
}

function rating(series: SeriesInfo) {
  if (series.rating_count <= 0) return undefined;
  return {
    "@type": "AggregateRating",
    ratingValue: Math.round(series.rating_average * 10) / 10,
    ratingCount: series.rating_count,
    bestRating: 5,
    worstRating: 1,
  };
}

function availability(book: Pick<Book, "onsale_flag">, released: boolean) {
  if (book.onsale_flag) return AVAILABILITY.inStock;
  return released ? AVAILABILITY.outOfStock : AVAILABILITY.preOrder;
}

export function seriesJsonLd(
  series: SeriesInfo,
  books: readonly Book[],
  url: string,
  absolute: Absolute,
) {
  const shown = visibleBooks(applyMemberFreeRule(books, false), []);
  const prices = shown.map((b) => b.price);
  const upcoming = books.find((b) => !b.onsale_flag);
  const offers =
    shown.length > 0
      ? {
          "@type": "AggregateOffer",
          priceCurrency: "JPY",
          lowPrice: Math.min(...prices),
          highPrice: Math.max(...prices),
          offerCount: shown.length,
          availability: AVAILABILITY.inStock,
          url,
        }
      : {
          "@type": "Offer",
          priceCurrency: "JPY",
          price: upcoming?.price ?? 0,
          availability: AVAILABILITY.preOrder,
          url,
        };
  return {
    "@context": "https://schema.org",
    "@type": ["Book", "Product"],
    "@id": `${url}#series`,
    name: series.name,
    url,
    image: series.img ? absolute(series.img) : undefined,
    description: metaDescription(series.description, 300),
    author: credits(series),
    publisher: { "@type": "Organization", name: series.publisher_name },
    genre: series.genres.map((g) => g.name),
    keywords: series.tags.map((t) => t.name).join(","),
    inLanguage: "ja",
    bookFormat: "https://schema.org/EBook",
    aggregateRating: rating(series),
    offers,
  };
}

export function volumeJsonLd(
  series: SeriesInfo,
  book: Book,
  url: string,
  seriesUrl: string,
  absolute: Absolute,
) {
  const [asVisitor] = applyMemberFreeRule([book], false);
  const released = book.item_start_date <= new Date().toISOString().slice(0, 10);
  return {
    "@context": "https://schema.org",
    "@type": ["Book", "Product"],
    "@id": `${url}#book`,
    name: book.title,
    url,
    image: absolute(book.img),
    description: metaDescription(book.description || series.description, 300),
    author: credits(series),
    publisher: { "@type": "Organization", name: series.publisher_name },
    isPartOf: { "@type": "BookSeries", name: series.name, url: seriesUrl },
    position: book.volume,
    datePublished: book.item_start_date,
    numberOfPages: book.page_count,
    inLanguage: "ja",
    bookFormat: "https://schema.org/EBook",
    isAccessibleForFree: asVisitor!.free_flag,
    aggregateRating: rating(series),
    offers: {
      "@type": "Offer",
      priceCurrency: "JPY",
      price: asVisitor!.price,
      availability: availability(book, released),
      url,
    },
  };
}
