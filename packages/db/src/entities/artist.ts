import { Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { createdAt, optionalText, textColumn } from "./columns.js";

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

  @createdAt()
  createdAt: Date;
}
