import { useId, useState } from "react";
import {
  audienceMarkers,
  readVisibility,
  type Visibility,
  visibilityClass,
} from "../../../contract/topic-editor-model";
import {
  AUDIENCE_LABELS,
  AUDIENCE_MARKERS,
  AUDIENCES,
  type Audience,
  MARKER_KIND,
  MARKER_KINDS,
  type MarkerRule,
  PATTERN_RULES,
} from "../../../contract/topic-vocabulary";

type Json = Record<string, unknown>;

const AUDIENCE_NAMES = new Set(AUDIENCE_MARKERS.map((m) => m.marker));
/** The rules offered besides the three boxes (the audience markers are the boxes). */
const RULE_KINDS = MARKER_KINDS.filter((k) => !AUDIENCE_NAMES.has(k.name));
const RULE_GROUPS = [...new Set(RULE_KINDS.map((k) => k.group))];

/**
 * Who sees a row, column or block (spec 000 §5), as the shop says it: three boxes for visitors,
 * members and paying members, further rules picked from a list with their numbers, and the URL
 * and utm patterns. It writes the class names the server reads; class names that are no marker
 * (styling) are kept as they were.
 */
export function VisibilityFields({
  data,
  onChange,
  disabled,
}: {
  data: Json;
  onChange: (patch: Record<string, unknown>) => void;
  disabled: boolean;
}) {
  const id = useId();
  const v = readVisibility(data.class);
  const [refusal, setRefusal] = useState<string | null>(null);

  const write = (next: Visibility) => {
    const className = visibilityClass(next);
    if (className === null) return false;
    onChange({ class: className === "" ? undefined : className });
    return true;
  };

  const toggleAudience = (audience: Audience, on: boolean) => {
    const chosen = on ? [...v.audiences, audience] : v.audiences.filter((a) => a !== audience);
    if (audienceMarkers(chosen) === null) {
      setRefusal(
        chosen.length === 0
          ? "少なくとも1つは選んでください"
          : "「訪問者」と「購入したことのある会員」だけに見せる組み合わせは指定できません。ブロックを2つに分けてください",
      );
      return;
    }
    setRefusal(null);
    write({ ...v, audiences: AUDIENCES.filter((a) => chosen.includes(a)) });
  };

  const setRule = (index: number, rule: MarkerRule | null) => {
    const rules = [...v.rules];
    if (rule) rules[index] = rule;
    else rules.splice(index, 1);
    write({ ...v, rules });
  };

  return (
    <div className="topics-visibility">
      <fieldset className="topics-audiences" disabled={disabled}>
        <legend>見せる相手</legend>
        {AUDIENCES.map((audience) => (
          <label key={audience} className="catalog-check">
            <input
              type="checkbox"
              checked={v.audiences.includes(audience)}
              onChange={(e) => toggleAudience(audience, e.target.checked)}
            />
            {AUDIENCE_LABELS[audience]}
          </label>
        ))}
        {refusal ? (
          <p className="ops-problem" role="alert">
            {refusal}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="topics-rules" disabled={disabled}>
        <legend>さらに条件（すべて満たすときだけ表示）</legend>
        {v.rules.length === 0 ? <p className="topics-muted">条件はありません</p> : null}
        <ol>
          {v.rules.map((rule, i) => {
            const kind = MARKER_KIND.get(rule.name)!;
            const ruleId = `${id}-rule-${i}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rules are positions in the class list.
              <li key={i} className="topics-rule">
                <label htmlFor={ruleId} className="visually-hidden">
                  条件{i + 1}
                </label>
                <select
                  id={ruleId}
                  value={rule.name}
                  onChange={(e) => setRule(i, { name: e.target.value, n: rule.n, m: rule.m })}
                >
                  {RULE_GROUPS.map((group) => (
                    <optgroup key={group} label={group}>
                      {RULE_KINDS.filter((k) => k.group === group).map((k) => (
                        <option key={k.name} value={k.name}>
                          {k.label}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                {kind.numbers !== "none" ? (
                  <label className="topics-rule__number">
                    <span>{kind.unit}</span>
                    <input
                      type="number"
                      min={0}
                      inputMode="numeric"
                      value={rule.n ?? 0}
                      onChange={(e) =>
                        setRule(i, { ...rule, n: Math.max(0, Math.trunc(Number(e.target.value))) })
                      }
                    />
                  </label>
                ) : null}
                {kind.numbers === "two" ? (
                  <label className="topics-rule__number">
                    <span>{kind.second}</span>
                    <input
                      type="number"
                      min={0}
                      inputMode="numeric"
                      value={rule.m ?? 0}
                      onChange={(e) =>
                        setRule(i, { ...rule, m: Math.max(0, Math.trunc(Number(e.target.value))) })
                      }
                    />
                  </label>
                ) : null}
                <button
                  type="button"
                  className="ops-button ops-button--quiet"
                  onClick={() => setRule(i, null)}
                  aria-label={`条件${i + 1}を外す`}
                >
                  外す
                </button>
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className="ops-button"
          onClick={() => write({ ...v, rules: [...v.rules, { name: "newUserOnly" }] })}
        >
          条件を追加
        </button>
      </fieldset>

      <details className="topics-patterns">
        <summary>URL・流入元で絞り込む</summary>
        <fieldset disabled={disabled}>
          {PATTERN_RULES.map((rule) => (
            <label key={rule.name} className="ops-field">
              <span>{rule.label}</span>
              <input
                value={typeof data[rule.name] === "string" ? (data[rule.name] as string) : ""}
                placeholder={rule.hint}
                onChange={(e) => onChange({ [rule.name]: e.target.value || undefined })}
              />
            </label>
          ))}
        </fieldset>
      </details>
      {v.styling.length > 0 ? (
        <p className="topics-muted">装飾用のクラス名（そのまま残ります）：{v.styling.join(" ")}</p>
      ) : null}
    </div>
  );
}
