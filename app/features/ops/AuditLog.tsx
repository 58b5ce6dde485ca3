import { Form, Link } from "react-router";
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  isStaffRole,
  ROLE_LABELS,
} from "../../../contract/ops-roles";
import { tokyoSlashDateTime } from "../../../contract/tokyo-time";

export interface AuditEntry {
  auditId: number;
  at: string;
  actorUserId: number;
  actorEmail: string;
  actorRole: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

export interface AuditFilters {
  actor?: number;
  entity?: string;
  from?: string;
  to?: string;
  page: number;
}

/** A stored value as one line: keys and values, no braces or quotes to read past. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value !== "object") return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(", ");
}

const roleName = (role: string) => (isStaffRole(role) ? ROLE_LABELS[role] : role);

function pageHref(filters: AuditFilters, page: number): string {
  const params = new URLSearchParams();
  if (filters.actor) params.set("actor", String(filters.actor));
  if (filters.entity) params.set("entity", filters.entity);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/ops/audit?${query}` : "/ops/audit";
}

/**
 * /ops/audit: the append-only log, newest first, filtered by who, what and Tokyo dates through
 * the address (a GET form), so a filtered view can be linked and reloaded.
 */
export function AuditLog(props: {
  filters: AuditFilters;
  entries: AuditEntry[];
  total: number;
  pageSize: number;
  people: Array<{ userId: number; email: string | null }>;
}) {
  const { filters, entries, total, pageSize, people } = props;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <Form method="get" className="ops-panel ops-filters" aria-label="絞り込み">
        <label className="ops-field">
          <span>操作したスタッフ</span>
          <select name="actor" defaultValue={filters.actor ?? ""}>
            <option value="">すべて</option>
            {people.map((p) => (
              <option key={p.userId} value={p.userId}>
                {p.email ?? `#${p.userId}`}
              </option>
            ))}
          </select>
        </label>
        <label className="ops-field">
          <span>対象</span>
          <select name="entity" defaultValue={filters.entity ?? ""}>
            <option value="">すべて</option>
            {Object.entries(AUDIT_ENTITIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="ops-field">
          <span>開始日</span>
          <input type="date" name="from" defaultValue={filters.from ?? ""} />
        </label>
        <label className="ops-field">
          <span>終了日</span>
          <input type="date" name="to" defaultValue={filters.to ?? ""} />
        </label>
        <div className="ops-filters__buttons">
          <button type="submit" className="ops-button ops-button--primary">
            絞り込む
          </button>
          <Link className="ops-button ops-button--quiet" to="/ops/audit">
            条件をクリア
          </Link>
        </div>
      </Form>
      <section className="ops-panel" aria-labelledby="audit-list">
        <h2 id="audit-list">
          {total}件{total > 0 ? `（${filters.page} / ${pages}ページ）` : ""}
        </h2>
        {entries.length === 0 ? (
          <p>条件に合う操作履歴はありません。</p>
        ) : (
          <table className="ops-table ops-audit">
            <thead>
              <tr>
                <th scope="col">日時</th>
                <th scope="col">操作したスタッフ</th>
                <th scope="col">操作</th>
                <th scope="col">対象</th>
                <th scope="col">変更前</th>
                <th scope="col">変更後</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.auditId} data-audit-id={e.auditId}>
                  <td data-label="日時">{tokyoSlashDateTime(new Date(e.at))}</td>
                  <td data-label="操作したスタッフ">
                    {/* One box, so the phone layout's label column holds the email and role together. */}
                    <div>
                      {e.actorEmail}
                      <span className="ops-audit__role">{roleName(e.actorRole)}</span>
                    </div>
                  </td>
                  <td data-label="操作">{AUDIT_ACTIONS[e.action] ?? e.action}</td>
                  <td data-label="対象">
                    {AUDIT_ENTITIES[e.entity as keyof typeof AUDIT_ENTITIES] ?? e.entity} #
                    {e.entityId}
                  </td>
                  <td data-label="変更前" className="ops-audit__value">
                    {shown(e.before)}
                  </td>
                  <td data-label="変更後" className="ops-audit__value">
                    {shown(e.after)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pages > 1 ? (
          <nav className="ops-pager" aria-label="ページ送り">
            {filters.page > 1 ? (
              <Link to={pageHref(filters, filters.page - 1)} rel="prev">
                ← 新しい履歴
              </Link>
            ) : (
              <span />
            )}
            {filters.page < pages ? (
              <Link to={pageHref(filters, filters.page + 1)} rel="next">
                古い履歴 →
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}
