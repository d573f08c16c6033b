// The engine host holds a song tapped before the session exists (its stream would be refused), but not when
// there is no network: an app opened offline cannot read its session, and a downloaded song needs none.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createEngineHost } from "./engine-host";
import { initialPlayerState, playerReducer } from "./reducer";
import { fakeAudioFactory, song } from "./test-utils";

const callbacks = { dispatch: vi.fn() };

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
}

afterEach(() => setOnline(true));

describe("createEngineHost", () => {
  const playing = playerReducer(initialPlayerState, { type: "PLAY", song: song(1) });

  it("holds a song while online and without a session, and plays it once the session is there", () => {
    const audio = fakeAudioFactory();
    const host = createEngineHost(callbacks, audio.create);
    host.sync(playing, { isPremium: false, hasSession: false });
    expect(audio.main.src).toBe("");
    host.sync(playing, { isPremium: false, hasSession: true });
    expect(audio.main.src).toContain("/api/songs/");
    host.destroy();
  });

  it("plays at once with no network, though the session could not be read", () => {
    setOnline(false);
    const audio = fakeAudioFactory();
    const host = createEngineHost(callbacks, audio.create);
    host.sync(playing, { isPremium: true, hasSession: false });
    expect(audio.main.src).toContain("/api/songs/");
    expect(audio.main.playCalls).toBe(1);
    host.destroy();
  });
});
