import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TopicHomeFrames, useSectionFrame } from "./section-frame";

function Frame() {
  return <>{useSectionFrame(1101)}</>;
}

describe("useSectionFrame", () => {
  it("names home sections top_{id} and those inside topic content topic_home_{id}", () => {
    expect(renderToStaticMarkup(<Frame />)).toBe("top_1101");
    expect(
      renderToStaticMarkup(
        <TopicHomeFrames.Provider value={true}>
          <Frame />
        </TopicHomeFrames.Provider>,
      ),
    ).toBe("topic_home_1101");
  });
});
