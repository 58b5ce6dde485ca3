// Without zod: the campaign form in /ops checks these as the editor types, and the schema in
// ops-campaigns.ts applies the same function on the server (issue 24, decision 0101). They are
// the rules the store reads a campaign by: pricing/campaign-effect.ts (the policies), the
// campaign page and /otoku (targets, flags, dates), the home's pickup strip (type 14).

import type { RuleIssue } from "./ops-catalog-rules";
import { parseTokyoDateTimeInput } from "./tokyo-time";

export const CAMPAIGN_LIMITS = {
  name: 100,
  description: 2000,
  label: 40,
  url: 500,
  targets: 500,
  /** More volumes free or whole-volume previews than any series has is a typo. */
  freeCount: 999,
  trialPages: 9999,
  pickupDisplay: 50,
  sortOrder: 1_000_000,
} as const;

/** The policy types of spec 000 §3, as the editor names them (campaign/schema.ts). */
export const POLICY_TYPES = {
  101: "セール（％引き）",
  102: "無料（最初の数巻・だれでも）",
  103: "会員登録で無料（最初の数巻）",
  104: "立ち読み増量（ページ数）",
  105: "立ち読み増量（最初の数巻をまるごと）",
  106: "その他の特典（表示のみ）",
} as const;
export type EditorPolicyType = keyof typeof POLICY_TYPES;
export const POLICY_TYPE_IDS = Object.keys(POLICY_TYPES).map(Number) as EditorPolicyType[];

/** What a campaign is, by its flags: the editor's kind picker and the list's column. */
export const CAMPAIGN_KINDS = {
  policy: "セール・無料・立ち読み増量・特典",
  coupon: "クーポンキャンペーン",
  info: "お知らせ（リンクのみ）",
} as const;
export type CampaignKind = keyof typeof CAMPAIGN_KINDS;

/** The kinds as the list's narrow column names them. */
export const CAMPAIGN_KIND_SHORT: Record<CampaignKind, string> = {
  policy: "特典",
  coupon: "クーポン",
  info: "お知らせ",
};

export const CAMPAIGN_STATES = { running: "開催中", upcoming: "予定", ended: "終了" } as const;
export type CampaignEditorState = keyof typeof CAMPAIGN_STATES;

export interface PolicyFields {
  policy_type: number;
  sale_pct?: number | null;
  free_count?: number | null;
  trial_page_count?: number | null;
  label?: string | null;
}

export interface CampaignRuleFields {
  kind: CampaignKind;
  action_url?: string | null;
  pickup_more_url?: string | null;
  start_at: string;
  end_at?: string | null;
  policies: readonly PolicyFields[];
  series_ids: readonly number[];
  item_ids: readonly number[];
  cd_ids: readonly number[];
}

/** A store address a banner may open: one of the store's own pages or an https page. */
export function linkIssue(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\/(?!\/)[^\s]*$/.test(value) || /^https:\/\/[^\s/]+[^\s]*$/.test(value)) return null;
  return "「/」で始まるストア内のアドレスか https:// のアドレスを入力してください";
}

function policyIssues(p: PolicyFields, at: number): RuleIssue[] {
  const field = `policies.${at}`;
  const L = CAMPAIGN_LIMITS;
  const between = (v: number | null | undefined, min: number, max: number) =>
    typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
  switch (p.policy_type) {
    case 101:
      return between(p.sale_pct, 1, 100)
        ? []
        : [{ field, message: "セールの割引率は1〜100％の整数で指定してください" }];
    case 102:
    case 103:
    case 105:
      return between(p.free_count, 1, L.freeCount)
        ? []
        : [{ field, message: `対象の巻数は1〜${L.freeCount}の整数で指定してください` }];
    case 104:
      return between(p.trial_page_count, 1, L.trialPages)
        ? []
        : [{ field, message: `立ち読みのページ数は1〜${L.trialPages}の整数で指定してください` }];
    case 106:
      return p.label?.trim()
        ? []
        : [{ field, message: "特典の表示名（例：ポイント還元）を入力してください" }];
    default:
      return [{ field, message: "特典の種類は101〜106で指定してください" }];
  }
}

