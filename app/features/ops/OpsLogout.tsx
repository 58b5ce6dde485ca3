import { useState } from "react";
import { post } from "../../lib/request";

/** Ends the ops session only; the store session, if any, stays. */
export function OpsLogout() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="ops-button ops-button--quiet"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await post("/api/ops/logout", {});
        window.location.assign("/ops/login");
      }}
    >
      ログアウト
    </button>
  );
}
