/** Links of the result pages: condition chips, sort tabs and pager (short keys of spec 001 §2.1). */

function query(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The search without one condition; a price chip drops both ends, paging starts again. */
export function withoutCondition(search: string, key: string, value?: string): string {
  const params = new URLSearchParams(search);
  params.delete("pn");
  if (key === "ps" || key === "pe") {
    params.delete("ps");
    params.delete("pe");
  } else if (value === undefined) {
    params.delete(key);
  } else {
    const rest = params
      .getAll(key)
      .flatMap((v) => v.split(","))
      .filter((v) => v !== value);
    params.delete(key);
    for (const v of rest) params.append(key, v);
  }
  return query(params);
}

/** The same search in another order, from its first page; 0 (おすすめ) is the default. */
export function withSort(search: string, sort: number): string {
  const params = new URLSearchParams(search);
  params.delete("pn");
  if (sort === 0) params.delete("sort");
  else params.set("sort", String(sort));
  return query(params);
}

/** The same search on another page; page 1 carries no pn. */
export function withPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("pn");
  else params.set("pn", String(page));
  return query(params);
}

/** Page numbers to link: the first, the last and `around` either side of the current one. */
export function pagerPages(page: number, last: number, around = 2): Array<number | "gap"> {
  const pages: Array<number | "gap"> = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - page) <= around) pages.push(p);
    else if (pages[pages.length - 1] !== "gap") pages.push("gap");
  }
  return pages;
}
