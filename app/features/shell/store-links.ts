/**
 * Addresses outside the store, in one place so operators set them once. The store is fictional,
 * so they point at example.com (reserved for examples) until real ones exist.
 */
export const APP_DOWNLOAD_LINKS = {
  ios: "https://example.com/app/ios",
  android: "https://example.com/app/android",
} as const;

export const SOCIAL_LINKS = [
  { label: "X（旧Twitter）公式アカウント", href: "https://example.com/social/x" },
];

export const COMPANY_LINKS = [
  { label: "運営会社", href: "https://example.com/company" },
  { label: "採用情報", href: "https://example.com/company/recruit" },
];
