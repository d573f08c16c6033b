import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SILENT_WAV } from "./audio-platform";
import { useWarmAudioOutput, warmAudioOutput } from "./audio-warmup";
import { FakeAudio, notAllowed } from "./test-utils";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("warmAudioOutput", () => {
  it("plays a muted, silent clip on an element of its own, then lets the element go", async () => {
    const audio = new FakeAudio();
    warmAudioOutput(() => audio);
    expect(audio.muted).toBe(true);
    expect(audio.src).toBe(SILENT_WAV);
    expect(audio.playCalls).toBe(1);
    await settled();
    expect(audio.paused).toBe(true);
    expect(audio.getAttribute("src")).toBeNull();
    expect(audio.loadCalls).toBe(1);
  });

  it("lets the element go when the browser refuses to play it, with nothing to report", async () => {
    const audio = new FakeAudio();
    audio.playResult = notAllowed;
    warmAudioOutput(() => audio);
    await settled();
    expect(audio.getAttribute("src")).toBeNull();
  });
});

describe("useWarmAudioOutput", () => {
  function Warm({ create }: { create: () => FakeAudio }) {
    useWarmAudioOutput(create);
    return null;
  }

  it("warms the output once, in the browser's first idle moment, not while the page starts", () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => idle.push(callback));
    vi.stubGlobal("cancelIdleCallback", vi.fn());
    const made: FakeAudio[] = [];
    const create = () => {
      const audio = new FakeAudio();
      made.push(audio);
      return audio;
    };
    render(<Warm create={create} />);
    expect(made).toHaveLength(0);
    for (const callback of idle.splice(0)) callback();
    expect(made).toHaveLength(1);
    expect(made[0]!.playCalls).toBe(1);
  });

  it("does nothing for a player on stand-in elements", () => {
    const idle = vi.fn();
    vi.stubGlobal("requestIdleCallback", idle);
    function NoWarm() {
      useWarmAudioOutput(null);
      return null;
    }
    render(<NoWarm />);
    expect(idle).not.toHaveBeenCalled();
  });

  it("does nothing once the player is gone before the idle moment", () => {
    const idle: Array<() => void> = [];
    const cancelIdle = vi.fn();
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => idle.push(callback));
    vi.stubGlobal("cancelIdleCallback", cancelIdle);
    const create = vi.fn(() => new FakeAudio());
    render(<Warm create={create} />).unmount();
    expect(cancelIdle).toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
  });
});
