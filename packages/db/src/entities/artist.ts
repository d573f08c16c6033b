import { Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { createdAt, optionalText, textColumn, timestampColumn } from "./columns.js";

@Entity("artists")
@Index("idx_artists_name_folded_trgm", { synchronize: false })
@Index("idx_artists_match_key", ["matchKey"])
export class Artist {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @textColumn()
  name: string;

  @optionalText({ name: "image_url" })
  imageUrl: string | null;

  @optionalText()
  bio: string | null;

  /** matchKey(name): 'Beyoncé' and 'beyonce' are one artist. */
  @optionalText({ name: "match_key" })
  matchKey: string | null;

  /** Set when an admin approved who runs this artist (its managers): the verified badge. */
  @timestampColumn({ name: "verified_at" })
  verifiedAt: Date | null;

  @createdAt()
  createdAt: Date;
}
