import { useState } from "react";
import { type ApiAnswer, post } from "./request";

/**
 * A form that posts JSON through the request helper: one submission at a time (a double click
 * sends once), the server's message kept for the form to show, `onSuccess` on result true.
 */
export function useApiForm<T = Record<string, unknown>>(
  url: string,
  toBody: (form: FormData) => unknown,
  onSuccess: (answer: ApiAnswer<T>) => void,
  fallbackMessage: string,
) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = toBody(new FormData(event.currentTarget));
    setBusy(true);
    setProblem(null);
    const answer = await post<T>(url, body);
    if (answer.result) {
      onSuccess(answer);
      return;
    }
    setProblem(answer.error_message ?? fallbackMessage);
    setBusy(false);
  }

  return { busy, problem, onSubmit };
}

export const formText = (form: FormData, name: string) => String(form.get(name) ?? "");
