import {
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useState,
} from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { Choice } from "../../../contract/ops-catalog-answers";
import {
  CATALOG_LIMITS,
  type EditorRights,
  mayChangeField,
  type RuleIssue,
} from "../../../contract/ops-catalog-rules";
import { post } from "../../lib/request";
import { ReadOnlyNotice } from "../ops/ReadOnlyNotice";

/** Nothing may be changed: what a page shows until its loader says otherwise. */
const NO_RIGHTS: EditorRights = { catalog: false, prices: false, schedules: false };
const RightsContext = createContext<EditorRights>(NO_RIGHTS);

/**
 * The signed-in staff member's rights on an editor page, from its loader (editorRightsOf): the
 * fields, rows and buttons below lock themselves by them. The server checks every write anyway.
 */
export function EditorRightsProvider(props: { rights: EditorRights; children: ReactNode }) {
  return <RightsContext.Provider value={props.rights}>{props.children}</RightsContext.Provider>;
}

export const useEditorRights = () => useContext(RightsContext);

/** Whether the staff member may change this payload field (prices and dates need more). */
const useMayChange = (field: string) => mayChangeField(useEditorRights(), field);

/**
 * A form's fields, locked together for a staff member without catalog.write. The fieldset draws
 * nothing itself (display: contents), so the form's layout is the same either way.
 */
export function EditableFields({ children }: { children: ReactNode }) {
  const rights = useEditorRights();
  return (
    <fieldset className="catalog-fieldset" disabled={!rights.catalog}>
      {children}
    </fieldset>
  );
}

/** What the editor pages tell a staff member who may not change all of them. */
export function EditorRightsNotice() {
  const rights = useEditorRights();
  if (!rights.catalog) return <ReadOnlyNotice />;
  if (!rights.prices || !rights.schedules) {
    return (
      <ReadOnlyNotice
        text={`${[!rights.prices && "価格", !rights.schedules && "日程・公開"].filter(Boolean).join("と")}の変更はこの権限ではできません。その項目は編集担当・管理者が行えます。`}
      />
    );
  }
  return null;
}

/**
 * A saved row's body with the fields these rights may not change put back as they were loaded,
 * so a save changes only what the staff member may change (the server compares with before).
 */
export function keepLocked<T extends Record<string, unknown>>(
  body: T,
  loaded: object | null,
  rights: EditorRights,
): T {
  if (!loaded) return body;
  const was = loaded as Record<string, unknown>;
  const kept: Record<string, unknown> = { ...body };
  for (const field of Object.keys(kept)) {
    if (!mayChangeField(rights, field)) kept[field] = was[field] ?? null;
  }
  return kept as T;
}

/** The message of the rule `field` breaks, if it breaks one. */
export function Issue(props: { issues: readonly RuleIssue[]; field: string }) {
  const issue = props.issues.find((i) => i.field === props.field);
  return issue ? (
    <small className="catalog-field__issue" role="alert">
      {issue.message}
    </small>
  ) : null;
}

interface FieldProps {
  label: string;
  name: string;
  issues: readonly RuleIssue[];
  hint?: string;
  wide?: boolean;
}

/** The form's fields, each labelled, with the message of the rule it breaks under it. */
export function Field(props: FieldProps & { children: ReactNode }) {
  return (
    <div className={props.wide ? "catalog-field catalog-field--wide" : "catalog-field"}>
      <label htmlFor={`f-${props.name}`}>{props.label}</label>
      {props.children}
      {props.hint ? <small className="catalog-field__hint">{props.hint}</small> : null}
      <Issue issues={props.issues} field={props.name} />
    </div>
  );
}

/**
 * Hands `read` what the form's fields hold once React has hydrated it. A value typed before
 * hydration never reaches onChange (React takes it as its starting point), so state derived from
 * a field (a sample, a day count, a minimum date) would lag until the next keystroke.
 */
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  read: (field: (name: string) => string | null) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form has hydrated
  useEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    read((name) => {
      const field = fields.namedItem(name);
      return field instanceof HTMLInputElement ? field.value : null;
    });
  }, []);
}