/**
 * A campaign the store can serve: an end after its start; a sale, free or preview campaign with
 * at least one policy (each type once, in the table's ranges) and one target; a coupon campaign
 * with the targets its coupons apply to; an information campaign with the address it opens and
 * neither policies nor targets (the store shows none for it).
 */
export function campaignIssues(c: CampaignRuleFields): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const start = parseTokyoDateTimeInput(c.start_at);
  const end = c.end_at ? parseTokyoDateTimeInput(c.end_at) : null;
  if (start && end && end <= start) {
    issues.push({ field: "end_at", message: "終了日時は開始日時より後にしてください" });
  }
  const targets = c.series_ids.length + c.item_ids.length + c.cd_ids.length;
  if (c.kind === "info") {
    if (!c.action_url) {
      issues.push({ field: "action_url", message: "お知らせのリンク先を入力してください" });
    }
    if (c.policies.length > 0) {
      issues.push({ field: "policies", message: "お知らせには特典を設定できません" });
    }
    if (targets > 0) {
      issues.push({ field: "series_ids", message: "お知らせには対象作品を設定できません" });
    }
  } else {
    if (c.kind === "policy" && c.policies.length === 0) {
      issues.push({
        field: "policies",
        message: "特典（セール・無料など）を1つ以上設定してください",
      });
    }
    if (targets === 0) {
      issues.push({
        field: "series_ids",
        message: "対象の作品・巻・ドラマCDを1つ以上指定してください",
      });
    }
  }
  const seen = new Set<number>();
  c.policies.forEach((p, at) => {
    if (seen.has(p.policy_type)) {
      issues.push({ field: `policies.${at}`, message: "同じ種類の特典は1つまでです" });
    }
    seen.add(p.policy_type);
    issues.push(...policyIssues(p, at));
  });
  const link = linkIssue(c.action_url);
  if (link) issues.push({ field: "action_url", message: link });
  const more = linkIssue(c.pickup_more_url);
  if (more) issues.push({ field: "pickup_more_url", message: more });
  return issues;
}

/** The /otoku category flags the policies decide (free, sale, trial), mirrored on the row. */
export function policyFlags(policies: readonly { policy_type: number }[]) {
  const has = (...types: number[]) => policies.some((p) => types.includes(p.policy_type));
  return { free_flag: has(102, 103), sale_flag: has(101), trial_flag: has(104, 105) };
}

export interface CampaignPolicyAnswer {
  policy_type: EditorPolicyType;
  sale_pct: number | null;
  free_count: number | null;
  trial_page_count: number | null;
  label: string | null;
}

export interface CampaignEditorRow {
  campaign_id: number;
  name: string;
  kind: CampaignKind;
  offer: string;
  start_at: string;
  end_at: string | null;
  state: CampaignEditorState;
  targets: number;
}

export interface CampaignTargetAnswer {
  series_id: number | null;
  item_id: number | null;
  cd_id: number | null;
}

export interface CampaignEditorAnswer extends CampaignEditorRow {
  description: string | null;
  img: string | null;
  /** What the store shows: the uploaded banner, else the drawn one. */
  banner: string;
  action_url: string | null;
  genre_ids: number[];
  new_flag: boolean;
  moment_flag: boolean;
  free_flag: boolean;
  sale_flag: boolean;
  trial_flag: boolean;
  pickup_more_url: string | null;
  pickup_display_number: number;
  sort_order: number;
  policies: CampaignPolicyAnswer[];
  series_ids: number[];
  item_ids: number[];
  cd_ids: number[];
  /** Genres whose home shows this campaign in its pickup strip (pickup_campaigns). */
  pickup_genres: number[];
  /** Coupons bound to this coupon campaign (coupon_type 2), made in /ops/coupons. */
  coupons: { id: number; name: string }[];
}

/** A policy as the list and the store's badge say it. */
export function policyLabel(p: PolicyFields): string {
  switch (p.policy_type) {
    case 101:
      return `${p.sale_pct ?? "?"}%OFF`;
    case 102:
      return `${p.free_count ?? "?"}巻無料`;
    case 103:
      return `会員登録で${p.free_count ?? "?"}巻無料`;
    case 104:
      return `立ち読み${p.trial_page_count ?? "?"}ページ`;
    case 105:
      return `${p.free_count ?? "?"}巻まるごと立ち読み`;
    default:
      return p.label ?? "特典";
  }
}
