import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useIsPremium } from "../account/membership";
import { PREMIUM_MESSAGES } from "../account/premium-gate";
import { showToast } from "../../lib/toast";
import type * as ToastModule from "../../lib/toast";
import { AUDIO_PREFERENCES_KEY } from "./listening-preferences";
import { ListeningSettings } from "./ListeningSettings";
import { currentPlayer, fakeAudioFactory, MiniPlayerHarness, renderWithPlayer, song } from "./test-utils";

vi.mock("../account/membership", () => ({ useIsPremium: vi.fn(() => false) }));
vi.mock("../../lib/toast", async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  return { ...actual, showToast: vi.fn(actual.showToast) };
});

/** The quality choices as an English-speaking listener reads them. */
const QUALITY_LABELS = {
  auto: "Automatic",
  low: "Low (data saver, 64 kbps)",
  standard: "Standard (128 kbps)",
  high: "High (320 kbps)",
};

/** A song 6 dB louder than the -14 LUFS target: normalisation plays it at half the amplitude. */
const loud = (n: number) =>
  song(n, { loudness: { trackLufs: -8, trackPeakDb: -2, albumLufs: null, albumPeakDb: null } });
const stored = () => JSON.parse(localStorage.getItem(AUDIO_PREFERENCES_KEY) ?? "null") as unknown;

function renderSettings() {
  const audio = fakeAudioFactory();
  renderWithPlayer(
    <>
      <MiniPlayerHarness />
      <ListeningSettings />
    </>,
    { audio },
  );
  const section = screen.getByRole("region", { name: "Listening settings" });
  return { audio, section };
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(useIsPremium).mockReturnValue(false);
  vi.mocked(showToast).mockClear();
});
afterEach(() => cleanup());

