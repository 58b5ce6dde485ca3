import { describe, expect, it } from "vitest";
import { checkTopicJson, formatForEditing, TOPIC_JSON_WARNING } from "./topic-json";

describe("checkTopicJson (the editor's check before 更新する)", () => {
  it("accepts rows of columns of blocks, unknown block types included", () => {
    const text = JSON.stringify([
      {
        class: "loginOnly",
        columns: [
          { sRange: 12, lRange: 6, blocks: [{ type: "header", text: "見出し" }] },
          { blocks: [{ type: "box", blocks: [{ type: "somethingNew" }] }] },
        ],
      },
    ]);
    const result = checkTopicJson(text);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.rows[0]!.columns).toHaveLength(2);
  });

  it.each([
    ["text that is not JSON", "今月の新刊ラインナップ"],
    ["a trailing comma", '[{"columns": []},]'],
    ["an object", '{"columns": []}'],
    ["a row without columns", "[{}]"],
    ["a column without blocks", '[{"columns": [{}]}]'],
    ["a block without a type", '[{"columns": [{"blocks": [{}]}]}]'],
    ["a box without blocks", '[{"columns": [{"blocks": [{"type": "box"}]}]}]'],
    ["a bad width", '[{"columns": [{"sRange": 0, "blocks": []}]}]'],
  ])("refuses %s", (_what, text) => {
    const result = checkTopicJson(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).not.toBe("");
  });

  it("uses the spec's warning text", () => {
    expect(TOPIC_JSON_WARNING).toBe("内容を見直してください");
  });
});

describe("formatForEditing", () => {
  it("indents JSON and leaves plain text as it is", () => {
    expect(formatForEditing('[{"columns":[]}]')).toBe('[\n  {\n    "columns": []\n  }\n]');
    expect(formatForEditing("ただのテキスト")).toBe("ただのテキスト");
  });
});
