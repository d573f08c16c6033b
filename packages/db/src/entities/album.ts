import { Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Column } from "typeorm";
import { boolColumn, createdAt, intColumn, optionalText, textColumn } from "./columns.js";
import { Artist } from "./artist.js";

@Entity("albums")
@Index("idx_albums_artist_id", ["artistId"])
@Index("idx_albums_title_folded_trgm", { synchronize: false })
@Index("idx_albums_match_key", ["matchKey"])
export class Album {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @textColumn()
  title: string;

  @Column({ type: "uuid", name: "artist_id", nullable: true })
  artistId: string | null;

  @ManyToOne(() => Artist, { onDelete: "SET NULL" })
  @JoinColumn({ name: "artist_id" })
  artist?: Artist | null;

  @optionalText({ name: "image_url" })
  imageUrl: string | null;

  @Column({ type: "date", name: "release_date", nullable: true })
  releaseDate: string | null;

  @optionalText()
  genre: string | null;

  @intColumn({ nullable: true })
  year: number | null;

  /** One album of several artists ('Various Artists'): each track keeps its own artist. */
  @boolColumn({ default: false })
  compilation: boolean;

  /** A release for premium members only ('Exclusive Content'). */
  @boolColumn({ name: "members_only", default: false })
  membersOnly: boolean;

  /** matchKey(title): case and accents do not split one album in two. */
  @optionalText({ name: "match_key" })
  matchKey: string | null;

  @createdAt()
  createdAt: Date;
}