describe("Listening settings", () => {
  it("a premium member hears High by default and may choose Standard: it applies from the next song", () => {
    vi.mocked(useIsPremium).mockReturnValue(true);
    const { audio, section } = renderSettings();
    const high = within(section).getByRole("radio", { name: QUALITY_LABELS.high });
    const standard = within(section).getByRole("radio", { name: QUALITY_LABELS.standard });
    expect((high as HTMLInputElement).checked).toBe(true);
    act(() => currentPlayer().startPlaylist([song(1), song(2)]));
    expect(audio.main.src).toBe(`/api/songs/${song(1).id}/stream?quality=high`);
    act(() => audio.main.emit("playing"));

    fireEvent.click(standard);
    expect((standard as HTMLInputElement).checked).toBe(true);
    expect(stored()).toMatchObject({ quality: "standard", normalize: true });
    // The song playing is not cut off; the next one comes at the chosen quality.
    expect(audio.main.src).toBe(`/api/songs/${song(1).id}/stream?quality=high`);
    act(() => currentPlayer().next());
    expect(audio.main.src).toBe(`/api/songs/${song(2).id}/stream?quality=standard`);
  });

  it("a free listener sees High locked: choosing it shows the premium prompt and changes nothing", () => {
    const { audio, section } = renderSettings();
    const high = within(section).getByRole("radio", { name: `${QUALITY_LABELS.high} Premium` });
    expect(
      (within(section).getByRole("radio", { name: QUALITY_LABELS.standard }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(high);
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: "Premium Feature",
        message: PREMIUM_MESSAGES.highQualityAudio,
        upgrade: true,
      }),
    );
    expect((high as HTMLInputElement).checked).toBe(false);
    expect(stored()).toBeNull();
    act(() => currentPlayer().play(song(1)));
    expect(audio.main.src).toBe(`/api/songs/${song(1).id}/stream?quality=standard`);
  });

  it("a member may choose the data saver; Automatic picks it when the browser asks to save data", () => {
    vi.mocked(useIsPremium).mockReturnValue(true);
    const { audio, section } = renderSettings();
    fireEvent.click(within(section).getByRole("radio", { name: QUALITY_LABELS.low }));
    expect(stored()).toMatchObject({ quality: "low", normalize: true });
    act(() => currentPlayer().startPlaylist([song(1), song(2), song(3)]));
    expect(audio.main.src).toBe(`/api/songs/${song(1).id}/stream?quality=low`);
    act(() => audio.main.emit("playing"));

    fireEvent.click(within(section).getByRole("radio", { name: new RegExp(`^${QUALITY_LABELS.auto}`) }));
    Object.defineProperty(navigator, "connection", {
      value: { saveData: true, effectiveType: "4g" },
      configurable: true,
    });
    act(() => currentPlayer().next());
    expect(audio.main.src).toBe(`/api/songs/${song(2).id}/stream?quality=low`);
    act(() => audio.main.emit("playing"));
    Object.defineProperty(navigator, "connection", { value: { saveData: false, effectiveType: "4g" } });
    act(() => currentPlayer().next());
    expect(audio.main.src).toBe(`/api/songs/${song(3).id}/stream?quality=high`);
    Reflect.deleteProperty(navigator, "connection");
  });

  it("keeps a member's earlier 'standard' choice", () => {
    vi.mocked(useIsPremium).mockReturnValue(true);
    localStorage.setItem(AUDIO_PREFERENCES_KEY, JSON.stringify({ preferStandard: true, normalize: true }));
    const { section } = renderSettings();
    expect(
      (within(section).getByRole("radio", { name: QUALITY_LABELS.standard }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it("'Normalize volume' is on by default; turning it off changes the volume at once, and it is kept", () => {
    const { audio, section } = renderSettings();
    act(() => currentPlayer().play(loud(1)));
    act(() => currentPlayer().pause());
    expect(audio.main.volume).toBeCloseTo(0.8 * 10 ** (-6 / 20), 5);

    const normalize = within(section).getByRole("switch", { name: /Normalize volume/ });
    expect((normalize as HTMLInputElement).checked).toBe(true);
    fireEvent.click(normalize);
    expect(audio.main.volume).toBeCloseTo(0.8, 5);
    expect(stored()).toMatchObject({ quality: "high", normalize: false });

    cleanup();
    const again = renderSettings();
    expect(
      (within(again.section).getByRole("switch", { name: /Normalize volume/ }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it("on a browser without Web Audio, gapless, crossfade and the equalizer are off and say so", () => {
    const { section } = renderSettings();
    expect(within(section).getByTestId("audio-effects-unavailable").textContent).toBe(
      "Not available in this browser.",
    );
    expect(
      (within(section).getByRole("switch", { name: /Gapless playback/ }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect((within(section).getByRole("combobox", { name: "Equalizer" }) as HTMLSelectElement).disabled).toBe(
      true,
    );
  });

  describe("where Web Audio plays", () => {
    beforeEach(() => vi.stubGlobal("AudioContext", class {}));
    afterEach(() => vi.unstubAllGlobals());

    it("a preset is chosen and kept; gapless for every queue is kept", () => {
      const { section } = renderSettings();
      expect(within(section).queryByTestId("audio-effects-unavailable")).toBeNull();
      const equalizer = within(section).getByRole("combobox", { name: "Equalizer" }) as HTMLSelectElement;
      expect(equalizer.value).toBe("flat");
      fireEvent.change(equalizer, { target: { value: "bassBoost" } });
      fireEvent.click(within(section).getByRole("switch", { name: /Gapless playback/ }));
      expect(stored()).toMatchObject({ gaplessAlways: true, equalizer: { preset: "bassBoost" } });
      expect(within(section).getByText("60 Hz: 6 dB")).toBeTruthy();

      cleanup();
      const again = renderSettings();
      expect(
        (within(again.section).getByRole("combobox", { name: "Equalizer" }) as HTMLSelectElement).value,
      ).toBe("bassBoost");
    });
  });
});
