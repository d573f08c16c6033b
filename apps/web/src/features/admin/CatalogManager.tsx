// Catalog management: find songs (hidden ones too), hide (take down, once confirmed) or unhide them, and
// mark a song or its album 'members only' (the server then plays it to premium members only).
import { useState } from "react";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Switch.css";
import { Button, Switch, Text, TextInput, Title } from "@mantine/core";
import type { AdminSongDto } from "@purplebeats/contracts/schemas";
import { describeError } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { useT } from "../../i18n";
import classes from "./AdminLibrary.module.css";
import { TakeDownDialog } from "./TakeDownDialog";

export function CatalogManager() {
  const t = useT();
  const [q, setQ] = useState("");
  const songs = trpc.admin.songs.useQuery({ q });
  return (
    <section className={classes.section} aria-labelledby="admin-catalog-title">
      <Title order={2} id="admin-catalog-title" className={classes.sectionTitle}>
        {t("admin.catalog.title")}
      </Title>
      <TextInput
        label={t("admin.catalog.find")}
        placeholder={t("admin.catalog.findHint")}
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
        size="md"
      />
      {songs.isError && <Text c="red">{describeError(songs.error)}</Text>}
      <ul className={classes.songs} aria-label={t("admin.catalog.list")}>
        {songs.data?.map((song) => (
          <ManagedSong key={song.id} song={song} />
        ))}
      </ul>
    </section>
  );
}

function ManagedSong({ song }: { song: AdminSongDto }) {
  const t = useT();
  const utils = trpc.useUtils();
  const refresh = () => void utils.admin.songs.invalidate();
  const [confirmingHide, setConfirmingHide] = useState(false);
  const updateSong = trpc.admin.updateSong.useMutation({
    onSuccess: refresh,
    onSettled: () => setConfirmingHide(false),
  });
  const updateAlbum = trpc.admin.updateAlbum.useMutation({ onSuccess: refresh });
  const updateArtist = trpc.admin.updateArtist.useMutation({ onSuccess: refresh });
  const [artistName, setArtistName] = useState(song.artist);
  const error = updateSong.error ?? updateAlbum.error ?? updateArtist.error;
  const { album } = song;
  return (
    <li data-testid="managed-song">
      <Text size="sm" fw={600} truncate>
        {song.title}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {song.artist}
        {song.album ? ` · ${song.album.title}` : ""}
        {song.unavailable ? ` · ${t("admin.song.fileMissing")}` : ""}
        {song.renditions ? "" : ` · ${t("admin.song.notEncoded")}`}
      </Text>
      <div className={classes.switches}>
        <Switch
          size="md"
          label={t("admin.song.hidden")}
          checked={song.hidden}
          // Hiding is a takedown: it asks first. Bringing a song back does not.
          onChange={(event) =>
            event.currentTarget.checked
              ? setConfirmingHide(true)
              : updateSong.mutate({ id: song.id, hidden: false })
          }
        />
        <Switch
          size="md"
          label={t("admin.song.membersOnly")}
          checked={song.membersOnly}
          onChange={(event) => updateSong.mutate({ id: song.id, membersOnly: event.currentTarget.checked })}
        />
        {album && (
          <Switch
            size="md"
            label={t("admin.song.albumMembersOnly")}
            checked={album.membersOnly}
            onChange={(event) =>
              updateAlbum.mutate({ id: album.id, membersOnly: event.currentTarget.checked })
            }
          />
        )}
      </div>
      <TakeDownDialog
        kind="song"
        item={song}
        opened={confirmingHide}
        pending={updateSong.isPending}
        onCancel={() => setConfirmingHide(false)}
        onConfirm={() => updateSong.mutate({ id: song.id, hidden: true })}
      />
      <form
        className={classes.rename}
        onSubmit={(event) => {
          event.preventDefault();
          updateArtist.mutate({ id: song.artistId, name: artistName });
        }}
      >
        <TextInput
          size="md"
          label={t("admin.song.artistName")}
          value={artistName}
          onChange={(event) => setArtistName(event.currentTarget.value)}
        />
        <Button
          type="submit"
          variant="light"
          className={classes.touch}
          loading={updateArtist.isPending}
          disabled={artistName.trim() === "" || artistName.trim() === song.artist}
        >
          {t("admin.song.renameArtist")}
        </Button>
      </form>
      {error && (
        <Text size="xs" c="red" role="alert">
          {describeError(error)}
        </Text>
      )}
    </li>
  );
}
