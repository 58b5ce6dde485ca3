import { useState } from "react";
import type { TargetSeriesAnswer } from "../../../contract/ops-campaigns";
import { CAMPAIGN_LIMITS } from "../../../contract/ops-campaigns-rules";
import type { Choice } from "../../../contract/ops-catalog-answers";
import { idList } from "../../../contract/ops-coupons-rules";
import { get } from "../../lib/request";
import { Notice, Problem } from "../ops-catalog/catalog-fields";

/**
 * A campaign for a label or a genre (issue 24): the label's or genre's series, asked of the
 * server, are added to the series targets the form sends. The campaign keeps the series, so a
 * series the label gains later is added by the editor, as with any other target (decision 0101).
 */
export function TargetSeriesPicker({
  labels,
  genres,
  seriesField,
  disabled,
}: {
  labels: Choice[];
  genres: Choice[];
  /** The id of the series targets' textarea, which holds the ids the form sends. */
  seriesField: string;
  disabled: boolean;
}) {
  const [kind, setKind] = useState<"label" | "genre">("label");
  const [chosen, setChosen] = useState("");
  const [told, setTold] = useState<{ notice: string | null; problem: string | null }>({
    notice: null,
    problem: null,
  });
  const choices = kind === "label" ? labels : genres;

  async function add() {
    const field = document.getElementById(seriesField) as HTMLTextAreaElement | null;
    if (!field || chosen === "") return;
    const answer = await get<TargetSeriesAnswer>(
      `/api/ops/campaigns/target-series?${kind}_id=${encodeURIComponent(chosen)}`,
      { ownsFailure: () => true },
    );
    if (!answer.result) {
      setTold({ notice: null, problem: answer.error_message ?? "作品を読み込めませんでした" });
      return;
    }
    if (answer.series_ids.length === 0) {
      setTold({ notice: null, problem: `${answer.name}の作品はまだありません` });
      return;
    }
    const before = idList(field.value);
    if (before === null) {
      setTold({
        notice: null,
        problem: "作品IDの欄に数字以外が含まれています。直してから追加してください",
      });
      return;
    }
    const merged = [...new Set([...before, ...answer.series_ids])];
    const added = merged.length - before.length;
    if (merged.length > CAMPAIGN_LIMITS.targets) {
      setTold({
        notice: null,
        problem: `対象の作品は${CAMPAIGN_LIMITS.targets}件までです（${answer.name}の作品を加えると${merged.length}件になります）`,
      });
      return;
    }
    field.value = merged.join(", ");
    const past =
      answer.total > answer.series_ids.length
        ? `（全${answer.total}件のうち先頭の${answer.series_ids.length}件）`
        : "";
    setTold({
      notice: `${answer.name}の作品を${added}件追加しました${past}。保存すると対象になります。`,
      problem: null,
    });
  }

  return (
    <fieldset className="campaign-target-picker catalog-field--wide" disabled={disabled}>
      <legend>レーベル・ジャンルの作品をまとめて対象にする</legend>
      <div className="campaign-target-picker__row">
        <label>
          <span>選び方</span>
          <select
            value={kind}
            onChange={(e) => {
              setKind(e.currentTarget.value as "label" | "genre");
              setChosen("");
            }}
          >
            <option value="label">レーベル</option>
            <option value="genre">ジャンル</option>
          </select>
        </label>
        <label>
          <span>{kind === "label" ? "レーベル" : "ジャンル"}</span>
          <select value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
            <option value="">選んでください</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="ops-button" disabled={chosen === ""} onClick={add}>
          作品IDに追加
        </button>
      </div>
      <Notice text={told.notice} />
      <Problem text={told.problem} />
    </fieldset>
  );
}
