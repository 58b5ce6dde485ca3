import { createContext, useContext } from "react";
import { sectionFrame } from "../../lib/tracking";

/** Inside topic content, home sections are frames named topic_home_{layoutId} (spec 000). */
export const TopicHomeFrames = createContext(false);

export function useSectionFrame(layoutId: number): string {
  return sectionFrame(layoutId, useContext(TopicHomeFrames));
}
