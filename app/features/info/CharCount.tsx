/** "123 / 2000文字", announced politely so screen-reader users hear it when near the limit. */
export function CharCount({ id, length, max }: { id: string; length: number; max: number }) {
  const near = length > max * 0.9;
  return (
    <span id={id} className="char-count" data-near={near} aria-live={near ? "polite" : "off"}>
      {length} / {max}文字
    </span>
  );
}
