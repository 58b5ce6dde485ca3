// @vitest-environment jsdom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shellAnswer } from "../../../contract/page-clock";
import { type SessionStatus, VISITOR_USER_STATUS } from "../../../contract/status";
import { ShellStateProvider } from "../../lib/shell";
import { AudioPlayerProvider, useAudioPlayer } from "./AudioPlayer";
import type { PlayableTrack } from "./player-rules";

const sample: PlayableTrack = {
  cdId: 31,
  trackNo: 2,
  name: "トラック2「雨の日」",
  cdName: "月下の約束 ドラマCD",
  cover: "/media/cds/31/jacket.png",
  owned: false,
  fileUrl: null,
  trialFileUrl: "/media/cds/31/trials/2.mp3",
  durationSec: 605,
  trialDurationSec: 65,
};

function PlayButton() {
  const player = useAudioPlayer();
  const playing = player.current ? `${player.current.cdId}/${player.current.trackNo}` : "none";
  return (
    <button type="button" data-playing={playing} onClick={() => player.playTrack(sample)}>
      試聴する
    </button>
  );
}

function Page() {
  return (
    <ShellStateProvider
      answer={shellAnswer(
        { is_login: false, today: "20261129", ctrl_group: 1 } as SessionStatus,
        structuredClone(VISITOR_USER_STATUS),
      )}
    >
      <AudioPlayerProvider>
        <PlayButton />
      </AudioPlayerProvider>
    </ShellStateProvider>
  );
}

// jsdom has no media playback: the element's methods only need to exist here. What plays is
// tested in Chromium (tests/e2e/audio.spec.ts, cd-player.spec.ts).
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
});
afterEach(() => vi.restoreAllMocks());

describe("the audio player's first load", () => {
  it("sends the one <audio> element with the page and no popup, so the popup's code waits", () => {
    const html = renderToString(<Page />);
    expect(html).toContain('<audio class="audio-player__element" preload="auto"></audio>');
    expect(html).not.toContain("音声プレーヤー");
  });

  it("hands a track asked for before the popup's code came to the popup once it is in", async () => {
    const container = document.createElement("div");
    document.body.append(container);
    container.innerHTML = renderToString(<Page />);
    const element = container.querySelector("audio");
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);

    const button = container.querySelector("button")!;
    expect(button.dataset.playing).toBe("none");
    await act(async () => button.click());
    // The popup's code arrives, the popup mounts and takes the waiting track.
    const popupOf = () => container.querySelector('section[aria-label="音声プレーヤー"]');
    for (let wait = 0; wait < 200 && !popupOf(); wait++) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    }

    const popup = container.querySelector('section[aria-label="音声プレーヤー"]')!;
    expect(popup.textContent).toContain(sample.name);
    expect(popup.textContent).toContain("試聴");
    // The element sent with the page is the one that plays: no second element came with the popup.
    expect(container.querySelectorAll("audio")).toHaveLength(1);
    expect(container.querySelector("audio")).toBe(element);
    expect(element?.getAttribute("src")).toBe(sample.trialFileUrl);
    expect(button.dataset.playing).toBe("31/2");
    container.remove();
  });
});
