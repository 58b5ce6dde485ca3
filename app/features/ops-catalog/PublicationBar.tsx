import { type ReactNode, useState } from "react";
import { useRevalidator } from "react-router";
import type { PublicationState } from "../../../contract/ops-catalog-rules";
import { post } from "../../lib/request";
import { StateBadge } from "./CatalogNav";
import { Notice, useEditorRights } from "./catalog-fields";

type PublicationBarProps = {
  base: string;
  state: PublicationState;
  what: string;
  publishAt?: string | null;
};

/**
 * The head of a saved series, volume or CD form: its publication bar and its links (preview,
 * uploads, the store's page); a new one has no head until it is saved.
 */
export function PublicationHead({
  children,
  ...bar
}: PublicationBarProps & { children?: ReactNode }) {
  return (
    <section className="ops-panel catalog-head">
      <PublicationBar {...bar} />
      {children ? <p className="catalog-links">{children}</p> : null}
    </section>
  );
}

/**
 * Where a series, volume or CD stands, and the buttons that move it: publish a draft, withdraw
 * what is in the store (owners keep reading it), restore what was withdrawn. Nothing is deleted.
 */
export function PublicationBar(props: PublicationBarProps) {
  // Publishing is schedules.write; withdrawing and restoring catalog.write (as the routes check).
  const rights = useEditorRights();
  const { busy, notice, move } = usePublicationMove(props.base);

  return (
    <div className="catalog-publication">
      <p>
        状態：
        <StateBadge state={props.state} />
        {props.state === "scheduled" && props.publishAt
          ? ` ${props.publishAt.replace("T", " ")} に公開されます`
          : ""}
      </p>
      <div className="catalog-publication__buttons">
        {props.state === "draft" && rights.schedules ? (
          <button
            type="button"
            className="ops-button ops-button--primary"
            disabled={busy}
            onClick={() =>
              move(
                "publish",
                props.publishAt
                  ? `${props.what}の公開を予約しました。`
                  : `${props.what}を公開しました。`,
              )
            }
          >
            {props.publishAt ? "公開を予約する" : "公開する"}
          </button>
        ) : null}
        {rights.catalog ? (
          <WithdrawButton
            withdrawn={props.state === "withdrawn"}
            what={props.what}
            leaves="一覧・検索・販売から外れますが、購入済みの会員は引き続き読めます。"
            busy={busy}
            move={move}
          />
        ) : null}
      </div>
      <Notice text={notice} />
    </div>
  );
}

export type PublicationMove = (
  action: "publish" | "withdraw" | "restore",
  done: string,
  ask?: string,
) => Promise<void>;

/**
 * Publish, withdraw or restore through `{base}/{action}` (every editor's rows answer the same
 * calls), after a confirm when `ask` is given; then the page's data is read again.
 */
export function usePublicationMove(base: string) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const move: PublicationMove = async (action, done, ask) => {
    if (ask && !window.confirm(ask)) return;
    setBusy(true);
    const answer = await post(`${base}/${action}`, {});
    setBusy(false);
    if (answer.result) {
      setNotice(done);
      await revalidator.revalidate();
    }
  };
  return { busy, notice, move };
}

/** 取り下げる, or 取り下げを取り消す for a withdrawn row; `leaves` says where it leaves the store. */
export function WithdrawButton(props: {
  withdrawn: boolean;
  what: string;
  leaves: string;
  busy: boolean;
  move: PublicationMove;
}) {
  const { what, busy, move } = props;
  return props.withdrawn ? (
    <button
      type="button"
      className="ops-button"
      disabled={busy}
      onClick={() => move("restore", `${what}の取り下げを取り消しました。`)}
    >
      取り下げを取り消す
    </button>
  ) : (
    <button
      type="button"
      className="ops-button ops-button--quiet"
      disabled={busy}
      onClick={() =>
        move(
          "withdraw",
          `${what}を取り下げました。`,
          `${what}を取り下げます。${props.leaves}よろしいですか？`,
        )
      }
    >
      取り下げる
    </button>
  );
}
