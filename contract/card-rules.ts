import { tokyoTime } from "./tokyo-time";

/**
 * The card form's rules (decision 0111), zod-free so the browser checks as the server does: the
 * brand a number's first digits name, its length and Luhn check digit, the expiry MM/YY, the
 * security code's length by brand and the holder's name in capital romaji.
 */

export type CardBrand = "visa" | "mastercard" | "jcb" | "amex" | "diners";

export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  jcb: "JCB",
  amex: "American Express",
  diners: "Diners Club",
};

/** A member keeps at most this many cards with the provider. */
export const MAX_SAVED_CARDS = 3;

interface BrandRule {
  brand: CardBrand;
  /** Matches the number's first digits. */
  prefix: RegExp;
  lengths: readonly number[];
  cvcLength: 3 | 4;
}

// Issuer ranges: Visa 4; Mastercard 51–55 and 2221–2720; JCB 3528–3589; American Express 34, 37;
// Diners Club 300–305, 3095, 36, 38, 39.
const BRANDS: readonly BrandRule[] = [
  { brand: "visa", prefix: /^4/, lengths: [13, 16, 19], cvcLength: 3 },
  {
    brand: "mastercard",
    prefix: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/,
    lengths: [16],
    cvcLength: 3,
  },
  { brand: "jcb", prefix: /^35(2[89]|[3-8]\d)/, lengths: [16, 17, 18, 19], cvcLength: 3 },
  { brand: "amex", prefix: /^3[47]/, lengths: [15], cvcLength: 4 },
  {
    brand: "diners",
    prefix: /^3(0[0-5]|095|[689])/,
    lengths: [14, 15, 16, 17, 18, 19],
    cvcLength: 3,
  },
];

/** The digits of what was typed, spaces and hyphens dropped. */
export function cardDigits(typed: string): string {
  return typed.replace(/[\s-]/g, "");
}

/** The brand the first digits name, or null (too few digits, or a brand the store does not take). */
export function cardBrand(typed: string): CardBrand | null {
  const digits = cardDigits(typed);
  if (!/^\d+$/.test(digits)) return null;
  return BRANDS.find((b) => b.prefix.test(digits))?.brand ?? null;
}

function ruleOf(brand: CardBrand): BrandRule {
  return BRANDS.find((b) => b.brand === brand)!;
}

/** The security code's length for a brand: 4 on American Express, 3 on the others. */
export function cvcLength(brand: CardBrand | null): 3 | 4 {
  return brand ? ruleOf(brand).cvcLength : 3;
}

/** The Luhn check digit holds. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Groups the digits as the card shows them: 4-6-5 on American Express, 4-6-4 on Diners, else 4s. */
export function formatCardNumber(typed: string): string {
  const digits = cardDigits(typed).replace(/\D/g, "").slice(0, 19);
  const brand = cardBrand(digits);
  const groups = brand === "amex" ? [4, 6, 5] : brand === "diners" ? [4, 6, 4] : null;
  if (groups && digits.length <= groups.reduce((a, b) => a + b, 0)) {
    const parts: string[] = [];
    let at = 0;
    for (const g of groups) {
      if (at >= digits.length) break;
      parts.push(digits.slice(at, at + g));
      at += g;
    }
    return parts.join(" ");
  }
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "0428" or "04/28" typed into the expiry field, shown as MM/YY. */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const CARD_MESSAGES = {
  number: "カード番号を入力してください",
  brand: "Visa、Mastercard、JCB、American Express、Diners Club のカードをご利用ください",
  numberInvalid: "カード番号が正しくありません。ご確認ください",
  expiry: "有効期限を MM/YY の形で入力してください",
  expired: "カードの有効期限が切れています",
  cvc3: "セキュリティコード（カード裏面の3桁）を入力してください",
  cvc4: "セキュリティコード（カード表面の4桁）を入力してください",
  name: "名義をローマ字の大文字で入力してください（例: TARO KOMAYA）",
  tooMany: `登録できるカードは${MAX_SAVED_CARDS}枚までです。不要なカードを削除してからご登録ください`,
  declined: "カードが承認されませんでした。カード情報をご確認のうえ、もう一度お試しください",
} as const;

/** The card number's problem, or null when the brand is taken, the length right and Luhn holds. */
export function cardNumberProblem(typed: string): string | null {
  const digits = cardDigits(typed);
  if (digits === "") return CARD_MESSAGES.number;
  if (!/^\d+$/.test(digits)) return CARD_MESSAGES.numberInvalid;
  const brand = cardBrand(digits);
  if (!brand) return CARD_MESSAGES.brand;
  if (!ruleOf(brand).lengths.includes(digits.length) || !luhnValid(digits)) {
    return CARD_MESSAGES.numberInvalid;
  }
  return null;
}

/** MM/YY as month and four-digit year, or null when it is not a month. */
export function parseExpiry(typed: string): { month: number; year: number } | null {
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(typed);
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(m[2]) };
}

/** A card is good through the last day of its expiry month, in Tokyo. */
export function cardExpired(expiry: { month: number; year: number }, now: Date | number): boolean {
  const t = tokyoTime(now);
  return expiry.year < t.year || (expiry.year === t.year && expiry.month < t.month);
}

export function expiryProblem(typed: string, now: Date | number): string | null {
  const expiry = parseExpiry(typed);
  if (!expiry) return CARD_MESSAGES.expiry;
  return cardExpired(expiry, now) ? CARD_MESSAGES.expired : null;
}

export function cvcProblem(cvc: string, brand: CardBrand | null): string | null {
  const length = cvcLength(brand);
  if (new RegExp(`^\\d{${length}}$`).test(cvc)) return null;
  return length === 4 ? CARD_MESSAGES.cvc4 : CARD_MESSAGES.cvc3;
}

/** The holder's name as embossed: capital romaji, spaces, and . ' - between, 2–45 characters. */
export const CARD_NAME_PATTERN = /^[A-Z][A-Z .'-]{0,43}[A-Z.]$/;

export function nameProblem(name: string): string | null {
  return CARD_NAME_PATTERN.test(name.trim()) ? null : CARD_MESSAGES.name;
}

/** What the card form sends to /api/payment_cards. */
export interface CardForm {
  number: string;
  /** MM/YY */
  exp: string;
  cvc: string;
  name: string;
}

/** Each field's problem, by field; empty when the form may be sent. */
export function cardFormProblems(form: CardForm, now: Date | number): Partial<CardForm> {
  const problems: Partial<CardForm> = {};
  const number = cardNumberProblem(form.number);
  if (number) problems.number = number;
  const exp = expiryProblem(form.exp, now);
  if (exp) problems.exp = exp;
  const cvc = cvcProblem(form.cvc, cardBrand(form.number));
  if (cvc) problems.cvc = cvc;
  const name = nameProblem(form.name);
  if (name) problems.name = name;
  return problems;
}

/** A saved card as the member sees it: the provider keeps the number, the store only this. */
export interface SavedCard {
  card_id: number;
  brand: CardBrand;
  brand_name: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** MM/YY */
  exp: string;
  expired: boolean;
}

export function expiryText(month: number, year: number): string {
  return `${String(month).padStart(2, "0")}/${String(year % 100).padStart(2, "0")}`;
}

/** A saved card as the member tells it apart: the brand and the last four digits. */
export function cardLabel(card: SavedCard): string {
  return `${card.brand_name} •••• ${card.last4}`;
}
