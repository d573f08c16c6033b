// Links and navigation to the app's own screens that do not follow the router's location. React Router's Link
// and useNavigate read the location (to resolve relative paths), so every link of every mounted screen rendered
// again with each navigation: Home, kept hidden while the next screen is drawn, re-rendered each of its links
// and cards inside the tap that opened a playlist. The app's paths are absolute (lib/paths.ts), so
// they need no resolving: these read only the router's navigator, which stays the same for the page's life.
import {
  useCallback,
  useContext,
  type AnchorHTMLAttributes,
  type ContextType,
  type MouseEvent,
  type Ref,
} from "react";
import { UNSAFE_NavigationContext as NavigationContext } from "react-router-dom";

export interface NavigateOptions {
  /** Replace the current entry of the history rather than add one. */
  replace?: boolean;
}

export type NavigateTo = (to: string, options?: NavigateOptions) => void;

/**
 * The router's address now (path, query and hash), read when asked rather than followed in render. Its
 * navigator is the router's history (the browser's, or a memory one in tests), which knows where it is.
 */
export function useRouterAddress(): () => Location {
  const navigator = useRouterHistory();
  return useCallback(() => {
    const history = navigator as Partial<{ location: Location }>;
    return history.location ?? window.location;
  }, [navigator]);
}

type Location = Pick<globalThis.Location, "pathname" | "search" | "hash">;

/**
 * The router's history itself (push, replace, go), the same object for the page's life: for what navigates with
 * a state or steps back, without useNavigate's reading of the location and the route on each render.
 */
export function useRouterHistory(): NavigatorOfRouter {
  return useContext(NavigationContext).navigator;
}

type NavigatorOfRouter = ContextType<typeof NavigationContext>["navigator"];

/** Navigates to an absolute path of the app (lib/paths.ts); the same function for the page's life. */
export function useNavigateTo(): NavigateTo {
  const navigator = useRouterHistory();
  const address = useRouterAddress();
  return useCallback<NavigateTo>(
    (to, options = {}) => {
      // As React Router's Link: following a link to where the listener is already replaces that entry,
      // so that Back does not step through the same screen twice.
      const { pathname, search, hash } = address();
      if (options.replace ?? to === `${pathname}${search}${hash}`) navigator.replace(to);
      else navigator.push(to);
    },
    [navigator, address],
  );
}

export interface ScreenLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An absolute path of the app (lib/paths.ts). */
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** Whether the router takes this click: a plain one in this tab (not a new tab or window, not a download). */
export function opensInThisTab(event: MouseEvent<HTMLAnchorElement>, target?: string): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === "_self") &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

/**
 * A link to one of the app's screens (React Router's Link for absolute paths): a real <a href>, so that it
 * opens in a new tab, is shared and is read as a link; a plain click navigates in the page.
 */
export function ScreenLink({ to, replace, onClick, target, ref, ...props }: ScreenLinkProps) {
  const navigateTo = useNavigateTo();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!opensInThisTab(event, target)) return;
    event.preventDefault();
    navigateTo(to, { replace });
  };
  return <a {...props} ref={ref} href={to} target={target} onClick={click} />;
}
