// The menus' code (Mantine's Menu: popover, focus trap, floating positioning) is not part of a screen's
// first paint: each menu loads after the screen has drawn, behind a trigger of the same look. A press on
// that trigger before the code is there is not lost: the menu opens as soon as it has loaded.
import { ActionIcon } from "@mantine/core";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { DotsIcon, MoreVerticalIcon } from "./icons";
import type { PlaylistMenuProps } from "./PlaylistMenu";
import type { PlaylistOwnerMenuProps } from "./PlaylistOwnerMenu";
import type { SongMenuProps } from "./SongMenu";

const LoadedPlaylistMenu = lazy(() => import("./PlaylistMenu").then((m) => ({ default: m.PlaylistMenu })));
const LoadedPlaylistOwnerMenu = lazy(() =>
  import("./PlaylistOwnerMenu").then((m) => ({ default: m.PlaylistOwnerMenu })),
);
const LoadedSongMenu = lazy(() => import("./SongMenu").then((m) => ({ default: m.SongMenu })));

interface TriggerLook {
  label: string;
  size?: number;
  icon: ReactNode;
}

function LazyMenu({ look, menu }: { look: TriggerLook; menu: (defaultOpened: boolean) => ReactNode }) {
  const [pressed, setPressed] = useState(false);
  const fallback = (
    <ActionIcon size={look.size} color="gray" aria-label={look.label} onClick={() => setPressed(true)}>
      {look.icon}
    </ActionIcon>
  );
  return <Suspense fallback={fallback}>{menu(pressed)}</Suspense>;
}

export function PlaylistMenu(props: Omit<PlaylistMenuProps, "defaultOpened">) {
  return (
    <LazyMenu
      look={{ label: `Options for ${props.playlist.name}`, icon: <DotsIcon size={22} /> }}
      menu={(opened) => <LoadedPlaylistMenu {...props} defaultOpened={opened} />}
    />
  );
}

export function PlaylistOwnerMenu(props: Omit<PlaylistOwnerMenuProps, "defaultOpened">) {
  return (
    <LazyMenu
      look={{ label: "More options", icon: <MoreVerticalIcon size={22} /> }}
      menu={(opened) => <LoadedPlaylistOwnerMenu {...props} defaultOpened={opened} />}
    />
  );
}

export function SongMenu(props: Omit<SongMenuProps, "defaultOpened">) {
  return (
    <LazyMenu
      look={{ label: `Options for ${props.song.title}`, size: 32, icon: <DotsIcon size={18} /> }}
      menu={(opened) => <LoadedSongMenu {...props} defaultOpened={opened} />}
    />
  );
}
