/**
 * One normal form for everything search compares, so 「マオウ」「まおう」「ﾏｵｳ」 and 「ＯＮＥ」「one」
 * meet: NFKC folds full-width letters and digits to half width and half-width katakana to full
 * width, lower case folds letters, and katakana folds to hiragana. The long vowel mark ー has no
 * hiragana form and stays, which is how readings are written (らーめん).
 */
export function normalizeText(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFKC").toLowerCase()) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x30a1 && code <= 0x30f6) || code === 0x30fd || code === 0x30fe) {
      // ァ–ヶ and the iteration marks ヽヾ sit exactly 0x60 above their hiragana.
      out += String.fromCodePoint(code - 0x60);
    } else if (code === 0x301c) {
      // 〜 (wave dash) and ～ (NFKC: ~) are typed interchangeably in titles.
      out += "~";
    } else {
      out += ch;
    }
  }
  return out.replace(/\s+/gu, " ").trim();
}

/**
 * A field as the index stores it: normalised with its spaces removed, so 「田中太郎」 finds
 * 「田中 太郎」 and a query split at spaces still finds each part inside the field.
 */
export function compactField(text: string): string {
  return normalizeText(text).replace(/ /g, "");
}

/** The words of a query, normalised and deduplicated; every one must match (AND). */
export function queryTerms(query: string, max = 5): string[] {
  const terms = normalizeText(query)
    .split(" ")
    .filter((t) => t !== "");
  return [...new Set(terms)].slice(0, max);
}

export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * The distinct characters and two-character pieces of each word. Trigram indexes cannot serve a
 * one- or two-character query (猫, 魔王, bl), so the index also keeps these and answers such a
 * query by array containment.
 */
export function shortGrams(text: string): string[] {
  const out = new Set<string>();
  for (const word of text.split(" ")) {
    const chars = [...word];
    for (let i = 0; i < chars.length; i++) {
      out.add(chars[i]!);
      if (i + 1 < chars.length) out.add(chars[i]! + chars[i + 1]!);
    }
  }
  return [...out];
}

/** A term as a LIKE pattern piece: its wildcard characters match only themselves. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
