/**
 * The FAQ accordion's rules (spec 000 §4: the accordion opens one panel at a time), apart from
 * React so they can be tested directly.
 */

/**
 * The panel open after panel `index` was opened or closed: opening one closes the others;
 * closing the open one leaves none open; a close event of a panel that is no longer the open
 * one (the browser closes the previous panel itself) changes nothing.
 */
export function panelAfterToggle(
  open: number | null,
  index: number,
  nowOpen: boolean,
): number | null {
  if (nowOpen) return index;
  return open === index ? null : open;
}

/**
 * Keyboard moves between the panel headers (WAI-ARIA accordion pattern): the header to focus
 * after `key` on header `index`, or null when the key is not a move.
 */
export function headerAfterKey(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case "ArrowDown":
      return (index + 1) % count;
    case "ArrowUp":
      return (index - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/** A link such as /faq#faq-points-expiry opens that question. */
export function panelFromHash(hash: string, ids: readonly string[]): number | null {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ""));
  } catch {
    return null;
  }
  const index = ids.indexOf(id);
  return index === -1 ? null : index;
}
