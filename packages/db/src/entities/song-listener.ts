import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { timestampColumn } from "./columns.js";
import { Song } from "./song.js";
import { User } from "./user.js";

/**
 * Who has listened to a song, once per listener: Trending ranks by these distinct listeners, and a play
 * counts again only after the window since `last_counted_at` (see the catalog's recordPlay).
 */
@Entity("song_listeners")
@Index("idx_song_listeners_user_id", ["userId"])
export class SongListener {
  @PrimaryColumn({ type: "uuid", name: "song_id" })
  songId: string;

  @PrimaryColumn({ type: "text", name: "user_id" })
  userId: string;

  @ManyToOne(() => Song, { onDelete: "CASCADE" })
  @JoinColumn({ name: "song_id" })
  song?: Song;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @timestampColumn({ name: "last_counted_at", nullable: false, default: () => "now()" })
  lastCountedAt: Date;
}
