// Who may see a playlist: the one home of the rule, as a predicate, as SQL and as a TypeORM condition.
// Its owner always; anyone else only while it is public. A private playlist does not exist for anyone
// else, admins included: an admin's role is the catalog (the editorial playlists, songs), not listeners'
// private lists, so being an admin grants nothing here. Playlists are never hidden or removed by flag: a
// deleted playlist is gone, a private one is the owner's. Lists that are the same for everyone (search,
// Made For You, Open Graph: cached and shared) apply the rule for a guest (no viewer).
// The rule's table: apps/api/test/playlist-visibility-rule.test.ts; each surface: playlist-visibility.test.ts.
import type { FindOptionsWhere } from "typeorm";
import type { Playlist } from "@purplebeats/db";

/** The caller, when signed in (a guest account too); null for an anonymous or shared read. */
export type PlaylistViewer = { readonly id: string } | null;

export function canSeePlaylist(
  playlist: Pick<Playlist, "isPublic" | "createdBy">,
  viewer: PlaylistViewer,
): boolean {
  return playlist.isPublic || (viewer !== null && playlist.createdBy === viewer.id);
}

/**
 * canSeePlaylist as an SQL condition on the playlists row `alias`; `viewerId` is the SQL expression of the
 * viewer's id (a parameter such as `$1`), null for a guest's view.
 */
export function visiblePlaylistSql(alias: string, viewerId: string | null): string {
  return viewerId === null
    ? `${alias}.is_public`
    : `(${alias}.is_public OR ${alias}.created_by = ${viewerId})`;
}

/** canSeePlaylist as a TypeORM condition: the playlist `id`, if the viewer may see it. */
export function visiblePlaylistWhere(id: string, viewer: PlaylistViewer): FindOptionsWhere<Playlist>[] {
  return viewer === null
    ? [{ id, isPublic: true }]
    : [
        { id, isPublic: true },
        { id, createdBy: viewer.id },
      ];
}
