/**
 * How long a link whose screen's data is already on its way (asked for as the finger landed on it) waits
 * for that data before opening the screen. The previous screen stays meanwhile, and the new one mounts with
 * its data: one commit and one frame, not a loading screen's and then the rows' (opening a
 * playlist within 100 ms of main-thread work). Longer than that, the loading screen shows as before.
 */
export const ARRIVING_DATA_WAIT_MS = 150;

/** Settles when `response` does or after ARRIVING_DATA_WAIT_MS, whichever is first; never rejects (the screen shows failures). */
export function arrivedOrWaited(response: Promise<unknown>): Promise<void> {
  return Promise.race([
    response.then(noop, noop),
    new Promise<void>((resolve) => setTimeout(resolve, ARRIVING_DATA_WAIT_MS)),
  ]);
}

function noop() {}
