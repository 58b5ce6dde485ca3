import { z } from "zod";
import { INT4_MAX } from "./row-id";

/**
 * The shapes every id, page number and numeric field takes, for the API's readers and the pages'
 * loaders alike (docs/decisions/0014-request-input.md). A number is a JSON number or the text of
 * one ("12", "-3", "4.5"); true, [3], {} or "1e10" are not numbers, so no field coerces them.
 */
const NUMERIC_TEXT = /^-?\d{1,16}(\.\d{1,16})?$/;

/** An empty value (a blank form field, null, an empty query key) means "not given". */
export const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const fromText = (v: unknown) => (typeof v === "string" && NUMERIC_TEXT.test(v) ? Number(v) : v);

/** A finite number, from a number or its text. */
export const numeric = (message = "数値で指定してください") =>
  z.preprocess(fromText, z.number({ message }));

/** A whole number, from a number or its text. */
export const integer = (message = "整数で指定してください") =>
  z.preprocess(fromText, z.number({ message }).int(message));

/** A whole number in [min, max], one message for every way it can be wrong. */
export const integerIn = (min: number, max: number, message: string) =>
  z.preprocess(fromText, z.number({ message }).int(message).min(min, message).max(max, message));

/** One of a fixed list of numbers (a genre, a sort order, a reason). */
export const oneOfNumbers = <T extends number>(values: readonly T[], message: string) =>
  z.preprocess(
    fromText,
    z
      .number({ message })
      .refine((n) => (values as readonly number[]).includes(n), message)
      .transform((n) => n as T),
  );

/**
 * A row id as PostgreSQL's integer holds it: 1 … 2³¹−1. Anything else names no row, so it is a
 * 400 naming the field, never a query that overflows.
 */
export const recordId = (field = "id") =>
  integerIn(1, INT4_MAX, `${field} は1〜${INT4_MAX}の整数で指定してください`);

/**
 * The coupon a cart or checkout applies: absent picks the best one, 0 none, else that coupon.
 * Text from an address ("?coupon=0") counts as its number.
 */
export const couponChoice = () =>
  z.preprocess(
    blankToUndefined,
    integerIn(0, INT4_MAX, `coupon は0〜${INT4_MAX}の整数で指定してください`).optional(),
  );

/** A page of a list, 1 when not given. */
export const pageNumber = (max = 10_000, field = "page") =>
  z.preprocess(
    blankToUndefined,
    integerIn(1, max, `${field} は1〜${max}の整数で指定してください`).default(1),
  );

/**
 * C0 control characters and DEL. PostgreSQL refuses U+0000 in text outright, and the others
 * never belong in a name, a search word or a message; tab, line feed and carriage return are the
 * only ones a multi-line field (an introduction, a message body) may hold.
 */
export function hasForbiddenControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      return true;
    }
  }
  return false;
}
const LINE_BREAKS = /[\t\n\r]/;

/** A value waiting to be looked at, with the key it sits under and the value holding it. */
interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path (["body"], ["items", 2]) of the first string, object key or element holding a control
 * character no field may hold, or null when there is none. The walk keeps its own stack, so a
 * deep value costs no call frames, and builds a path only for what it finds: one look at each
 * value, however wide or deep.
 */
export function controlCharacterPath(value: unknown): (string | number)[] | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const inner = visit.value;
    if (typeof inner === "string") {
      if (hasForbiddenControl(inner)) return pathOf(visit);
    } else if (Array.isArray(inner)) {
      for (let i = inner.length - 1; i >= 0; i--) {
        const element: unknown = inner[i];
        if (element !== null && (typeof element === "string" || typeof element === "object"))
          stack.push({ value: element, key: i, parent: visit });
      }
    } else if (inner && typeof inner === "object") {
      const keys = Object.keys(inner);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        stack.push({ value: (inner as Record<string, unknown>)[key], key, parent: visit });
        // Popped first: a key is looked at before what it holds.
        stack.push({ value: key, key, parent: visit });
      }
    }
  }
  return null;
}

export const CONTROL_CHARACTER_MESSAGE = "使用できない制御文字が含まれています";

/** A one-line text field (a nickname, a subject): no tab or line break either. */
export const oneLine = (label: string) =>
  z
    .string()
    .refine((s) => !LINE_BREAKS.test(s), `${label}に改行やタブは使用できません`)
    .refine((s) => !hasForbiddenControl(s), CONTROL_CHARACTER_MESSAGE);

/** A multi-line text field (an introduction, a message body): line breaks and tabs allowed. */
export const multiLine = () =>
  z.string().refine((s) => !hasForbiddenControl(s), CONTROL_CHARACTER_MESSAGE);
