import { useEffect, useRef, useState, type ReactNode } from "react";

/** How far beyond the screen's bottom edge a section starts to render: a screen ahead of the scroll. */
const DRAW_AHEAD = "0px 0px 100% 0px";

/**
 * Renders `children` once their place comes within a screen of the viewport; an empty marker until then.
 * For sections far below the fold: a first visit that never scrolls does not load, fetch or render them
 * (on a phone that work lands beside the first screen's start: Total Blocking Time). The server and
 * hydration render the marker alike (no hydration mismatch); a browser without IntersectionObserver renders
 * the sections at once.
 */
export function NearView({ children }: { children: ReactNode }) {
  const [near, setNear] = useState(false);
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const element = marker.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: DRAW_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={marker} data-testid="near-view-marker" />;
}
