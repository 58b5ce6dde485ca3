import { type ReactNode, useState } from "react";
import type { RuleIssue } from "../../../contract/ops-catalog-rules";
import { post } from "../../lib/request";

/** The form's fields, each labelled, with the message of the rule it breaks under it. */
export function Field(props: {
  label: string;
  name: string;
  issues: readonly RuleIssue[];
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const issue = props.issues.find((i) => i.field === props.name);
  return (
    <div className={props.wide ? "catalog-field catalog-field--wide" : "catalog-field"}>
      <label htmlFor={`f-${props.name}`}>{props.label}</label>
      {props.children}
      {props.hint ? <small className="catalog-field__hint">{props.hint}</small> : null}
      {issue ? (
        <small className="catalog-field__issue" role="alert">
          {issue.message}
        </small>
      ) : null}
    </div>
  );
}

export function Check(props: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="catalog-check">
      <input
        type="checkbox"
        name={props.name}
        id={`f-${props.name}`}
        defaultChecked={props.defaultChecked}
      />
      {props.label}
    </label>
  );
}

/** A start and end pair; blank ends are open. */
export function Window(props: {
  label: string;
  start: string;
  end: string;
  values: { start: string | null; end: string | null };
  issues: readonly RuleIssue[];
}) {
  return (
    <fieldset className="catalog-window">
      <legend>{props.label}</legend>
      <Field label="開始" name={props.start} issues={props.issues}>
        <input
          type="datetime-local"
          id={`f-${props.start}`}
          name={props.start}
          defaultValue={props.values.start ?? ""}
        />
      </Field>
      <Field label="終了" name={props.end} issues={props.issues}>
        <input
          type="datetime-local"
          id={`f-${props.end}`}
          name={props.end}
          defaultValue={props.values.end ?? ""}
        />
      </Field>
    </fieldset>
  );
}

export const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
export const checked = (form: FormData, name: string) => form.get(name) === "on";
/** A number field: its number, or null when blank (the server says what is wrong with text). */
export const numberOrNull = (form: FormData, name: string) => {
  const value = text(form, name);
  return value === "" ? null : Number(value);
};
export const blankToNull = (form: FormData, name: string) => text(form, name) || null;

/**
 * Saving a form: the rules run first in the browser (the same functions the server runs), then
 * the call; a refusal's message is shown by the form, under its field when the server names one.
 */
export function useCatalogSave<T>(onSaved: (answer: T) => void) {
  const [busy, setBusy] = useState(false);
  const [issues, setIssues] = useState<RuleIssue[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  async function save(url: string, body: unknown, rules: () => RuleIssue[] = () => []) {
    if (busy) return;
    const found = rules();
    setIssues(found);
    setProblem(found.length > 0 ? "入力内容を確認してください" : null);
    if (found.length > 0) return;
    setBusy(true);
    const answer = await post<T & { error?: { field?: string } }>(url, body, {
      ownsFailure: () => true,
    });
    setBusy(false);
    if (answer.result) {
      onSaved(answer as T);
      return;
    }
    const message = answer.error_message ?? "保存できませんでした";
    const field = typeof answer.error?.field === "string" ? answer.error.field : null;
    setProblem(message);
    if (field) setIssues([{ field, message: message.replace(/^[\w.]+: /, "") }]);
  }

  return { busy, issues, problem, save };
}
