// The engine's code is a chunk of its own, asked for as the player mounts: a tap on play that comes first is
// played when the code arrives, and Enable pressed first enables then.
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { initialPlayerState, playerReducer } from "./reducer";
import { fakeAudioFactory, song } from "./test-utils";

vi.mock("../account", () => ({ useIsPremium: () => false, useHasSession: () => true }));

/** A fresh copy of the hook's module: its chunk not yet here (test-utils loaded the shared one ahead). */
async function freshHook() {
  vi.resetModules();
  return import("./useAudioEngine");
}

describe("useAudioEngine", () => {
  it("plays a song tapped before the engine's code arrived, once it does", async () => {
    const { useAudioEngine, audioEngineChunk } = await freshHook();
    expect(audioEngineChunk.loaded()).toBeUndefined();
    const audio = fakeAudioFactory();
    const dispatch = vi.fn();
    const playing = playerReducer(initialPlayerState, { type: "PLAY", song: song(1) });
    // Mounted and tapped in the same moment: no element exists yet.
    renderHook(() => useAudioEngine(playing, dispatch, {}, audio.create));
    expect(audio.created).toHaveLength(0);
    await waitFor(() => expect(audio.main.playCalls).toBe(1));
    expect(audio.main.src).toContain("/api/songs/");
  });

  it("enables audio from a press made before the engine's code arrived", async () => {
    const { useAudioEngine } = await freshHook();
    const audio = fakeAudioFactory();
    const paused = playerReducer(playerReducer(initialPlayerState, { type: "PLAY", song: song(1) }), {
      type: "PAUSE",
    });
    const dispatch = vi.fn();
    const { result } = renderHook(() => useAudioEngine(paused, dispatch, {}, audio.create));
    act(() => result.current.enableAudio());
    expect(result.current.audioEnabled).toBe(true);
    expect(audio.created).toHaveLength(0);
    // The paused song starts where it stands, and the player is told it plays.
    await waitFor(() => expect(audio.main.playCalls).toBe(1));
    expect(dispatch).toHaveBeenCalledWith({ type: "RESUME" });
  });
});
