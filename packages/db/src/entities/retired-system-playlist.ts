import { Entity, PrimaryColumn } from "typeorm";
import { createdAt } from "./columns.js";

/** A seeded system playlist an admin deleted: the seed (run at every start) does not make it again. */
@Entity("retired_system_playlists")
export class RetiredSystemPlaylist {
  @PrimaryColumn({ type: "text", primaryKeyConstraintName: "PK_retired_system_playlists" })
  id: string;

  @createdAt("retired_at")
  retiredAt: Date;
}
