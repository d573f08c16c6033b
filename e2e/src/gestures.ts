// A finger's or a mouse's path through Chromium's own input (the DevTools protocol), so that pointer, touch
// and mouse events all fire as they would for a person. Each event carries the time a hand would make it:
// the app tells a flick from a slow drag by the events' timeStamp, which Chromium takes from these stamps.
// Unstamped, a flick of four 10 ms steps took over 400 ms on a loaded CI machine and became a drag.
import type { CDPSession, Page } from "@playwright/test";

export interface Point {
  x: number;
  y: number;
}

/** `steps` even steps from `from` to `to`, both ends included. */
export const line = (from: Point, to: Point, steps = 8): Point[] =>
  Array.from({ length: steps + 1 }, (_, i) => ({
    x: from.x + ((to.x - from.x) * i) / steps,
    y: from.y + ((to.y - from.y) * i) / steps,
  }));

/** Sends one event per point, stamped `ms` apart; waits as long between them so the page draws each step. */
async function stamped(
  page: Page,
  points: Point[],
  ms: number,
  send: (
    cdp: CDPSession,
    phase: "start" | "move" | "end",
    point: Point,
    timestamp: number,
  ) => Promise<unknown>,
) {
  const cdp = await page.context().newCDPSession(page);
  const startedAt = Date.now() / 1000;
  const at = (i: number) => startedAt + (i * ms) / 1000;
  const [first, ...rest] = points;
  if (!first) throw new Error("a gesture needs a point");
  await send(cdp, "start", first, at(0));
  for (const [i, point] of rest.entries()) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await send(cdp, "move", point, at(i + 1));
  }
  await send(cdp, "end", rest.at(-1) ?? first, at(rest.length) + 0.001);
  await cdp.detach();
}

/** A finger along `points`, a step each `ms`. */
export function touchPath(page: Page, points: Point[], ms = 16) {
  return stamped(page, points, ms, (cdp, phase, point, timestamp) =>
    cdp.send("Input.dispatchTouchEvent", {
      type: phase === "start" ? "touchStart" : phase === "move" ? "touchMove" : "touchEnd",
      touchPoints: phase === "end" ? [] : [point],
      timestamp,
    }),
  );
}

/** The mouse along `points`, its left button held, a step each `ms`. */
export function mousePath(page: Page, points: Point[], ms = 16) {
  return stamped(page, points, ms, async (cdp, phase, point, timestamp) => {
    if (phase === "start") {
      await cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", ...point, timestamp });
    }
    await cdp.send("Input.dispatchMouseEvent", {
      type: phase === "start" ? "mousePressed" : phase === "move" ? "mouseMoved" : "mouseReleased",
      ...point,
      button: "left",
      buttons: phase === "end" ? 0 : 1,
      clickCount: phase === "move" ? 0 : 1,
      timestamp,
    });
  });
}
