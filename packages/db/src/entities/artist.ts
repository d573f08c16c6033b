import { Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { createdAt, optionalText, textColumn } from "./columns.js";

@Entity("artists")
@Index("idx_artists_name_folded_trgm", { synchronize: false })
export class Artist {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @textColumn()
  name: string;

  @optionalText({ name: "image_url" })
  imageUrl: string | null;

  @optionalText()
  bio: string | null;

  @createdAt()
  createdAt: Date;
}
