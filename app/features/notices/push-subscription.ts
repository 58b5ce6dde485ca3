import { del, get, post } from "../../lib/request";

/** Web Push works here: a service worker, the Push API and notifications (decision 0114). */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  const found = await navigator.serviceWorker.getRegistration("/");
  if (found) return found;
  // Development serves no worker by default: a store page registers it the same way.
  return navigator.serviceWorker.register("/sw.js").catch(() => null);
}

/** The VAPID key as the Push API takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Whether this browser is subscribed and the store keeps it for the member. */
export async function pushSubscribed(): Promise<boolean> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return false;
  const answer = await post<{ subscribed: boolean }>("/api/push/subscription/status", {
    endpoint: subscription.endpoint,
  });
  return answer.result && answer.subscribed === true;
}

export type PushOutcome = "subscribed" | "denied" | "failed";

/** Asks the browser's permission, subscribes with the store's key and hands it to the store. */
export async function subscribePush(): Promise<PushOutcome> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  const reg = await registration();
  if (!reg) return "failed";
  await navigator.serviceWorker.ready;
  const key = await get<{ public_key: string }>("/api/push/public_key");
  if (!key.result || typeof key.public_key !== "string") return "failed";
  const subscription = await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(key.public_key),
  });
  const saved = await post("/api/push/subscription", subscription.toJSON());
  return saved.result ? "subscribed" : "failed";
}

/** Stops this browser's notices: the store forgets it and the browser drops it. */
export async function unsubscribePush(): Promise<boolean> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return true;
  const answer = await del("/api/push/subscription", { endpoint: subscription.endpoint });
  await subscription.unsubscribe().catch(() => false);
  return answer.result;
}
