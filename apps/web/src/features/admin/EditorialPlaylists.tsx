// Editorial playlists: the system playlists every listener sees on Home. Admins create them, edit the name,
// description and cover (an image through the usual one-time upload URL), add songs found by search, move them
// up or down (buttons: the keyboard's and the phone's way to reorder), remove them, and delete a playlist.
// Each song change sends the whole list in order, so the server's order is always the one shown.
import { useState, type FormEvent } from "react";
import { Button, Group, Modal, Text, Textarea, TextInput, Title } from "@mantine/core";
import { ActionIcon } from "../../ui/ActionIcon";
import type { AdminSongDto, EditorialPlaylistDto } from "@purplebeats/contracts/schemas";
import { describeError } from "../../lib/errors";
import { pictureProblem, putFile } from "../../lib/upload";
import { trpc } from "../../lib/trpc";
import { PLAYLIST_IMAGE_MAX_MB, validateNewPlaylist } from "../library";
import "../../ui/dialog-styles";
import { sizedPicture } from "@purplebeats/contracts/constants";
import { useT } from "../../i18n";
import classes from "./AdminLibrary.module.css";

/** Which dialog is open: a new playlist, or an existing one by id. */
type Editing = { kind: "new" } | { kind: "existing"; id: string } | null;

export function EditorialPlaylists() {
  const t = useT();
  const playlists = trpc.admin.editorialPlaylists.useQuery();
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <section className={classes.section} aria-labelledby="admin-editorial-title">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} id="admin-editorial-title" className={classes.sectionTitle}>
          {t("admin.editorial.title")}
        </Title>
        <Button variant="light" className={classes.touch} onClick={() => setEditing({ kind: "new" })}>
          {t("admin.editorial.new")}
        </Button>
      </Group>
      {playlists.isError && <Text c="red">{describeError(playlists.error)}</Text>}
      <ul className={classes.songs} aria-label={t("admin.editorial.title")}>
        {playlists.data?.map((playlist) => (
          <li key={playlist.id} className={classes.row} data-testid="editorial-playlist">
            <div className={classes.grow}>
              <Text size="sm" fw={600} truncate>
                {playlist.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t("admin.editorial.songCount", { count: playlist.songCount })}
              </Text>
            </div>
            <Button
              variant="subtle"
              className={classes.touch}
              aria-label={t("admin.editLabel", { name: playlist.name })}
              onClick={() => setEditing({ kind: "existing", id: playlist.id })}
            >
              {t("admin.edit")}
            </Button>
          </li>
        ))}
      </ul>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.kind === "new" ? "admin.editorial.newTitle" : "admin.editorial.editTitle")}
        size="lg"
      >
        {editing?.kind === "new" && (
          <PlaylistFields
            onSaved={(created) => setEditing({ kind: "existing", id: created.id })}
            submitLabel={t("admin.editorial.create")}
          />
        )}
        {editing?.kind === "existing" && <EditPlaylist id={editing.id} onDeleted={() => setEditing(null)} />}
      </Modal>
    </section>
  );
}

