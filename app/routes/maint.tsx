import { DEMO_COMPANY } from "../features/info/company";
import { formatMaintenanceWindow, maintenanceWindow } from "../features/info/maintenance";
import { infoMeta } from "../features/info/meta";
import "../features/info/info.css";
import type { Route } from "./+types/maint";

export function meta() {
  return infoMeta(
    "メンテナンスのお知らせ",
    "コマヤの定期メンテナンスのお知らせ。メンテナンス中は作品の閲覧・購入などすべてのサービスをご利用いただけません。",
    { noindex: true },
  );
}

export function loader() {
  const window = maintenanceWindow(new Date());
  return { label: formatMaintenanceWindow(window), active: window.active };
}

export default function Maintenance({ loaderData }: Route.ComponentProps) {
  const { label, active } = loaderData;
  return (
    <section className="notice" aria-labelledby="maint-title">
      <div className="notice__icon" aria-hidden="true">
        ⚙
      </div>
      <h1 id="maint-title" className="notice__title">
        メンテナンスのお知らせ
      </h1>
      <p>
        {active
          ? "ただいまシステムメンテナンスを実施しています。ご不便をおかけして申し訳ございません。"
          : "サービス向上のため、下記の日時に定期メンテナンスを実施します。"}
      </p>
      <p className="notice__window">
        <small>{active ? "実施中のメンテナンス" : "次回の定期メンテナンス"}</small>
        {label}
      </p>
      <div className="notice__body">
        <p>
          メンテナンス中は、作品の閲覧・ドラマCDの再生・購入・ログインなど、すべてのサービスをご利用いただけません。定期メンテナンスは毎月第2水曜日の2:00〜6:00に実施しています。作業の状況により、終了時刻が前後する場合があります。
        </p>
        <p>購入済みの作品・ポイント・クーポンはメンテナンス後もそのままご利用いただけます。</p>
        <p>
          お問い合わせ：{DEMO_COMPANY.email}
          （デモ用の架空のアドレスです）
        </p>
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/RouteErrorBoundary";
