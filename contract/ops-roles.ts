/**
 * Staff roles and what each may do in /ops (issue 23). Zod-free on purpose: the ops pages show
 * this table and the server checks every page and call against it, so both read it here.
 */
export const STAFF_ROLES = ["admin", "editor", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: "管理者",
  editor: "編集担当",
  support: "サポート担当",
};

export const ROLE_SUMMARIES: Record<StaffRole, string> = {
  admin: "すべての操作と、スタッフアカウント・権限の管理ができます。",
  editor: "作品・コンテンツ・価格・スケジュールを編集できます。",
  support:
    "会員の検索・閲覧と、ポイント・プレゼントの付与、セッションの終了、アカウントのロック、メールの再送、注文の返金、お問い合わせへの対応、通報されたレビューの非表示ができます。",
};

/**
 * Each right names the roles that hold it. Reading the back office and its audit log is every
 * staff member's; writes belong to the roles the issue gives them.
 */
export const OPS_RIGHTS = {
  "ops.read": { label: "運営画面の閲覧", roles: ["admin", "editor", "support"] },
  "audit.read": { label: "操作履歴（監査ログ）の閲覧", roles: ["admin", "editor", "support"] },
  "catalog.write": { label: "作品・巻・ドラマCDの編集", roles: ["admin", "editor"] },
  "content.write": {
    label: "トップページ・特集・ポップアップ・お知らせの編集",
    roles: ["admin", "editor"],
  },
  "prices.write": { label: "価格・キャンペーン・クーポンの設定", roles: ["admin", "editor"] },
  "schedules.write": { label: "公開・販売スケジュールの設定", roles: ["admin", "editor"] },
  "members.read": {
    label: "会員情報・お問い合わせ・通報されたレビューの閲覧",
    roles: ["admin", "support"],
  },
  "members.write": {
    label:
      "会員へのポイント・プレゼント付与、ロック、セッション終了、メール再送、返金、お問い合わせへの返信、レビューの非表示",
    roles: ["admin", "support"],
  },
  "staff.manage": { label: "スタッフアカウントと権限の管理", roles: ["admin"] },
} as const satisfies Record<string, { label: string; roles: readonly StaffRole[] }>;

export type OpsRight = keyof typeof OPS_RIGHTS;

export function roleMay(role: StaffRole, right: OpsRight): boolean {
  return (OPS_RIGHTS[right].roles as readonly StaffRole[]).includes(role);
}

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/** What an audit row may name as its entity; the audit page offers these as a filter. */
export const AUDIT_ENTITIES = {
  staff_member: "スタッフアカウント",
  series: "作品",
  volume: "巻",
  drama_cd: "ドラマCD",
  track: "トラック",
  author: "著者",
  publisher: "出版社",
  label: "レーベル",
  magazine: "掲載誌",
  genre: "ジャンル",
  category: "カテゴリ",
  tag: "タグ",
  news: "お知らせ",
  stamp_card: "ログインスタンプカード",
  lottery: "くじ",
  popup: "ポップアップ",
  coupon: "クーポン",
  topic_page: "特集ページ",
  campaign: "キャンペーン",
  refund_campaign: "ポイント還元キャンペーン",
  member: "会員",
  member_points: "会員のポイント",
  member_present: "会員へのプレゼント",
  member_sessions: "会員のセッション",
  mail: "メール",
  order: "注文",
  inquiry: "お問い合わせ",
  review: "レビュー",
  home_layout: "トップページのレイアウト",
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;

/** Rows on one page of /ops/audit. */
export const AUDIT_PAGE_SIZE = 50;

/** Six digits from the authenticator, or one recovery code (letters and digits, hyphens allowed). */
export const SECOND_FACTOR_MAX = 24;

/** The ops sign-in page: where a visitor to /ops or /api/ops is sent. */
export const OPS_LOGIN_PAGE = "/ops/login";

/** How the audit page names each action an audited write records. */
export const AUDIT_ACTIONS: Record<string, string> = {
  create: "追加",
  role: "権限の変更",
  disable: "無効化",
  enable: "有効化",
  reset_second_factor: "二段階認証のリセット",
  update: "編集",
  publish: "公開",
  withdraw: "取り下げ",
  restore: "取り下げの取り消し",
  pages: "ページの差し替え",
  cover: "表紙の差し替え",
  jacket: "ジャケットの差し替え",
  appeal_image: "アピール画像の差し替え",
  audio: "音声の差し替え",
  grant_points: "ポイント付与",
  grant_present: "プレゼント付与",
  revoke_sessions: "セッションの終了",
  lock: "ロック",
  unlock: "ロック解除",
  resend: "再送",
  refund: "返金",
  refund_order: "注文全体の返金",
  set_status: "状態の変更",
  assign: "担当の変更",
  note: "社内メモ",
  reply: "返信",
  hide: "非表示",
  unhide: "再表示",
  issue: "クーポン配布",
  banner: "バナーの差し替え",
  draft: "下書きの保存",
  discard: "下書きの破棄",
};
