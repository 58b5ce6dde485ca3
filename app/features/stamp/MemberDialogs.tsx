import { useState } from "react";
import { useShell } from "../../lib/shell";
import { AgreementDialog } from "./AgreementDialog";
import { StampDialog } from "./StampDialog";

/** The home page's member dialogs, one at a time: the terms agreement first, then the stamp. */
export function MemberDialogs() {
  const { status, user } = useShell();
  const [agreed, setAgreed] = useState(false);
  const asking = status.is_login && user.display_agreement_flag && !agreed;
  return (
    <>
      {asking ? <AgreementDialog onAgreed={() => setAgreed(true)} /> : null}
      <StampDialog waiting={asking} />
    </>
  );
}
