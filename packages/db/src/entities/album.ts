import { Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Column } from "typeorm";
import { createdAt, optionalText, textColumn } from "./columns.js";
import { Artist } from "./artist.js";

@Entity("albums")
@Index("idx_albums_artist_id", ["artistId"])
@Index("idx_albums_title_folded_trgm", { synchronize: false })
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

  @createdAt()
  createdAt: Date;
}
