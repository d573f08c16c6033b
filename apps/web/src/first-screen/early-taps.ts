// A page the server rendered shows its buttons before the app's code has run (boot.ts loads it once the page
// has painted): until the app has hydrated the page, a tap on a play button did nothing, and on a slow phone
// link that lasts seconds. Such a tap is held instead and made again once the app is ready (<html
// data-app="ready">): hydration keeps the server's elements, so the element tapped is the one the app now
// listens on. Only the last tap is kept: a listener who tapped play twice while waiting wants it playing.

/** Taps that do their own work without the app (a link navigates, a field takes focus) are the browser's. */
const WORKS_WITHOUT_APP = "a[href], input, textarea, select, label, [contenteditable]";

/** Holding stops after this long (an app that never becomes ready: offline, a failed chunk). */
export const HOLD_MAX_MS = 10_000;

/** Holds taps inside the app's root (#root) until the app marks the page ready; the last one is then made again. */
export function holdEarlyTaps(doc: Document = document): void {
  const html = doc.documentElement;
  if (html.dataset.app === "ready") return;
  let held: Element | null = null;

  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || !target.closest("#root") || target.closest(WORKS_WITHOUT_APP)) return;
    // Not the browser's default (a form's submission) nor anyone else's listener: the app's, once it is here.
    event.preventDefault();
    event.stopImmediatePropagation();
    held = target;
  };
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    doc.removeEventListener("click", onClick, true);
  };
  const observer = new MutationObserver(() => {
    if (html.dataset.app !== "ready") return;
    stop();
    const tapped = held;
    // After the task that marked the page ready: React has committed the first screen and listens.
    if (tapped?.isConnected)
      setTimeout(() =>
        tapped.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true })),
      );
  });
  const timer = setTimeout(stop, HOLD_MAX_MS);
  doc.addEventListener("click", onClick, true);
  observer.observe(html, { attributes: true, attributeFilter: ["data-app"] });
}
