import { useId, useRef, useState } from "react";
import {
  BLOCK_KIND,
  type BlockField,
  PLACEHOLDERS,
  placeholderText,
} from "../../../contract/topic-vocabulary";

type Json = Record<string, unknown>;
type Patch = Record<string, unknown>;
type Editable = HTMLInputElement | HTMLTextAreaElement;

const asText = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** A number field's value: blank removes the field, so the renderer's default applies. */
function numberOf(raw: string): number | undefined {
  if (raw.trim() === "") return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** The items of an image list: each an image address, its text and an optional link. */
function ImageItems({
  value,
  onChange,
  label,
}: {
  value: unknown;
  onChange: (items: Json[]) => void;
  label: string;
}) {
  const items = (Array.isArray(value) ? value : []).filter(
    (i): i is Json => typeof i === "object" && i !== null,
  );
  const set = (index: number, patch: Patch) =>
    onChange(
      items.map((item, i) => {
        if (i !== index) return item;
        const next = { ...item };
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined) delete next[k];
          else next[k] = v;
        }
        return next;
      }),
    );
  return (
    <fieldset className="topics-images">
      <legend>{label}</legend>
      {items.length === 0 ? <p className="topics-muted">画像はまだありません</p> : null}
      <ol>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are positions in the list.
          <li key={i}>
            <label className="ops-field">
              <span>画像{i + 1}のアドレス</span>
              <input value={asText(item.src)} onChange={(e) => set(i, { src: e.target.value })} />
            </label>
            <label className="ops-field">
              <span>画像{i + 1}の代替テキスト</span>
              <input value={asText(item.alt)} onChange={(e) => set(i, { alt: e.target.value })} />
            </label>
            <label className="ops-field">
              <span>画像{i + 1}のリンク先</span>
              <input
                value={asText(item.href)}
                onChange={(e) => set(i, { href: e.target.value || undefined })}
              />
            </label>
            <button
              type="button"
              className="ops-button ops-button--quiet"
              onClick={() => onChange(items.filter((_, j) => j !== i))}
            >
              画像{i + 1}を外す
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="ops-button"
        onClick={() => onChange([...items, { src: "/media/banner/topic-1.png", alt: "" }])}
      >
        画像を追加
      </button>
    </fieldset>
  );
}

/**
 * Text placeholders (spec 000 §5) offered from a list: the chosen one goes in at the cursor of
 * the field last typed in (or at the end of the first text field), with its number asked for
 * when it takes one.
 */
