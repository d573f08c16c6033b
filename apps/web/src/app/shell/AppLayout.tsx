import { Loader } from "@mantine/core";
import { Suspense, useDeferredValue, useEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { ChunkBoundary, lazyChunk, noteListening } from "../../lib/chunk-loading";
import { afterFirstScreen } from "../../first-screen/after-first-screen";
import { useIsPremium } from "../../features/account";
import { loadDownloadsSync } from "../../features/downloads/lazy";
import { NetworkNotice } from "./NetworkNotice";
import { ScreenUnavailable } from "./ScreenUnavailable";
import { markServerHtmlTakenOver, useStartsFromServerHtml } from "../../first-screen/server-html";
import { firstScreenHydrated } from "../../first-screen/hydration-hold";
import { MiniPlayer, useNowPlaying } from "../../features/player";
import { BottomNav } from "./BottomNav";
import { Screens, type ScreenNameAt } from "../../first-screen/Screens";
import { ScrollRestoration } from "./ScrollRestoration";
import classes from "./AppLayout.module.css";
import { useT } from "../../i18n";

/**
 * The phone-width column every screen lives in: the screen itself, the mini player floating above
 * the bottom navigation, and the navigation. Screens load lazily; the shell stays while they do, and when
 * a screen's code cannot be loaded (offline, a new deploy) the shell stays with a header and a notice in its
 * place (ScreenUnavailable), until the next attempt (lib/chunk-loading.tsx) or another screen.
 */
export function AppLayout({ screenNameAt }: { screenNameAt: ScreenNameAt }) {
  return (
    <div className={classes.column}>
      <NetworkNotice />
      <main className={classes.main}>
        <ScreenBoundary>
          <Suspense fallback={<ScreenLoading />}>
            <InBackground fallback={<ScreenLoading />}>
              <Screens nameAt={screenNameAt} />
              <ScreenReady />
            </InBackground>
          </Suspense>
        </ScreenBoundary>
      </main>
      <MiniPlayer />
      <BottomNav />
      <ScrollRestoration />
      <ListeningNote />
      <BackgroundDownloadsSync />
    </div>
  );
}

/** The screens' ChunkBoundary: a navigation renders the new screen again (and loads its code). */
function ScreenBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <ChunkBoundary resetKey={key} fallback={<ScreenUnavailable />}>
      {children}
    </ChunkBoundary>
  );
}

const DownloadsSync = lazyChunk(loadDownloadsSync, { failed: () => null });

/** A member's downloads follow their playlists' changes, from after the first screen (features/downloads). */
function BackgroundDownloadsSync() {
  const isPremium = useIsPremium();
  const [started, setStarted] = useState(false);
  useEffect(() => afterFirstScreen(() => setStarted(true)), []);
  if (!started || !isPremium) return null;
  return (
    <Suspense fallback={null}>
      <DownloadsSync />
    </Suspense>
  );
}

/** Tells the chunk loader whether something plays: a new build is taken (a reload) only when nothing does. */
function ListeningNote() {
  const { isPlaying } = useNowPlaying();
  useEffect(() => noteListening(isPlaying), [isPlaying]);
  return null;
}

/**
 * The first screen is rendered in a render that yields to the browser: its mount, often with its data
 * already cached, is the largest piece of work of the page's start, and when it coincided with an urgent
 * update (the session's arrival) React rendered it all in one long task. Later screens mount as before.
 * A server-rendered screen is hydrated as it is (hydration yields to the browser anyway).
 */
function InBackground({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ready = useDeferredValue(true, useStartsFromServerHtml());
  return ready ? children : fallback;
}

/**
 * Marks the page (`<html data-app="ready">`) once the app has its first screen: rendered, or hydrated from
 * the server-rendered HTML (which shows before the app's code has run, its buttons dead until then). End-to-end
 * tests wait for it before they tap.
 */
function ScreenReady() {
  useEffect(() => {
    document.documentElement.dataset.app = "ready";
    markServerHtmlTakenOver();
    firstScreenHydrated();
  }, []);
  return null;
}

function ScreenLoading() {
  const t = useT();
  return (
    <div className={classes.loading}>
      <Loader color="purple" aria-label={t("common.loading")} />
    </div>
  );
}
