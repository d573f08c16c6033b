import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router-dom";
import { ScrollMemory, scrollAfter } from "../../lib/scroll-memory";

/** How long Back keeps trying to reach the remembered position while the page's rows are drawn. */
const RESTORE_LIMIT_MS = 3000;
/** Input that means the listener scrolls themselves: restoring stops. */
const OWN_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Back to a page finds it scrolled where it was left (a playlist, a category, an album, an artist, Home);
 * a page opened from a link starts at its top. Renders nothing.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigation = useNavigationType();
  const memory = useRef<ScrollMemory | null>(null);
  const entry = useRef<string | null>(null);
  const shown = useRef<{ pathname: string; search: string } | null>(null);
  // Where the window is scrolled, as its scroll events told (null: none came): reading window.scrollY while
  // the new screen is committed forces a layout of it inside the tap's task (20-50 ms at 4x slowdown).
  const scrolledTo = useRef<number | null>(null);

  // The app restores, not the browser: the browser's attempt comes before the page is drawn again.
  useEffect(() => {
    const memo = (memory.current ??= new ScrollMemory(sessionStorageOrNull()));
    const previous = history.scrollRestoration;
    history.scrollRestoration = "manual";
    const onScroll = () => {
      scrolledTo.current = window.scrollY;
      if (entry.current !== null) memo.remember(entry.current, scrolledTo.current);
    };
    const onPageHide = () => memo.save();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", onPageHide);
    return () => {
      history.scrollRestoration = previous;
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, []);

  useLayoutEffect(() => {
    const memo = (memory.current ??= new ScrollMemory(sessionStorageOrNull()));
    const before = shown.current;
    const pageChanged =
      before === null ||
      before.pathname !== location.pathname ||
      (navigation === "PUSH" && before.search !== location.search);
    entry.current = location.key;
    shown.current = { pathname: location.pathname, search: location.search };
    const target = scrollAfter({
      navigation,
      pageChanged,
      initial: before === null ? { restores: documentRestores() } : null,
      remembered: memo.recall(location.key),
    });
    if (target === null) return;
    if (target === 0) {
      // Scrolling to the top needs no layout (no clamping); only reading window.scrollY would. A window whose
      // scroll events never came (not scrolled since it loaded) is scrolled anyway: at the top it is a no-op.
      if (scrolledTo.current !== 0) window.scrollTo(0, 0);
      return;
    }
    return reach(target);
  }, [location.key, location.pathname, location.search, navigation]);

  return null;
}

/**
 * Scrolls to `top`, trying again as the page grows (its rows arrive in a background render), until it is
 * there, the listener scrolls themselves, or RESTORE_LIMIT_MS pass. Returns a stop function.
 */
function reach(top: number): () => void {
  let stopped = false;
  const observer = new ResizeObserver(() => attempt());
  const timer = setTimeout(() => stop(), RESTORE_LIMIT_MS);
  const stop = () => {
    if (stopped) return;
    stopped = true;
    observer.disconnect();
    clearTimeout(timer);
    for (const type of OWN_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    if (stopped) return;
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) < 1) stop();
  };
  for (const type of OWN_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  observer.observe(document.body);
  attempt();
  return stop;
}

/** A reload or a Back from another site: the browser would have restored the position, so the app does. */
function documentRestores(): boolean {
  if (typeof performance.getEntriesByType !== "function") return false;
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return navigation?.type === "reload" || navigation?.type === "back_forward";
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage refused (privacy settings)
  }
}
