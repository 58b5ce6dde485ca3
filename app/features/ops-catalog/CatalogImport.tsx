import { useState } from "react";
import {
  CSV_COLUMNS,
  CSV_SAMPLE_LINES,
  type CsvColumn,
  IMPORT_FORMATS,
  IMPORT_MAX_BYTES,
  type ImportAnswer,
  type ImportFormat,
  ONIX_ROLES,
  sampleCsv,
} from "../../../contract/catalog-import";
import { postForm } from "../../lib/request";
import { EditableFields, useEditorRights } from "./catalog-fields";

const URL_ = "/api/ops/catalog/import";

/** The file as chosen with its format: a dry run holds only for the very same choice. */
const choiceKey = (file: File, format: string) =>
  `${file.name}\u0000${file.size}\u0000${file.lastModified}\u0000${format}`;

function downloadSample() {
  // A BOM so Excel opens the sample as UTF-8, as the import reads it.
  const blob = new Blob([`\uFEFF${sampleCsv()}`], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = "komaya-catalog-sample.csv";
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * /ops/catalog/import (decision 0093): choose a delivery, see what it would change (the dry
 * run), then import it; 取り込む opens only after a clean dry run of the same file. The dry run
 * needs catalog.write, the import prices.write and schedules.write too; a staff member without
 * catalog.write reads the page and its header only.
 */
export function CatalogImport() {
  const rights = useEditorRights();
  const mayImport = rights.catalog && rights.prices && rights.schedules;
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<"" | ImportFormat>("");
  const [answer, setAnswer] = useState<(ImportAnswer & { error_message?: string }) | null>(null);
  const [checkedKey, setCheckedKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);

  const key = file ? choiceKey(file, format) : null;
  const clean = answer?.dry_run === true && answer.problems.length === 0 && checkedKey === key;
  const changes = answer?.actions.filter((a) => a.kind !== "unchanged").length ?? 0;

  async function send(dryRun: boolean) {
    if (!file || !key) return;
    const form = new FormData();
    form.set("file", file);
    form.set("format", format);
    form.set("dry_run", String(dryRun));
    setBusy(true);
    const result = await postForm<ImportAnswer>(URL_, form, {
      // Problems are this page's own list, not an error dialog.
      ownsFailure: (fields) => Array.isArray(fields.problems),
    });
    setBusy(false);
    if (Array.isArray(result.actions)) {
      setAnswer(result);
      setCheckedKey(dryRun && result.result ? key : null);
    }
  }

  return (
    <>
      <section className="ops-panel">
        <h2>ファイルを選ぶ</h2>
        <p className="ops-note">
          取り込んだ作品と巻はすぐに「公開中」になり、各巻の発売日（item_start_date）にストアに並びます。新しい作品はその最初の巻の発売日から表示されます。すでにある作品・巻は項目を更新するだけで、公開状態は変えません。
        </p>
        <EditableFields>
          <div className="catalog-import__form">
            <label className="ops-field">
              <span>ファイル（{IMPORT_MAX_BYTES / 1024 / 1024}MBまで、UTF-8）</span>
              <input
                type="file"
                name="file"
                accept=".csv,.xml,text/csv,application/xml,text/xml"
                onChange={(e) => {
                  const chosen = e.currentTarget.files?.[0] ?? null;
                  setFileError(
                    chosen && chosen.size > IMPORT_MAX_BYTES
                      ? `ファイルは${IMPORT_MAX_BYTES / 1024 / 1024}MBまでです`
                      : null,
                  );
                  setFile(chosen);
                  setAnswer(null);
                }}
              />
            </label>
            <label className="ops-field">
              <span>形式</span>
              <select
                name="format"
                value={format}
                onChange={(e) => setFormat(e.currentTarget.value as "" | ImportFormat)}
              >
                <option value="">ファイルから判別</option>
                {Object.entries(IMPORT_FORMATS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </EditableFields>
        {fileError ? <p className="ops-problem">{fileError}</p> : null}
        {rights.catalog && !mayImport ? (
          <p className="ops-problem">
            一括登録には価格とスケジュールの設定の権限も必要です。確認（ドライラン）だけできます。
          </p>
        ) : null}
        {rights.catalog ? (
          <div className="catalog-import__buttons">
            <button
              type="button"
              className="ops-button"
              disabled={!file || busy || fileError !== null}
              onClick={() => send(true)}
            >
              確認（ドライラン）
            </button>
            <button
              type="button"
              className="ops-button ops-button--primary"
              disabled={!clean || busy || changes === 0 || !mayImport}
              onClick={() => send(false)}
            >
              取り込む
            </button>
            {busy ? <span aria-live="polite">処理中…</span> : null}
          </div>
        ) : null}
        {file && answer === null ? (
          <p className="ops-note">まず確認（ドライラン）で、何が変わるかを確かめてください。</p>
        ) : null}
      </section>

      {answer ? <ImportResult answer={answer} /> : null}
      <CsvHeader />
    </>
  );
}

function ImportResult({ answer }: { answer: ImportAnswer & { error_message?: string } }) {
  const changed = answer.actions.filter((a) => a.kind !== "unchanged").length;
  const heading = answer.dry_run
    ? "確認の結果（まだ登録していません）"
    : answer.problems.length > 0
      ? "取り込めませんでした"
      : "取り込みました";
  return (
    <section className="ops-panel" aria-live="polite">
      <h2>{heading}</h2>
      {answer.problems.length > 0 ? (
        <>
          <p className="ops-problem" role="alert">
            {answer.error_message ??
              `取り込めない行が${answer.problems.length}件あります。直してからもう一度確認してください。`}
          </p>
          <table className="ops-table catalog-table catalog-import__problems">
            <thead>
              <tr>
                <th scope="col">行</th>
                <th scope="col">理由</th>
              </tr>
            </thead>
            <tbody>
              {answer.problems.map((p) => (
                <tr key={`${p.source}:${p.message}`}>
                  <td data-label="行">{p.source}</td>
                  <td data-label="理由">{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p>
          {answer.dry_run
            ? changed > 0
              ? `${changed}件の変更があります。内容を確かめて「取り込む」を押してください。`
              : "変更はありません。"
            : `${changed}件を登録しました。`}
        </p>
      )}
      {answer.actions.length > 0 ? (
        <div className="ops-scroll">
          <table className="ops-table catalog-table catalog-import__actions">
            <thead>
              <tr>
                <th scope="col">行</th>
                <th scope="col">内容</th>
                <th scope="col">対象</th>
                <th scope="col">変更点</th>
              </tr>
            </thead>
            <tbody>
              {answer.actions.map((a) => (
                <tr key={`${a.source}:${a.kind}:${a.target}`} data-kind={a.kind}>
                  <td data-label="行">{a.source}</td>
                  <td data-label="内容">
                    <span className={`catalog-import__kind catalog-import__kind--${a.kind}`}>
                      {a.label}
                    </span>
                  </td>
                  <td data-label="対象">{a.target}</td>
                  <td data-label="変更点">
                    {a.changes.length > 0 ? (
                      <ul className="catalog-import__changes">
                        {a.changes.map((c) => (
                          <li key={c.field}>
                            <b>{c.field}</b> {c.before ?? "（なし）"} → {c.after ?? "（なし）"}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function CsvHeader() {
  const columns = Object.entries(CSV_COLUMNS) as [CsvColumn, string][];
  const sample = CSV_SAMPLE_LINES[0]!;
  return (
    <section className="ops-panel">
      <h2>CSVの見出し（1行目）</h2>
      <p>
        1行に1巻。作品の項目は巻ごとに繰り返します。UTF-8（BOMあり・なしどちらでも可）で保存してください。
        出版社・レーベル・掲載誌・ジャンルは登録済みの名前で指定し、タグと著者は未登録なら追加されます。
      </p>
      <p>
        <button type="button" className="ops-button" onClick={downloadSample}>
          サンプルCSVをダウンロード
        </button>
      </p>
      <pre className="catalog-import__header">{Object.keys(CSV_COLUMNS).join(",")}</pre>
      <table className="ops-table catalog-table">
        <thead>
          <tr>
            <th scope="col">列</th>
            <th scope="col">内容</th>
            <th scope="col">例</th>
          </tr>
        </thead>
        <tbody>
          {columns.map(([column, label]) => (
            <tr key={column}>
              <td data-label="列">
                <code>{column}</code>
              </td>
              <td data-label="内容">{label}</td>
              <td data-label="例">{sample[column] ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>ONIX 3.0</h2>
      <p>
        参照タグ形式の ONIXMessage を受け付けます。シリーズ名と巻数は Collection の
        TitleElementLevel 02（PartNumber）、巻タイトルは TitleType 01、著者は Contributor（役割は
        {Object.entries(ONIX_ROLES)
          .map(([code, role]) => `${code} ${role}`)
          .join("・")}
        ）、出版社は PublisherName、 レーベルは ImprintName、ジャンルは
        Subject（SubjectSchemeIdentifier 24）、タグは Subject （20）、価格は PriceType 02/04
        の円価格、発売日は PublishingDateRole 01 から読みます。
      </p>
    </section>
  );
}
