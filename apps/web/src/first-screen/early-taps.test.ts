import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOLD_MAX_MS, holdEarlyTaps } from "./early-taps";

/** The server's page: a play button (with an icon inside), a row's text, a link and the search field. */
function serverPage() {
  document.documentElement.removeAttribute("data-app");
  document.body.innerHTML = `
    <div id="root">
      <button id="play"><svg><path id="icon"></path></svg></button>
      <p id="title">Neon Lemonade</p>
      <a id="artist" href="#artist">Nova Marigold</a>
      <input id="search" />
    </div>
    <button id="outside">outside the app</button>`;
  const taps: string[] = [];
  // The app's listener, as React's on the root: it sees a click only once the app is there.
  document.getElementById("root")!.addEventListener("click", (event) => {
    taps.push((event.target as Element).id);
  });
  return taps;
}

const tap = (id: string) =>
  document.getElementById(id)!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));

/** What the app does when it has hydrated the page (app/shell/AppLayout.tsx, ScreenReady). */
async function appReady() {
  document.documentElement.dataset.app = "ready";
  await vi.advanceTimersByTimeAsync(0);
}

describe("taps before the app has taken over the server's page", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("are held, and the last one is made again on the same element once the app is ready", async () => {
    const taps = serverPage();
    holdEarlyTaps();
    tap("title");
    tap("icon");
    expect(taps).toEqual([]);
    await appReady();
    expect(taps).toEqual(["icon"]);
    tap("play");
    expect(taps).toEqual(["icon", "play"]);
  });

  it("stops nothing the browser does without the app: links, fields, what is outside the app", async () => {
    const taps = serverPage();
    holdEarlyTaps();
    const outside = vi.fn();
    document.getElementById("outside")!.addEventListener("click", outside);
    expect(tap("artist")).toBe(true); // not cancelled: the link navigates
    tap("search");
    tap("outside");
    expect(taps).toEqual(["artist", "search"]);
    expect(outside).toHaveBeenCalledTimes(1);
    await appReady();
    expect(taps).toEqual(["artist", "search"]);
  });

  it("cancels a held tap's default, and gives taps back to the page when the app never becomes ready", async () => {
    const taps = serverPage();
    holdEarlyTaps();
    expect(tap("play")).toBe(false);
    await vi.advanceTimersByTimeAsync(HOLD_MAX_MS);
    expect(tap("title")).toBe(true);
    expect(taps).toEqual(["title"]);
    await appReady();
    expect(taps).toEqual(["title"]);
  });

  it("holds nothing on a page the app already has", async () => {
    const taps = serverPage();
    document.documentElement.dataset.app = "ready";
    holdEarlyTaps();
    tap("play");
    expect(taps).toEqual(["play"]);
  });
});
