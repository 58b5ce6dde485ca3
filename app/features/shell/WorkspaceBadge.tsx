import { useEffect, useState } from "react";
import type { Workspace } from "../../../contract/status";

/** Spec 001 §2.2: the debug pages show which workspace the staff member is in, for 15 s. */
export const WORKSPACE_TOAST_MS = 15_000;

export function WorkspaceBadge({ workspace }: { workspace: Workspace | null }) {
  const name = workspace?.name?.trim() ?? "";
  const [visible, setVisible] = useState(Boolean(name));
  useEffect(() => {
    setVisible(Boolean(name));
    if (!name) return;
    const timer = setTimeout(() => setVisible(false), WORKSPACE_TOAST_MS);
    return () => clearTimeout(timer);
  }, [name]);
  if (!visible) return null;
  return (
    <div
      className="workspace-badge"
      role="status"
      data-testid="workspace-badge"
      style={{ background: workspace?.color || undefined }}
    >
      ワークスペース：{name}
    </div>
  );
}
