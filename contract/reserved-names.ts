// Without zod: the sign-up, profile and review forms may show the same refusal (decision 0053).

/**
 * The store's own names. A member's nickname may not contain them (nor may a review's nickname),
 * and a review title may not put them in brackets (【公式】お知らせ): readers would take the text
 * for the store speaking. Staff accounts are the store and may use them.
 */
const STORE_NAMES = [
  "コマヤ",
  "こまや",
  "komaya",
  "公式",
  "運営",
  "管理人",
  "管理者",
  "事務局",
  "スタッフ",
  "staff",
  "admin",
  "official",
  "moderator",
];

/** NFKC (full-width and half-width forms alike), case folded, spaces and symbols dropped. */
function folded(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]/gu, "");
}

const FOLDED_NAMES = STORE_NAMES.map(folded);

export function containsStoreName(text: string): boolean {
  const f = folded(text);
  return FOLDED_NAMES.some((name) => f.includes(name));
}

/** A bracketed word after NFKC: 【…】〔…〕〈…〉《…》「…」『…』[…] (…) {…} <…>. */
const BRACKETED = /[【〔〈《「『[({<]([^】〕〉》」』\])}>]{1,30})[】〕〉》」』\])}>]/g;

function bracketsStoreName(title: string): boolean {
  for (const match of title.normalize("NFKC").matchAll(BRACKETED)) {
    if (containsStoreName(match[1]!)) return true;
  }
  return false;
}

export const STORE_NAME_IN_NICKNAME =
  "「コマヤ」「公式」「運営」などストアを名乗る言葉はニックネームに使えません";
const STORE_NAME_IN_TITLE = "【公式】のようにストアを名乗る表記はタイトルに使えません";

/**
 * What is wrong with the names a member chose, field first; null when nothing is. Staff are the
 * store and may speak as it.
 */
export function storeNameProblem(
  userType: string,
  chosen: { nickname?: string | null; title?: string | null },
): { field: "nickname" | "title"; message: string } | null {
  if (userType === "staff") return null;
  if (chosen.nickname && containsStoreName(chosen.nickname)) {
    return { field: "nickname", message: STORE_NAME_IN_NICKNAME };
  }
  if (chosen.title && bracketsStoreName(chosen.title)) {
    return { field: "title", message: STORE_NAME_IN_TITLE };
  }
  return null;
}
