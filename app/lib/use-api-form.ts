import { useState } from "react";
import { type ApiAnswer, post, type RequestOptions } from "./request";

/**
 * A form that posts JSON through the request helper: one submission at a time (a double click
 * sends once), the server's message kept for the form to show, `onSuccess` on result true.
 * `refusals` lets the form take a refusal's answer (`onFailure`) and show some itself
 * (`ownsFailure`, no error dialog).
 */
export function useApiForm<T = Record<string, unknown>>(
  url: string,
  toBody: (form: FormData) => unknown,
  onSuccess: (answer: ApiAnswer<T>) => void,
  fallbackMessage: string,
  refusals: {
    onFailure?: (answer: ApiAnswer<T>) => void;
    ownsFailure?: RequestOptions["ownsFailure"];
  } = {},
) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = toBody(new FormData(event.currentTarget));
    setBusy(true);
    setProblem(null);
    const answer = await post<T>(url, body, { ownsFailure: refusals.ownsFailure });
    if (answer.result) {
      onSuccess(answer);
      return;
    }
    setProblem(answer.error_message ?? fallbackMessage);
    setBusy(false);
    refusals.onFailure?.(answer);
  }

  return { busy, problem, onSubmit };
}

export const formText = (form: FormData, name: string) => String(form.get(name) ?? "");
