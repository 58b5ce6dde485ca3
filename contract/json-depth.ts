/**
 * How deep arrays and objects may nest in JSON the store reads (docs/decisions/0046): no call or
 * topic page needs more than a few levels, and a limit checked before parsing makes a body of
 * brackets cost one pass over its characters.
 */
export const JSON_DEPTH_LIMIT = 32;

export const JSON_TOO_DEEP_MESSAGE = `リクエストの形式が正しくありません（配列やオブジェクトの入れ子は${JSON_DEPTH_LIMIT}段までです）`;

/**
 * Whether JSON text opens more than `limit` arrays or objects inside one another, read in one pass
 * over its characters without parsing it (brackets inside strings do not count). Text that is not
 * JSON at all is left to the parser.
 */
export function jsonNestsDeeperThan(text: string, limit = JSON_DEPTH_LIMIT): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character, a quote among them.
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}
