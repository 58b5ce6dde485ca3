/** What a staff member whose role may not write a page is told above it (support, issue 23). */
export const READ_ONLY_TEXT = "閲覧のみの権限です。編集は編集担当・管理者が行えます。";

/** The server refuses the writes anyway; this says why the page's fields are locked. */
export function ReadOnlyNotice({ text = READ_ONLY_TEXT }: { text?: string }) {
  return (
    <p className="ops-readonly" role="note">
      {text}
    </p>
  );
}
