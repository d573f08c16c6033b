import { startTransition, useLayoutEffect, useState, type ReactNode } from "react";
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router-dom";
import { reloadIfIdle, retryChunksIfFailed } from "../lib/chunk-loading";

export interface ScreenRouterProps {
  children: ReactNode;
  /** Whether the screen at `pathname` can be drawn at once (its code is here). */
  rendersAtOnce: (pathname: string) => boolean;
}

/**
 * The browser's router, as React Router's BrowserRouter, with one difference. BrowserRouter renders every
 * navigation in a transition: React renders the new screen in slices with frames between them, which made
 * opening a playlist about 20 % more main-thread work (docs/benchmarks/history.md). Here a navigation
 * whose screen's code is here renders at once, in the tap's own task, and the next frame draws it. One whose
 * code is still on its way renders in a transition, so the screen before stays until it can be drawn (not the
 * loading spinner). A navigation once this page's build no longer loads (its chunks gone after a deploy:
 * lib/chunk-loading.tsx) loads the new address afresh instead, unless something plays: that is the moment a page
 * is left anyway. After a chunk failed,
 * a navigation is a new attempt to load what it needs.
 */
export function ScreenRouter({ children, rendersAtOnce }: ScreenRouterProps) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const next = { action, location };
        if (reloadIfIdle()) return;
        // A screen, menu or dialog whose code failed is asked for again when it is needed next.
        retryChunksIfFailed();
        if (rendersAtOnce(location.pathname)) setState(next);
        else startTransition(() => setState(next));
      }),
    [history, rendersAtOnce],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
