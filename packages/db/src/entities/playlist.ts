import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { User } from "./user.js";
import { boolColumn, createdAt, intColumn, optionalText, textColumn, timestampColumn } from "./columns.js";

/** Text ids: the five system playlists have readable ids (discover-weekly, ...); user playlists get a uuid made by the API. */
@Entity("playlists")
@Index("idx_playlists_created_by", ["createdBy", "createdAt"])
@Index("idx_playlists_created_at", ["createdAt", "id"])
@Index("idx_playlists_name_folded_trgm", { synchronize: false })
export class Playlist {
  @PrimaryColumn({ type: "text" })
  id: string;

  @textColumn()
  name: string;

  @optionalText()
  description: string | null;

  @optionalText({ name: "image_url" })
  imageUrl: string | null;

  @boolColumn({ name: "is_public", default: true })
  isPublic: boolean;

  @intColumn({ name: "song_count", default: 0 })
  songCount: number;

  /** Bumped with every change to the playlist or its songs: cached copies are keyed by it. */
  @intColumn({ default: 0 })
  revision: number;

  /** The owner's user id. SPEC's default 'demo-user-123' is replaced by the caller (DESIGN.md). */
  @textColumn({ name: "created_by" })
  createdBy: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "created_by" })
  owner?: User;

  /** When an admin last changed this system playlist: the seed no longer rewrites it. */
  @timestampColumn({ name: "curated_at" })
  curatedAt: Date | null;

  @createdAt()
  createdAt: Date;
}
