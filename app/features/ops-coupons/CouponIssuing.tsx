import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import {
  BOUGHT_FILTERS,
  type BoughtFilter,
  type CouponEditorAnswer,
  type FilterCountAnswer,
  type IssueAnswer,
  COUPON_LIMITS as L,
  readMemberLines,
} from "../../../contract/ops-coupons-rules";
import { get, post } from "../../lib/request";
import { Notice, Problem } from "../ops-catalog/catalog-fields";

const count = (n: number | null) => (n === null ? "無制限" : n.toLocaleString("ja-JP"));

/** A new id per issue the editor means: a double click or a retry sends the same one again. */
const newRequestId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

function issueSummary(i: IssueAnswer): string {
  const parts = [`${i.issued.toLocaleString("ja-JP")}名に配布`];
  if (i.already_held > 0) parts.push(`${i.already_held}名は配布済みのため対象外`);
  if (i.over_stock > 0) parts.push(`${i.over_stock}名は上限に達したため配布できませんでした`);
  if (i.unknown.length > 0) parts.push(`${i.unknown.length}行は会員が見つかりませんでした`);
  return parts.join("、");
}

/** How long the filter form rests before its count is asked for again. */
const COUNT_DELAY_MS = 350;

interface FilterFields {
  registered_from: string;
  registered_to: string;
  bought: BoughtFilter;
}

type FilterPreview =
  | { state: "counting" }
  | { state: "counted"; count: FilterCountAnswer }
  | { state: "refused"; message: string };

/**
 * 条件に一致する会員: the server counts the members the filter reaches (the same filter and the
 * same SQL as the issue), asked again a moment after the editor stops changing it; an answer to
 * an older filter is dropped.
 */
function useFilterCount(couponId: number, filter: FilterFields, active: boolean) {
  const [preview, setPreview] = useState<FilterPreview>({ state: "counting" });
  const { registered_from, registered_to, bought } = filter;
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    setPreview({ state: "counting" });
    const timer = setTimeout(async () => {
      const answer = await post<FilterCountAnswer>(
        `/api/ops/coupons/${couponId}/issue/filter-count`,
        {
          filter: {
            registered_from: registered_from || null,
            registered_to: registered_to || null,
            bought,
          },
        },
        { ownsFailure: () => true, signal: controller.signal },
      );
      if (controller.signal.aborted) return;
      setPreview(
        answer.result
          ? {
              state: "counted",
              count: { matched: answer.matched, already_held: answer.already_held },
            }
          : { state: "refused", message: answer.error_message ?? "人数を数えられませんでした" },
      );
    }, COUNT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [couponId, registered_from, registered_to, bought, active]);
  return preview;
}

const people = (n: number) => `${n.toLocaleString("ja-JP")}人`;

const ISSUE_STATES: Record<IssueAnswer["state"], string> = {
  queued: "待機中",
  running: "配布中",
  done: "完了",
  failed: "失敗",
};

/**
 * Per coupon: its issued / used / remaining counts, and issuing it to members — a list of
 * e-mail addresses or member ids (pasted or read from a CSV file), or every member a filter
 * matches (worked in the background in chunks; the panel follows it until it is done).
 */
