import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { boolColumn, createdAt, intColumn, textColumn, timestampColumn } from "./columns.js";
import { Playlist } from "./playlist.js";

/** Kept from SPEC.md section 3; no screen uses it yet. */
@Entity("ambient_music_settings")
export class AmbientMusicSetting {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "text", name: "playlist_id", nullable: true })
  playlistId: string | null;

  @ManyToOne(() => Playlist, { onDelete: "CASCADE" })
  @JoinColumn({ name: "playlist_id" })
  playlist?: Playlist | null;

  @textColumn()
  theme: string;

  @textColumn()
  mood: string;

  @intColumn({ default: 60 })
  tempo: number;

  @intColumn({ default: 5 })
  intensity: number;

  @boolColumn({ default: true })
  enabled: boolean;

  @timestampColumn({ name: "last_generated" })
  lastGenerated: Date | null;

  @createdAt()
  createdAt: Date;
}
