import "./app/styles";
import { hydrate } from "@tanstack/react-query";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import superjson from "superjson";
import { App } from "./app/App";
import { preloadScreen } from "./first-screen/lazy-screens";
import { afterFirstScreen } from "./first-screen/after-first-screen";
import { prefetchFirstScreen } from "./first-screen/first-screen-reads";
import { createQueryClient } from "./app/query-client";
import { FIRST_SCREEN_STATE_ID } from "./first-screen/server-html";
import { quietPlaceholderAnimations } from "./first-screen/quiet-placeholders";
import { holdQueryNotificationsDuringHydration } from "./first-screen/hydration-hold";
import { loadPiSdk } from "./lib/pi-sdk";
import { createApiClient } from "./lib/trpc";
import { whenIdle } from "./first-screen/when-idle";
import { activateBrowserI18n, MESSAGES_SCRIPT_ID } from "./i18n";
import { activateFirstScreenMessages } from "./i18n/first-screen-messages";
import { DEFAULT_LOCALE, isLocale } from "@purplebeats/contracts/constants";
import type { Messages } from "@lingui/core";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

quietPlaceholderAnimations();
const queryClient = createQueryClient();
const apiClient = createApiClient();
// The server rendered the first screen (src/entry-server.tsx) and sent the responses it rendered it from.
const serverState = document.getElementById(FIRST_SCREEN_STATE_ID)?.textContent;
// The page's language is the server's choice (<html lang>); a page it drew carries that language's messages.
const pageLang = document.documentElement.lang;
const locale = isLocale(pageLang) ? pageLang : DEFAULT_LOCALE;
// A page it drew carries the messages of its first screen: the rest load after it (i18n/first-screen-messages.ts).
const inlineMessages = document.getElementById(MESSAGES_SCRIPT_ID)?.textContent;
const firstScreenMessages = inlineMessages
  ? activateFirstScreenMessages(locale, JSON.parse(inlineMessages) as Messages)
  : null;
const messagesReady: Promise<unknown> = firstScreenMessages
  ? Promise.resolve(firstScreenMessages.i18n)
  : import("./i18n/catalogs")
      .then(({ loadMessages }) => loadMessages(locale))
      .then((messages) => activateBrowserI18n(locale, messages));

if (serverState) {
  hydrate(queryClient, superjson.parse(serverState));
  holdQueryNotificationsDuringHydration();
  // Hydration: React hydrates the server-rendered HTML once the screen's code is here (a screen that
  // suspends during hydration can give way to its spinner). In a transition, so that it works in slices that
  // yield to the browser (at its default priority it is one long task: Total Blocking Time on a phone).
  const takeOver = () =>
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App queryClient={queryClient} apiClient={apiClient} fromServerHtml />
        </StrictMode>,
      );
      // The Pi SDK (a script as large as the app's own on the real network) only matters for a tap on
      // sign-in or a payment: it loads once hydration is done and the page idle, or at the first touch.
      afterFirstScreen(loadPiSdk);
      if (firstScreenMessages) afterFirstScreen(() => void firstScreenMessages.loadRest());
    });
  void Promise.all([preloadScreen(window.location.pathname), messagesReady]).then(takeOver, takeOver);
} else {
  void prefetchFirstScreen(window.location.pathname, window.location.search, queryClient, apiClient);
  // A transition: React renders the first screen in slices that yield to the browser every few milliseconds
  // instead of one long task (Lighthouse's Total Blocking Time on a phone).
  const render = () =>
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} apiClient={apiClient} />
        </StrictMode>,
      );
    });
  void messagesReady.then(render, render);
  loadPiSdk();
}
// Installable, and open offline after one visit: the service worker (src/sw.ts) precaches the build's code once
// the page has loaded and the browser is idle, so that its downloads compete with neither the first screen nor a
// tap. Production builds only (lib/service-worker.ts), and its code is not part of the first screen.
if (import.meta.env.PROD) {
  const register = () =>
    whenIdle(
      () =>
        void import("./lib/service-worker").then(
          (module) => module.registerServiceWorker(),
          () => undefined,
        ),
      10_000,
    );
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