/** The name, description and cover form: creates a playlist, or saves an existing one's changes. */
function PlaylistFields({
  playlist,
  onSaved,
  submitLabel,
}: {
  playlist?: EditorialPlaylistDto;
  onSaved: (saved: EditorialPlaylistDto) => void;
  submitLabel: string;
}) {
  const t = useT();
  const utils = trpc.useUtils();
  const grant = trpc.uploads.grant.useMutation();
  const create = trpc.admin.createEditorialPlaylist.useMutation();
  const update = trpc.admin.updateEditorialPlaylist.useMutation();
  const [name, setName] = useState(playlist?.name ?? "");
  const [description, setDescription] = useState(playlist?.description ?? "");
  const [cover, setCover] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const errors = validateNewPlaylist(name, description);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (errors.name || errors.description) return setProblem(errors.name ?? errors.description ?? null);
    setProblem(null);
    try {
      let imageUrl: string | undefined;
      if (cover) {
        const refused = pictureProblem(cover, PLAYLIST_IMAGE_MAX_MB);
        if (refused) return setProblem(refused.message ?? refused.title);
        imageUrl = await putFile((await grant.mutateAsync()).uploadURL, cover);
      }
      const fields = { name: name.trim(), description: description.trim(), imageUrl };
      const saved = playlist
        ? await update.mutateAsync({ id: playlist.id, ...fields })
        : await create.mutateAsync(fields);
      utils.admin.editorialPlaylist.setData({ id: saved.id }, saved);
      void utils.admin.editorialPlaylists.invalidate();
      setCover(null);
      onSaved(saved);
    } catch (error) {
      setProblem(describeError(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={classes.report}>
      <TextInput
        label={t("admin.editorial.name")}
        size="md"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        withAsterisk
        data-autofocus
      />
      <Textarea
        label={t("admin.editorial.description")}
        size="md"
        rows={2}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      {playlist?.imageUrl && (
        <img
          src={playlist.imageUrl}
          {...sizedPicture(playlist.imageUrl, "96px")}
          alt={t("admin.editorial.currentCover")}
          className={classes.cover}
        />
      )}
      <label className={classes.fileLabel}>
        <Text size="sm">{t("admin.editorial.cover")}</Text>
        <input
          type="file"
          accept="image/*"
          aria-label={t("admin.editorial.cover")}
          onChange={(event) => setCover(event.currentTarget.files?.[0] ?? null)}
        />
      </label>
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          type="submit"
          className={classes.touch}
          loading={grant.isPending || create.isPending || update.isPending}
        >
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}

function EditPlaylist({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const detail = trpc.admin.editorialPlaylist.useQuery({ id });
  const setSongs = trpc.admin.setEditorialPlaylistSongs.useMutation({
    onSuccess: (saved) => {
      utils.admin.editorialPlaylist.setData({ id }, saved);
      void utils.admin.editorialPlaylists.invalidate();
    },
  });
  const remove = trpc.admin.deleteEditorialPlaylist.useMutation({
    onSuccess: () => {
      void utils.admin.editorialPlaylists.invalidate();
      onDeleted();
    },
  });
  const [confirming, setConfirming] = useState(false);

  if (detail.isError) return <Text c="red">{describeError(detail.error)}</Text>;
  if (!detail.data) return <Text size="sm">{t("admin.editorial.loading")}</Text>;
  const playlist = detail.data;
  const ids = playlist.songs.map((song) => song.id);
  const save = (next: string[]) => setSongs.mutate({ id, songIds: next });
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    const here = next[index];
    const there = next[index + by];
    if (here === undefined || there === undefined) return;
    [next[index], next[index + by]] = [there, here];
    save(next);
  };

  return (
    <div className={classes.report}>
      <PlaylistFields
        key={playlist.id}
        playlist={playlist}
        onSaved={() => {}}
        submitLabel={t("admin.editorial.save")}
      />
      <Title order={3} className={classes.sectionTitle}>
        {t("admin.editorial.songs")}
      </Title>
      {setSongs.error && (
        <Text size="sm" c="red" role="alert">
          {describeError(setSongs.error)}
        </Text>
      )}
      {playlist.songs.length === 0 && <Text size="sm">{t("admin.editorial.noSongs")}</Text>}
      <ol className={classes.songs} aria-label={t("admin.editorial.songList")}>
        {playlist.songs.map((song, index) => (
          <li key={song.id} className={classes.row} data-testid="editorial-song">
            <SongLabel song={song} />
            <ActionIcon
              variant="subtle"
              size={44}
              aria-label={t("admin.editorial.moveUp", { title: song.title })}
              disabled={index === 0 || setSongs.isPending}
              onClick={() => move(index, -1)}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size={44}
              aria-label={t("admin.editorial.moveDown", { title: song.title })}
              disabled={index === ids.length - 1 || setSongs.isPending}
              onClick={() => move(index, 1)}
            >
              ↓
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size={44}
              aria-label={t("admin.editorial.remove", { title: song.title })}
              disabled={setSongs.isPending}
              onClick={() => save(ids.filter((other) => other !== song.id))}
            >
              ✕
            </ActionIcon>
          </li>
        ))}
      </ol>
      <AddSongs
        inPlaylist={new Set(ids)}
        busy={setSongs.isPending}
        onAdd={(songId) => save([...ids, songId])}
      />
      <Group justify="space-between" mt="md">
        {confirming ? (
          <>
            <Text size="sm">{t("admin.editorial.confirmDelete", { name: playlist.name })}</Text>
            <Group gap="xs">
              <Button variant="default" className={classes.touch} onClick={() => setConfirming(false)}>
                {t("admin.editorial.keep")}
              </Button>
              <Button
                color="red"
                className={classes.touch}
                loading={remove.isPending}
                onClick={() => remove.mutate({ id })}
              >
                {t("admin.editorial.delete")}
              </Button>
            </Group>
          </>
        ) : (
          <Button variant="subtle" color="red" className={classes.touch} onClick={() => setConfirming(true)}>
            {t("admin.editorial.deleteAsk")}
          </Button>
        )}
      </Group>
      {remove.error && (
        <Text size="sm" c="red" role="alert">
          {describeError(remove.error)}
        </Text>
      )}
    </div>
  );
}

function SongLabel({ song }: { song: AdminSongDto }) {
  const t = useT();
  return (
    <div className={classes.grow}>
      <Text size="sm" fw={600} truncate>
        {song.title}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {song.artist}
        {song.hidden ? ` · ${t("admin.song.hiddenNote")}` : ""}
        {song.unavailable ? ` · ${t("admin.song.fileMissing")}` : ""}
      </Text>
    </div>
  );
}

/** Songs found by title, artist or album; each one not yet in the playlist can be added at its end. */
function AddSongs({
  inPlaylist,
  busy,
  onAdd,
}: {
  inPlaylist: Set<string>;
  busy: boolean;
  onAdd: (songId: string) => void;
}) {
  const t = useT();
  const [q, setQ] = useState("");
  const found = trpc.admin.songs.useQuery({ q }, { enabled: q.trim() !== "" });
  return (
    <div className={classes.report}>
      <TextInput
        label={t("admin.editorial.addSongs")}
        placeholder={t("admin.catalog.findHint")}
        size="md"
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
      />
      {found.isError && <Text c="red">{describeError(found.error)}</Text>}
      {q.trim() !== "" && (
        <ul className={classes.songs} aria-label={t("admin.editorial.found")}>
          {found.data?.map((song) => (
            <li key={song.id} className={classes.row}>
              <SongLabel song={song} />
              <Button
                variant="light"
                className={classes.touch}
                aria-label={t("admin.editorial.addLabel", { title: song.title })}
                disabled={busy || inPlaylist.has(song.id)}
                onClick={() => onAdd(song.id)}
              >
                {inPlaylist.has(song.id) ? t("admin.editorial.added") : t("admin.editorial.add")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