function PlaceholderPicker({
  fields,
  target,
  onInsert,
}: {
  fields: readonly BlockField[];
  target: string;
  onInsert: (field: string, token: string) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState(0);
  const [n, setN] = useState(1000);
  const kind = PLACEHOLDERS[chosen]!;
  const into = fields.find((f) => f.name === target) ?? fields[0]!;
  return (
    <fieldset className="topics-placeholders">
      <legend>差し込み文字</legend>
      <label htmlFor={`${id}-kind`} className="visually-hidden">
        差し込む内容
      </label>
      <select id={`${id}-kind`} value={chosen} onChange={(e) => setChosen(Number(e.target.value))}>
        {PLACEHOLDERS.map((p, i) => (
          <option key={p.token} value={i}>
            {p.label}
          </option>
        ))}
      </select>
      {kind.argument ? (
        <label className="topics-rule__number">
          <span>{kind.argument}</span>
          <input
            type="number"
            min={0}
            value={n}
            onChange={(e) => setN(Math.max(0, Math.trunc(Number(e.target.value))))}
          />
        </label>
      ) : null}
      <button
        type="button"
        className="ops-button"
        onClick={() => onInsert(into.name, placeholderText(kind, n))}
      >
        「{into.label}」に挿入
      </button>
      <code className="topics-token">{placeholderText(kind, n)}</code>
    </fieldset>
  );
}

/** One block's fields as a form, by its type (contract/topic-vocabulary.ts). */
export function BlockFields({
  data,
  onChange,
  disabled,
}: {
  data: Json;
  onChange: (patch: Patch) => void;
  disabled: boolean;
}) {
  const id = useId();
  const kind = BLOCK_KIND.get(String(data.type));
  const elements = useRef(new Map<string, Editable>());
  const [target, setTarget] = useState<string>("");
  if (!kind) {
    return (
      <p className="topics-muted">
        このブロック（{String(data.type)}
        ）は画面の編集に対応していません。「JSON（上級者向け）」のタブで編集できます。内容はそのまま保存されます。
      </p>
    );
  }
  const texts = kind.fields.filter((f) => f.placeholders);

  const insert = (field: string, token: string) => {
    const current = asText(data[field]);
    const element = elements.current.get(field);
    const at = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? at;
    onChange({ [field]: current.slice(0, at) + token + current.slice(end) });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  const keep = (name: string) => (element: Editable | null) => {
    if (element) elements.current.set(name, element);
    else elements.current.delete(name);
  };

  return (
    <fieldset className="topics-fields" disabled={disabled}>
      <legend className="visually-hidden">{kind.label}の内容</legend>
      {kind.fields.length === 0 ? <p className="topics-muted">設定する項目はありません</p> : null}
      {kind.fields.map((field) => {
        const fieldId = `${id}-${field.name}`;
        const hint = field.hint ? (
          <small key="hint" className="topics-hint">
            {field.hint}
          </small>
        ) : null;
        const focus = field.placeholders ? () => setTarget(field.name) : undefined;
        switch (field.kind) {
          case "images":
            return (
              <ImageItems
                key={field.name}
                label={field.label}
                value={data[field.name]}
                onChange={(items) => onChange({ [field.name]: items })}
              />
            );
          case "html":
            return (
              <div key={field.name} className="ops-field">
                <label htmlFor={fieldId}>{field.label}</label>
                <textarea
                  id={fieldId}
                  ref={keep(field.name)}
                  rows={6}
                  value={asText(data[field.name])}
                  onFocus={focus}
                  onChange={(e) => onChange({ [field.name]: e.target.value })}
                />
                <small className="topics-hint">
                  &lt;p&gt;・&lt;a&gt;・&lt;strong&gt;・&lt;br&gt;
                  などのタグが使えます（それ以外はストアで取り除かれます）
                </small>
              </div>
            );
          case "select": {
            const options = field.options ?? [];
            const numeric = typeof options[0]?.value === "number";
            return (
              <div key={field.name} className="ops-field">
                <label htmlFor={fieldId}>{field.label}</label>
                <select
                  id={fieldId}
                  value={asText(data[field.name])}
                  onChange={(e) => {
                    const raw = e.target.value;
                    onChange({
                      [field.name]: raw === "" ? undefined : numeric ? Number(raw) : raw,
                    });
                  }}
                >
                  <option value="">（指定なし・既定）</option>
                  {options.map((o) => (
                    <option key={o.value} value={String(o.value)}>
                      {o.label}
                    </option>
                  ))}
                </select>
                {hint}
              </div>
            );
          }
          case "number":
          case "recordId":
            return (
              <div key={field.name} className="ops-field">
                <label htmlFor={fieldId}>{field.label}</label>
                <input
                  id={fieldId}
                  type="number"
                  inputMode="numeric"
                  min={field.min}
                  max={field.max}
                  value={asText(data[field.name])}
                  onChange={(e) => onChange({ [field.name]: numberOf(e.target.value) })}
                />
                {hint}
              </div>
            );
          case "date":
            return (
              <div key={field.name} className="ops-field">
                <label htmlFor={fieldId}>{field.label}</label>
                <input
                  id={fieldId}
                  type="date"
                  value={asText(data[field.name])}
                  onChange={(e) => onChange({ [field.name]: e.target.value || undefined })}
                />
                {hint}
              </div>
            );
          default:
            return (
              <div key={field.name} className="ops-field">
                <label htmlFor={fieldId}>{field.label}</label>
                <input
                  id={fieldId}
                  ref={keep(field.name)}
                  value={asText(data[field.name])}
                  onFocus={focus}
                  onChange={(e) => {
                    const value = e.target.value;
                    onChange({ [field.name]: value === "" && !field.required ? undefined : value });
                  }}
                />
                {hint}
              </div>
            );
        }
      })}
      {texts.length > 0 ? (
        <PlaceholderPicker fields={texts} target={target} onInsert={insert} />
      ) : null}
    </fieldset>
  );
}
