import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { createProgressGate, PROGRESS_DURATION_MS } from "./progress-gate";

type Phase = "idle" | "running" | "done";

/** A thin bar at the top of the page while a navigation loads (spec 001 §9). */
export function RouteProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");
  const gate = useRef<ReturnType<typeof createProgressGate> | null>(null);
  const fade = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    gate.current = createProgressGate(
      () => {
        if (fade.current) clearTimeout(fade.current);
        setPhase("running");
      },
      () => {
        setPhase("done");
        fade.current = setTimeout(() => setPhase("idle"), 400);
      },
    );
    return () => {
      gate.current?.dispose();
      if (fade.current) clearTimeout(fade.current);
    };
  }, []);

  useEffect(() => {
    gate.current?.busy(busy);
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