/** A labelled field that is one input (text, number or a Tokyo datetime-local). */
export function InputField({
  label,
  name,
  issues,
  hint,
  wide,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name">) {
  const may = useMayChange(name);
  return (
    <Field label={label} name={name} issues={issues} hint={hint} wide={wide}>
      <input id={`f-${name}`} name={name} disabled={!may} {...input} />
    </Field>
  );
}

type ValueProps = FieldProps & { defaultValue: string | number };

/** A price in yen, tax included, within the shop's bounds. */
export function PriceField(props: ValueProps) {
  return <InputField {...props} type="number" min={0} max={CATALOG_LIMITS.price} />;
}

/** A Tokyo date and time (datetime-local text, as the payloads carry it); blank is none. */
export function DateTimeField(props: ValueProps) {
  return <InputField {...props} type="datetime-local" />;
}

/** A labelled select of choices (a publisher, a label …); `onPick` hears the id chosen. */
export function ChoiceField(
  props: FieldProps & {
    blank: string;
    choices: readonly Choice[];
    defaultValue: number | "";
    onPick?: (id: number | null) => void;
  },
) {
  const { onPick } = props;
  const may = useMayChange(props.name);
  return (
    <Field label={props.label} name={props.name} issues={props.issues} hint={props.hint}>
      <select
        id={`f-${props.name}`}
        name={props.name}
        disabled={!may}
        defaultValue={props.defaultValue}
        onChange={
          onPick ? (e) => onPick(e.target.value ? Number(e.target.value) : null) : undefined
        }
      >
        <ChoiceOptions blank={props.blank} choices={props.choices} />
      </select>
    </Field>
  );
}

/** A select's options: the blank one first (`blank`: what choosing nothing means), then the choices. */
export function ChoiceOptions(props: { blank: string; choices: readonly Choice[] }) {
  return (
    <>
      <option value="">{props.blank}</option>
      {props.choices.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </>
  );
}

/** Checkboxes side by side under one label, with the message of a rule one of them breaks. */
export function Flags(props: {
  label?: string;
  issues?: readonly RuleIssue[];
  field?: string;
  children: ReactNode;
}) {
  return (
    <div className="catalog-field">
      {props.label ? <span className="catalog-field__label">{props.label}</span> : null}
      {props.children}
      {props.issues && props.field ? <Issue issues={props.issues} field={props.field} /> : null}
    </div>
  );
}

export function Check(props: { name: string; label: string; defaultChecked: boolean }) {
  const may = useMayChange(props.name);
  return (
    <label className="catalog-check">
      <input
        type="checkbox"
        name={props.name}
        id={`f-${props.name}`}
        disabled={!may}
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
      <DateTimeField
        label="開始"
        name={props.start}
        issues={props.issues}
        defaultValue={props.values.start ?? ""}
      />
      <DateTimeField
        label="終了"
        name={props.end}
        issues={props.issues}
        defaultValue={props.values.end ?? ""}
      />
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
 * What `onSaved` answers is the notice the form shows.
 */
export function useCatalogSave<T>(onSaved: (answer: T) => string | undefined) {
  const [busy, setBusy] = useState(false);
  const [issues, setIssues] = useState<RuleIssue[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function save(url: string, body: unknown, rules: () => RuleIssue[] = () => []) {
    if (busy) return;
    setNotice(null);
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
      setNotice(onSaved(answer as T) ?? null);
      return;
    }
    const message = answer.error_message ?? "保存できませんでした";
    const field = typeof answer.error?.field === "string" ? answer.error.field : null;
    setProblem(message);
    if (field) setIssues([{ field, message: message.replace(/^[\w.]+: /, "") }]);
  }

  /**
   * The editor changed a field: its complaint goes (the rest stay until the next save), and so
   * does the summary once nothing is left to fix. For a form's onChange.
   */
  function settle(event: { target: EventTarget | null }) {
    const input = event.target as { name?: unknown; dataset?: DOMStringMap } | null;
    // A field whose complaint is named otherwise than the input says so in data-issue.
    const name = input?.dataset?.issue ?? input?.name;
    if (typeof name !== "string" || name === "") return;
    setIssues((now) => {
      const left = now.filter((issue) => issue.field !== name);
      if (left.length === now.length) return now;
      if (left.length === 0) setProblem(null);
      return left;
    });
  }

  return { busy, issues, problem, notice, save, settle };
}

export type CatalogSave = ReturnType<typeof useCatalogSave>;

/** A row saved in place (a track, a reference): the page is read again, nothing more to say. */
export function useRowSave() {
  const revalidator = useRevalidator();
  return useCatalogSave(() => {
    void revalidator.revalidate();
    return undefined;
  });
}

/**
 * Saving a series, volume or drama CD: a new one opens at its own address (`addressOf` the
 * answer), an edited one is read again and says so.
 */
export function useEntitySave<T>(editing: boolean, addressOf: (answer: T) => string) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return useCatalogSave<T>((answer) => {
    if (!editing) {
      navigate(addressOf(answer));
      return undefined;
    }
    void revalidator.revalidate();
    return "保存しました。";
  });
}

/** What a save or an action says went well. */
export function Notice({ text }: { text: string | null }) {
  return text ? (
    <p className="ops-notice" role="status">
      {text}
    </p>
  ) : null;
}

/** Why a save was refused. */
export function Problem({ text }: { text: string | null }) {
  return text ? (
    <p className="ops-problem" role="alert">
      {text}
    </p>
  ) : null;
}

/**
 * The end of a series, volume or CD form: why the last save failed, and the save button, which a
 * staff member without catalog.write does not get.
 */
export function SaveBar({ saving, editing }: { saving: CatalogSave; editing: boolean }) {
  if (!useEditorRights().catalog) return null;
  return (
    <>
      <Problem text={saving.problem} />
      <button type="submit" className="ops-button ops-button--primary" disabled={saving.busy}>
        {editing ? "保存する" : "下書きとして作成する"}
      </button>
    </>
  );
}
