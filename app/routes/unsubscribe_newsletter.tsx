import { useState } from "react";
import { unsubscribePayload } from "../../contract/account";
import { FormProblem } from "../components/FormProblem";
import { post } from "../lib/request";
import type { Route } from "./+types/unsubscribe_newsletter";

export function meta() {
  return [{ title: "メールマガジンの配信停止 | コマヤ" }, { name: "robots", content: "noindex" }];
}

/** The link from a newsletter mail: no login; the server checks the signature when it is used. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const link = unsubscribePayload.safeParse({
    u: url.searchParams.get("u") ?? "",
    s: url.searchParams.get("s") ?? "",
  });
  return { link: link.success ? link.data : null };
}

export default function UnsubscribeNewsletter({ loaderData }: Route.ComponentProps) {
  const [state, setState] = useState<"ready" | "busy" | "done">("ready");
  const [problem, setProblem] = useState<string | null>(null);
  const { link } = loaderData;

  async function unsubscribe() {
    if (!link || state !== "ready") return;
    setState("busy");
    const answer = await post("/api/newsletter/unsubscribe", link);
    if (answer.result) {
      setState("done");
      return;
    }
    setProblem(answer.error_message ?? "配信を停止できませんでした");
    setState("ready");
  }

  return (
    <section className="account" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">メールマガジンの配信停止</h1>
      {state === "done" ? (
        <>
          <p role="status">メールマガジンの配信を停止しました。</p>
          <p className="form-note">
            再開はログイン後の「メールマガジン設定」からいつでもできます。
          </p>
          <a className="button" href="/">
            ホームへ
          </a>
        </>
      ) : link ? (
        <>
          <p>ボタンを押すと、このメールアドレスへのメールマガジンの配信を停止します。</p>
          <FormProblem problem={problem} />
          <button
            type="button"
            className="button button--primary button--block"
            onClick={unsubscribe}
            disabled={state === "busy"}
          >
            配信を停止する
          </button>
        </>
      ) : (
        <p className="form-problem" role="alert">
          配信停止のリンクが正しくありません。メールのリンクをもう一度お確かめください。
        </p>
      )}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