export function CouponIssuing({
  coupon,
  mayWrite,
}: {
  coupon: CouponEditorAnswer;
  mayWrite: boolean;
}) {
  const revalidator = useRevalidator();
  const [mode, setMode] = useState<"members" | "filter">("members");
  const [lines, setLines] = useState("");
  const [requestId, setRequestId] = useState(newRequestId);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [last, setLast] = useState<IssueAnswer | null>(null);
  const [filter, setFilter] = useState<FilterFields>({
    registered_from: "",
    registered_to: "",
    bought: "any",
  });
  const ended = coupon.state === "ended";
  const preview = useFilterCount(coupon.coupon_id, filter, mayWrite && !ended && mode === "filter");
  const read = readMemberLines(lines);

  // A filter's issue runs in the background: follow it until it is done.
  const following = last && (last.state === "queued" || last.state === "running") ? last : null;
  useEffect(() => {
    if (!following) return;
    const timer = setTimeout(async () => {
      const answer = await get<{ issue: IssueAnswer }>(
        `/api/ops/coupons/${coupon.coupon_id}/issues/${following.issue_id}`,
      );
      if (answer.result) {
        setLast(answer.issue);
        if (answer.issue.state === "done") void revalidator.revalidate();
      }
    }, 1500);
    return () => clearTimeout(timer);
  }, [following, coupon.coupon_id, revalidator]);

  async function readFile(file: File | undefined) {
    if (!file) return;
    setLines(await file.text());
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const body =
      mode === "members"
        ? { request_id: requestId, to: "members", lines }
        : {
            request_id: requestId,
            to: "filter",
            filter: {
              registered_from: filter.registered_from || null,
              registered_to: filter.registered_to || null,
              bought: filter.bought,
            },
          };
    if (mode === "filter") {
      const counted = preview.state === "counted" ? preview.count : null;
      const whom = counted
        ? `条件に一致する会員 ${people(counted.matched)}${
            counted.already_held > 0 ? `（うち配布済み ${people(counted.already_held)}）` : ""
          }`
        : "条件に合うすべての会員";
      if (!window.confirm(`${whom}に配布します。よろしいですか？`)) return;
    }
    setBusy(true);
    const answer = await post<{ issue: IssueAnswer }>(
      `/api/ops/coupons/${coupon.coupon_id}/issue`,
      body,
      { ownsFailure: () => true },
    );
    setBusy(false);
    if (!answer.result) {
      // A refusal keeps the request id: nothing was issued, and sending again is the same issue.
      setProblem(answer.error_message ?? "配布できませんでした");
      return;
    }
    setLast(answer.issue);
    setRequestId(newRequestId());
    if (answer.issue.state === "done") {
      setLines("");
      await revalidator.revalidate();
    }
  }

  return (
    <section className="ops-panel" aria-labelledby="coupon-issuing">
      <h2 id="coupon-issuing">配布状況</h2>
      <dl className="coupon-counts" data-testid="coupon-counts">
        <div>
          <dt>配布</dt>
          <dd data-testid="coupon-issued">{count(coupon.issued)}</dd>
        </div>
        <div>
          <dt>使用</dt>
          <dd data-testid="coupon-used">{count(coupon.used)}</dd>
        </div>
        <div>
          <dt>残り</dt>
          <dd data-testid="coupon-remaining">{count(coupon.remaining)}</dd>
        </div>
        <div>
          <dt>上限</dt>
          <dd>{count(coupon.stock)}</dd>
        </div>
      </dl>
      {mayWrite && !ended ? (
        <form className="coupon-issue" onSubmit={onSubmit} aria-label="会員に配布">
          <h3 className="coupon-subhead">会員に配布</h3>
          <div className="coupon-issue__modes" role="radiogroup" aria-label="配布先">
            <label className="catalog-check">
              <input
                type="radio"
                name="mode"
                checked={mode === "members"}
                onChange={() => setMode("members")}
              />
              会員を指定（メールアドレス・会員ID）
            </label>
            <label className="catalog-check">
              <input
                type="radio"
                name="mode"
                checked={mode === "filter"}
                onChange={() => setMode("filter")}
              />
              条件に合うすべての会員
            </label>
          </div>
          {mode === "members" ? (
            <div className="catalog-field catalog-field--wide">
              <label htmlFor="f-lines">配布先（1行に1人）</label>
              <textarea
                id="f-lines"
                name="lines"
                rows={5}
                value={lines}
                onChange={(e) => setLines(e.target.value)}
                placeholder={"member@example.jp\n12345"}
              />
              <small className="catalog-field__hint">
                メールアドレスか会員IDを1行に1人（最大{L.lines.toLocaleString("ja-JP")}
                行）。CSVファイルは1列目を読みます。
              </small>
              <label className="coupon-issue__file">
                CSVファイルを読み込む
                <input
                  type="file"
                  accept=".csv,.txt,text/csv,text/plain"
                  onChange={(e) => void readFile(e.target.files?.[0])}
                />
              </label>
              <small className="catalog-field__hint" aria-live="polite">
                {read.members.length}人分
                {read.unread.length > 0
                  ? `・読めない行 ${read.unread.length}（${read.unread
                      .slice(0, 3)
                      .map((u) => `${u.line}行目`)
                      .join("、")}${read.unread.length > 3 ? " ほか" : ""}）`
                  : ""}
              </small>
            </div>
          ) : (
            <div className="catalog-grid">
              <div className="catalog-field">
                <label htmlFor="f-registered_from">登録日（から）</label>
                <input
                  id="f-registered_from"
                  name="registered_from"
                  type="date"
                  value={filter.registered_from}
                  onChange={(e) => setFilter({ ...filter, registered_from: e.target.value })}
                />
              </div>
              <div className="catalog-field">
                <label htmlFor="f-registered_to">登録日（まで）</label>
                <input
                  id="f-registered_to"
                  name="registered_to"
                  type="date"
                  value={filter.registered_to}
                  onChange={(e) => setFilter({ ...filter, registered_to: e.target.value })}
                />
              </div>
              <div className="catalog-field">
                <label htmlFor="f-bought">購入</label>
                <select
                  id="f-bought"
                  name="bought"
                  value={filter.bought}
                  onChange={(e) => setFilter({ ...filter, bought: e.target.value as BoughtFilter })}
                >
                  {Object.entries(BOUGHT_FILTERS).map(([k, label]) => (
                    <option key={k} value={k}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
              <p
                className="coupon-filter-count catalog-field--wide"
                data-testid="filter-count"
                data-state={preview.state}
                aria-live="polite"
              >
                {preview.state === "refused" ? (
                  preview.message
                ) : (
                  <>
                    条件に一致する会員:{" "}
                    <strong>
                      {preview.state === "counted" ? people(preview.count.matched) : "…"}
                    </strong>
                    {preview.state === "counted" && preview.count.already_held > 0
                      ? `（うち配布済み ${people(preview.count.already_held)}は対象外）`
                      : ""}
                  </>
                )}
              </p>
              <p className="catalog-field__hint catalog-field--wide">
                退会した会員を除きます。配布は{"バックグラウンドで"}
                少しずつ行われ、同じ会員には二度配布されません。
              </p>
            </div>
          )}
          <Problem text={problem} />
          <button
            type="submit"
            className="ops-button ops-button--primary"
            disabled={busy || (mode === "filter" && preview.state === "refused")}
          >
            配布する
          </button>
        </form>
      ) : ended ? (
        <p className="ops-note">終了したクーポンは配布できません。</p>
      ) : null}
      {last ? (
        <div className="coupon-result" data-testid="issue-result">
          <Notice
            text={`${last.repeated ? "この配布はすでに受け付けています。" : ""}${
              following ? `配布中です（${ISSUE_STATES[last.state]}）：` : "配布しました："
            }${issueSummary(last)}`}
          />
          {last.unknown.length > 0 ? (
            <div>
              <p>会員が見つからなかった行・読めない行：</p>
              <ul className="coupon-unknown" data-testid="issue-unknown">
                {last.unknown.slice(0, 100).map((u) => (
                  <li key={u.line}>
                    {u.line}行目：{u.text}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
      {coupon.issues.length > 0 ? (
        <>
          <h3 className="coupon-subhead">配布の履歴（最新10件）</h3>
          <ul className="coupon-history">
            {coupon.issues.map((i) => (
              <li key={i.issue_id}>
                <span>{i.created_at.replace("T", " ")}</span>
                <span>{i.kind === "members" ? "会員を指定" : "条件"}</span>
                <span>{ISSUE_STATES[i.state]}</span>
                <span>{issueSummary(i)}</span>
                <span className="coupon-history__who">{i.staff_email}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
