// The menus' code (Mantine's Menu: popover, focus trap, floating positioning) is not part of a screen's
// first paint: it loads after the screen has rendered, behind a trigger of the same look. A menu itself is
// mounted only when its trigger is first pressed (it then opens at once, or as soon as its code is there):
// a Mantine Menu per song row cost a long task on a phone, for menus most listeners never open. The
// owner's menu (one per page, in place of the playlist menu) holds the picture upload's input: it mounts
// as soon as its code is there.
import { Fragment, Suspense, useCallback, useEffect, useState, type ReactNode } from "react";
import { afterFirstScreen } from "../../first-screen/after-first-screen";
import { ChunkBoundary, chunkLoader, lazyChunk } from "../../lib/chunk-loading";
import { MenuUnavailable } from "../../ui/chunks/ChunkUnavailable";
import { RoundIconButton } from "../../ui/RoundIconButton";
import { DotsIcon } from "./dots-icon";
import { useT } from "../../i18n";
import type { PlaylistMenuProps } from "./PlaylistMenu";
import type { PlaylistOwnerMenuProps } from "./PlaylistOwnerMenu";
import type { SongMenuProps } from "./SongMenu";

// Each loaded once per page (every row asks for its menu's code, and each import() call has its own cost), and
// asked for again after a failure at the next attempt (lib/chunk-loading.tsx).
const loadPlaylistMenu = chunkLoader(() => import("./PlaylistMenu"));
const loadPlaylistOwnerMenu = chunkLoader(() => import("./PlaylistOwnerMenu"));
const loadSongMenu = chunkLoader(() => import("./SongMenu"));
/**
 * Loads everyone's playlist menu's code ahead of its screen (a card on Home asks when the page is idle): its
 * first import, in the tap that opens a playlist, was main-thread work before the screen's first frame.
 */
export const preloadPlaylistMenu = (): Promise<void> => loadPlaylistMenu().then(() => undefined);
const LoadedPlaylistMenu = lazyChunk(() => loadPlaylistMenu().then((m) => ({ default: m.PlaylistMenu })));
const LoadedPlaylistOwnerMenu = lazyChunk(() =>
  loadPlaylistOwnerMenu().then((m) => ({ default: m.PlaylistOwnerMenu })),
);
const LoadedSongMenu = lazyChunk(() => loadSongMenu().then((m) => ({ default: m.SongMenu })));

const scheduled = new Set<() => Promise<unknown>>();

/**
 * A menu's code is asked for once the first screen is done (idle, or the listener's first touch), once per
 * page: asking adds a preload link per chunk and stylesheet of the menu (about forty), and when every row asked
 * right after mounting, those requests and the stylesheets' restyle of the whole document ran beside a first
 * visit's hydration. Not cancelled when the row goes: the code is as useful to the next screen's rows.
 */
function loadAfterFirstScreen(load: () => Promise<unknown>): void {
  if (scheduled.has(load)) return;
  scheduled.add(load);
  afterFirstScreen(() => void load());
}

/** The look of the loaded menus' triggers (an ActionIcon, size 44, colour gray), without Mantine's work. */
interface TriggerLook {
  label: string;
  icon: ReactNode;
  /** The loaded menu's trigger's test id, so that both triggers are found alike. */
  testId?: string;
}

interface LazyMenuProps {
  look: TriggerLook;
  /** Fetches the menu's code (after the screen has rendered, so that a press opens it without waiting). */
  load: () => Promise<unknown>;
  /** The menu; `opened`: open on mount (its trigger has been pressed). */
  menu: (opened: boolean) => ReactNode;
  /** Mount the menu as soon as its code is there, before any press (it holds more than a dropdown). */
  eager?: boolean;
}

function LazyMenu({ look, load, menu, eager = false }: LazyMenuProps) {
  const [pressed, setPressed] = useState(false);
  useEffect(() => loadAfterFirstScreen(load), [load]);
  // A listener on the element itself, not React's onClick, and kept when React removes the element: a press
  // aimed at this stand-in as the loaded menu replaces it (its code arrived with the press's pointerdown)
  // reaches a removed node, which React's delegated events never hear. The press then still opens the menu.
  const hearPress = useCallback((button: HTMLButtonElement | null) => {
    button?.addEventListener("click", () => setPressed(true));
  }, []);
  const trigger = (
    <RoundIconButton
      ref={hearPress}
      aria-label={look.label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid={look.testId}
    >
      {look.icon}
    </RoundIconButton>
  );
  if (!pressed && !eager) return trigger;
  // Its code not here (offline, a new deploy): the trigger stays, and once pressed a notice says why.
  const unavailable = pressed ? (
    <MenuUnavailable trigger={trigger} onClose={() => setPressed(false)} />
  ) : (
    trigger
  );
  return (
    <ChunkBoundary fallback={unavailable}>
      {/* Mounted anew when pressed: an eager menu mounted closed opens for a press that reached its stand-in. */}
      <Suspense fallback={trigger}>
        <Fragment key={String(pressed)}>{menu(pressed)}</Fragment>
      </Suspense>
    </ChunkBoundary>
  );
}

export function PlaylistMenu(props: Omit<PlaylistMenuProps, "defaultOpened">) {
  const t = useT();
  return (
    <LazyMenu
      look={{
        label: t("playlist.options", { name: props.playlist.name }),
        icon: <DotsIcon size={22} />,
        testId: "playlist-menu",
      }}
      load={loadPlaylistMenu}
      menu={(opened) => <LoadedPlaylistMenu {...props} defaultOpened={opened} />}
    />
  );
}

export function PlaylistOwnerMenu(props: Omit<PlaylistOwnerMenuProps, "defaultOpened">) {
  const t = useT();
  return (
    <LazyMenu
      // The same look as everyone's playlist menu: the owner's holds their options instead.
      look={{
        label: t("playlist.options", { name: props.playlist.name }),
        icon: <DotsIcon size={22} />,
        testId: "playlist-menu",
      }}
      load={loadPlaylistOwnerMenu}
      // Its hidden file input ('Add picture') is part of the page from the start.
      eager
      menu={(opened) => <LoadedPlaylistOwnerMenu {...props} defaultOpened={opened} />}
    />
  );
}

export function SongMenu(props: Omit<SongMenuProps, "defaultOpened">) {
  const t = useT();
  return (
    <LazyMenu
      look={{ label: t("song.options", { title: props.song.title }), icon: <DotsIcon size={18} /> }}
      load={loadSongMenu}
      menu={(opened) => <LoadedSongMenu {...props} defaultOpened={opened} />}
    />
  );
}
