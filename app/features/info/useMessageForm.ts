import { useRef, useState } from "react";
import type { MessageReceipt } from "../../../contract/messages";
import { post } from "../../lib/request";

/** A token for one filled-in form (see the nonce in contract/messages.ts). */
export function newFormToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export interface SentMessage<T> {
  receipt: MessageReceipt;
  sent: T;
}

/**
 * Sending one of the message forms: the button is disabled while a send is under way, a second
 * submit in the same moment is dropped, and every retry of the same form carries the same token
 * so the server stores the message once even if an answer was lost on the way back.
 */
export function useMessageForm<T extends object>(url: string) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<SentMessage<T> | null>(null);
  const sending = useRef(false);
  const token = useRef<string | null>(null);

  async function send(payload: T) {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    token.current ??= newFormToken();
    try {
      const answer = await post<MessageReceipt>(url, { ...payload, nonce: token.current });
      if (answer.result) {
        setDone({
          receipt: { receipt_no: answer.receipt_no, received_at: answer.received_at },
          sent: payload,
        });
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  function startOver() {
    token.current = null;
    setDone(null);
  }

  return { busy, done, send, startOver };
}
