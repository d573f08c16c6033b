// 'Save queue as playlist' in Now Playing: a new playlist of the queue's songs, in queue order.
// Premium, like every playlist write (SPEC.md sections 5 and 6); the server enforces the same rule.
import { Button } from "@mantine/core";
import { useState } from "react";
import type { PlayableSong } from "../player";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { refreshPlaylist } from "./cache";
import { promptPremium, toastFailure } from "./premium";
import { useIsPremium } from "../account";
import { intlLocale, useLocale, type CatalogLocale, type Translate } from "../../i18n";

/** 'Queue, 24 Nov 2026' (in the listener's language): a name the listener can change later. */
export function queuePlaylistName(date: Date, t: Translate, locale: CatalogLocale): string {
  // English keeps the day-month-year order it always had; other languages their own.
  const dateLocale = intlLocale(locale) === "en" ? "en-GB" : intlLocale(locale);
  const day = date.toLocaleDateString(dateLocale, { day: "numeric", month: "short", year: "numeric" });
  return t("playlist.queueName", { date: day });
}

/** The queue's songs once each, in order (a playlist holds a song once). */
export function uniqueSongIds(songs: readonly PlayableSong[]): string[] {
  return [...new Set(songs.map((song) => song.id))];
}

export default function SaveQueueButton({ songs }: { songs: PlayableSong[] }) {
  const { t, locale } = useLocale();
  const isPremium = useIsPremium();
  const utils = trpc.useUtils();
  const create = trpc.myPlaylists.create.useMutation();
  const addSong = trpc.myPlaylists.addSong.useMutation();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!isPremium) return promptPremium("createPlaylists");
    const name = queuePlaylistName(new Date(), t, locale);
    setSaving(true);
    try {
      const playlist = await create.mutateAsync({ name, description: null, isPublic: true });
      for (const songId of uniqueSongIds(songs)) await addSong.mutateAsync({ id: playlist.id, songId });
      void refreshPlaylist(utils, playlist.id);
      showToast({ title: t("playlist.createdTitle"), message: t("playlist.queueSaved", { name }) });
    } catch (error) {
      toastFailure(error, t("error.createPlaylist"), "createPlaylists", { fixed: true });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Button
      size="compact-md"
      variant="subtle"
      color="purple.3"
      mih={44}
      loading={saving}
      disabled={songs.length === 0}
      data-locked={!isPremium || undefined}
      onClick={() => void save()}
    >
      {t("playlist.saveQueue")}
    </Button>
  );
}
