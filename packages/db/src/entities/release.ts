import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from "typeorm";
import { boolColumn, createdAt, intColumn, optionalText, textColumn, timestampColumn } from "./columns.js";
import { Album } from "./album.js";
import { Artist } from "./artist.js";
import { User } from "./user.js";

export type ReleaseKind = "single" | "ep" | "album";
export type ReleaseStatus = "pending" | "approved" | "refused" | "taken_down";

/**
 * A release an artist's manager uploaded: its songs stay hidden until an admin approves it, and are hidden
 * again once it is taken down (by the artist or an admin). The album row is the catalog's face of it.
 */
@Entity("releases")
@Unique("UQ_releases_album_id", ["albumId"])
@Index("idx_releases_status_created", ["status", "createdAt"])
@Index("idx_releases_artist_created", ["artistId", "createdAt"])
export class Release {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid", name: "artist_id" })
  artistId: string;

  @ManyToOne(() => Artist, { onDelete: "CASCADE" })
  @JoinColumn({ name: "artist_id", foreignKeyConstraintName: "FK_releases_artist_id" })
  artist?: Artist;

  @Column({ type: "uuid", name: "album_id", nullable: true })
  albumId: string | null;

  @ManyToOne(() => Album, { onDelete: "SET NULL" })
  @JoinColumn({ name: "album_id", foreignKeyConstraintName: "FK_releases_album_id" })
  album?: Album | null;

  @textColumn()
  kind: ReleaseKind;

  @textColumn()
  title: string;

  @textColumn()
  genre: string;

  @Column({ type: "date", name: "release_date" })
  releaseDate: string;

  @textColumn({ default: "" })
  credits: string;

  @optionalText({ name: "cover_url" })
  coverUrl: string | null;

  @boolColumn({ name: "members_only", default: false })
  membersOnly: boolean;

  @intColumn({ name: "track_count" })
  trackCount: number;

  @textColumn({ default: "pending" })
  status: ReleaseStatus;

  /** Why an admin refused it or took it down: the artist reads it. */
  @optionalText({ name: "refusal_reason" })
  refusalReason: string | null;

  @optionalText({ name: "taken_down_by" })
  takenDownBy: "artist" | "admin" | null;

  @optionalText({ name: "submitted_by" })
  submittedBy: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL" })
  @JoinColumn({ name: "submitted_by", foreignKeyConstraintName: "FK_releases_submitted_by" })
  submitter?: User;

  /** When the manager attested holding the rights to every recording of it. */
  @Column({ type: "timestamptz", name: "rights_attested_at" })
  rightsAttestedAt: Date;

  @optionalText({ name: "reviewed_by" })
  reviewedBy: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL" })
  @JoinColumn({ name: "reviewed_by", foreignKeyConstraintName: "FK_releases_reviewed_by" })
  reviewer?: User;

  @timestampColumn({ name: "reviewed_at" })
  reviewedAt: Date | null;

  @createdAt()
  createdAt: Date;

  @Column({ type: "timestamptz", name: "updated_at", default: () => "now()" })
  updatedAt: Date;
}
