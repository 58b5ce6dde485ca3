/**
 * The 適格請求書発行事業者登録番号 of a company: "T" and its 13-digit 法人番号, whose first digit
 * is a check digit over the other twelve: 9 − (Σ digit × weight mod 9), the weights 1, 2, 1, 2…
 * counted from the rightmost digit (法人番号の指定等に関する省令 第2条).
 */
export const REGISTRATION_NUMBER = /^T\d{13}$/;

/** The check digit of a corporate number's last twelve digits. */
export function corporateCheckDigit(twelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    // i counts from the right: the rightmost digit weighs 1, the next 2, and so on alternately.
    sum += Number(twelve[11 - i]) * (i % 2 === 0 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/** Why a registration number is refused; null when it is well-formed with a right check digit. */
export function registrationNumberProblem(value: string): string | null {
  if (!REGISTRATION_NUMBER.test(value))
    return "must be T followed by 13 digits (e.g. T9234567890123)";
  const check = corporateCheckDigit(value.slice(2));
  if (Number(value[1]) !== check)
    return `has a wrong check digit: the first of the 13 digits must be ${check}`;
  return null;
}
