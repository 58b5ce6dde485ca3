import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

/** Spec 001 §9: the bar waits 200 ms before showing and creeps towards the end over 5000 ms. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

type Phase = "idle" | "running" | "done";

/** A thin bar at the top of the page while a navigation loads. */
export function RouteProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");
  const shown = useRef(false);

  useEffect(() => {
    if (busy) {
      // Quick navigations finish before the bar would show, so it never flickers.
      const timer = setTimeout(() => {
        shown.current = true;
        setPhase("running");
      }, PROGRESS_THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    if (!shown.current) return;
    shown.current = false;
    setPhase("done");
    const timer = setTimeout(() => setPhase("idle"), 400);
    return () => clearTimeout(timer);
  }, [busy]);

  if (phase === "idle") return null;
  return (
    <div
      className={`route-progress route-progress--${phase}`}
      role="progressbar"
      aria-label="ページを読み込み中"
      style={{ "--progress-duration": `${PROGRESS_DURATION_MS}ms` } as React.CSSProperties}
    >
      <div className="route-progress__bar" />
    </div>
  );
}
