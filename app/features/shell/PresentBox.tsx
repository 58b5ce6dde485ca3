import { useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import type {
  PresentListAnswer,
  PresentReceiveAnswer,
  PresentView,
} from "../../../contract/ledgers";
import { post } from "../../lib/request";
import { useShell } from "../../lib/shell";

function holds(p: PresentView): string {
  if (p.kind === "point") return `${p.point.toLocaleString("ja-JP")}ポイント`;
  if (p.kind === "coupon") return p.coupon_name ?? "クーポン";
  return "作品";
}

/**
 * The present box inside the member drawer: what is waiting, received one by one or all at once.
 * After a receive the user status is asked again, as after checkout, so the header's and the
 * drawer's points and coupon count follow at once; the page's own data (a point history, the
 * bookshelf) is loaded again too.
 */
export function PresentBox() {
  const [list, setList] = useState<PresentView[] | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState("");
  const panelId = useId();
  const { revalidate } = useRevalidator();
  const { refreshUser } = useShell();

  async function load() {
    const answer = await post<PresentListAnswer>("/api/present");
    if (answer.result) setList(answer.present_list);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once when the drawer opens
  useEffect(() => {
    void load();
  }, []);

  async function receive(url: string) {
    setBusy(true);
    const answer = await post<PresentReceiveAnswer>(url);
    if (answer.result) {
      setNotice(answer.message);
      await Promise.all([load(), refreshUser(), revalidate()]);
    }
    setBusy(false);
  }

  const waiting = list?.length ?? 0;
  // Until the list has come, the box says nothing rather than なし: there may be presents.
  const loading = list === null;
  return (
    <section
      className="present-box"
      aria-label="プレゼントボックス"
      aria-busy={loading}
      data-testid="present-box"
    >
      <button
        type="button"
        className="present-box__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        プレゼントボックス
        <span className="present-box__count" data-testid="present-count">
          {loading ? "" : waiting > 0 ? `${waiting}件` : "なし"}
        </span>
      </button>
      <div id={panelId} hidden={!open} className="present-box__panel">
        {notice ? (
          <p className="present-box__notice" role="status">
            {notice}
          </p>
        ) : null}
        {loading ? (
          <p className="present-box__none">読み込み中…</p>
        ) : waiting === 0 ? (
          <p className="present-box__none">受け取れるプレゼントはありません</p>
        ) : (
          <>
            <ul className="present-box__list">
              {list!.map((p) => (
                <li key={p.present_id} className="present-box__item" data-testid="present-item">
                  <span className="present-box__caption">
                    {p.caption}
                    <small>
                      {holds(p)}
                      {p.expire_date ? `・${p.expire_date.replaceAll("-", "/")}まで` : ""}
                    </small>
                  </span>
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() => receive(`/api/present/${p.present_id}`)}
                  >
                    受け取る
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="button button--primary button--block"
              disabled={busy}
              onClick={() => receive("/api/present/all")}
            >
              すべて受け取る
            </button>
          </>
        )}
      </div>
    </section>
  );
}
