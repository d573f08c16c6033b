import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from "typeorm";
import { boolColumn } from "./columns.js";
import { Song } from "./song.js";

/** One line of lyrics; timeMs is null for unsynced lyrics. */
export interface LyricLineRow {
  timeMs: number | null;
  text: string;
}

/** A song's lyrics: a sidecar .lrc (synced) or the file's embedded lyrics. */
@Entity("lyrics")
export class Lyrics {
  @PrimaryColumn({ type: "uuid", name: "song_id" })
  songId: string;

  @OneToOne(() => Song, { onDelete: "CASCADE" })
  @JoinColumn({ name: "song_id" })
  song?: Song;

  @boolColumn()
  synced: boolean;

  @Column({ type: "jsonb" })
  lines: LyricLineRow[];
}
