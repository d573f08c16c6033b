import { memo, useContext, useEffect, useState, type ContextType, type ReactNode } from "react";
import { UNSAFE_LocationContext as LocationContext, useOutlet } from "react-router-dom";
import { afterNextFrame } from "./when-idle";

/** Which screen an address shows (first-screen/lazy-screens.tsx's route list: the screen's name). */
export type ScreenNameAt = (pathname: string) => string | undefined;

/** A screen as it was rendered at one address. */
interface RenderedScreen {
  /** The screen's instance: the key of the location that opened it (a move within it keeps it). */
  instance: string;
  /** The key of the location it was last rendered at. */
  key: string;
  name: string | undefined;
  element: ReactNode;
  location: ContextType<typeof LocationContext>;
}

interface ScreensState {
  shown: RenderedScreen;
  /** The screen a navigation left, hidden until the new one has been drawn. */
  leaving: RenderedScreen | null;
}

/**
 * The router's screen (an Outlet), with one difference: the screen a navigation leaves stays in the document,
 * hidden, until the new one has been drawn, and is taken out in a task after that frame. Taking a screen apart
 * (its elements out of the document, its effects cleaned up) was about a fifth of opening a playlist from Home
 * at 4x slowdown, inside the tap's task. The screen left is held as it was last rendered, under its
 * own location: what in it reads the router is called once more, finds nothing changed and renders nothing
 * below it (React's context propagation does not stop at a nested provider). A move within one screen (another
 * playlist, new search text) renders that screen on, as before.
 */
export function Screens({ nameAt }: { nameAt: ScreenNameAt }) {
  const locationContext = useContext(LocationContext);
  const { location } = locationContext;
  const element = useOutlet();
  const name = nameAt(location.pathname);
  const [state, setState] = useState<ScreensState>(() => ({
    shown: { instance: location.key, key: location.key, name, element, location: locationContext },
    leaving: null,
  }));
  let { shown, leaving } = state;
  if (shown.key !== location.key) {
    // Rendered again at once, before anything is committed (state derived from the router's location).
    const sameScreen = shown.name === name;
    leaving = sameScreen ? leaving : shown;
    shown = {
      instance: sameScreen ? shown.instance : location.key,
      key: location.key,
      name,
      element,
      location: locationContext,
    };
    setState({ shown, leaving });
  }
  const leavingInstance = leaving?.instance;
  useEffect(() => {
    if (leavingInstance === undefined) return;
    return afterNextFrame(() =>
      setState((now) => (now.leaving?.instance === leavingInstance ? { ...now, leaving: null } : now)),
    );
  }, [leavingInstance]);
  return (
    <>
      {leaving && <ScreenSlot key={leaving.instance} screen={leaving} hidden />}
      <ScreenSlot key={shown.instance} screen={shown} hidden={false} />
    </>
  );
}

/**
 * One screen under its own location. Memoized, and its element and location kept from its last render: a hidden
 * screen's parts see no change. `display: contents` while shown, so the page's layout is the screen's own.
 */
const ScreenSlot = memo(function ScreenSlot({ screen, hidden }: { screen: RenderedScreen; hidden: boolean }) {
  return (
    <div
      style={{ display: hidden ? "none" : "contents" }}
      data-screen={screen.name}
      aria-hidden={hidden || undefined}
    >
      <LocationContext.Provider value={screen.location}>{screen.element}</LocationContext.Provider>
    </div>
  );
});
