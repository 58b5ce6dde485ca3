/**
 * The operator shown on the legal, privacy and contact pages. Everything here is fictional
 * (the store is a demo); DemoCompanyNote says so next to it wherever it appears.
 */
export const DEMO_COMPANY = {
  name: "株式会社コマヤ",
  representative: "代表取締役 見本 太郎",
  privacyOfficer: "個人情報保護管理者 例野 花子",
  postalCode: "〒100-0000",
  address: "東京都千代田区見本町一丁目2番3号 コマヤビル5階",
  phone: "03-0000-0000",
  phoneHours: "平日 10:00〜18:00（土日祝・年末年始を除く）",
  email: "support@komaya.example",
  privacyEmail: "privacy@komaya.example",
  recruitEmail: "recruit@komaya.example",
  storeName: "コマヤ",
  storeUrl: "https://komaya.example/",
} as const;
