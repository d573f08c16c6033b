import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from "typeorm";
import { createdAt } from "./columns.js";
import { Artist } from "./artist.js";
import { User } from "./user.js";

/**
 * One listener following one listener or one artist (exactly one of the two). The unique pairs make a
 * second follow a no-op; NULLs are distinct in PostgreSQL, so each pair only binds rows of its own kind.
 */
@Entity("follows")
@Unique("uq_follows_listener", ["followerId", "listenerId"])
@Unique("uq_follows_artist", ["followerId", "artistId"])
@Check("ck_follows_one_target", `("listener_id" IS NULL) <> ("artist_id" IS NULL)`)
@Check("ck_follows_not_self", `"listener_id" IS DISTINCT FROM "follower_id"`)
@Index("idx_follows_follower_created", ["followerId", "createdAt"])
@Index("idx_follows_listener_created", ["listenerId", "createdAt"])
@Index("idx_follows_artist", ["artistId"])
export class Follow {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "text", name: "follower_id" })
  followerId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "follower_id", foreignKeyConstraintName: "FK_follows_follower_id" })
  follower?: User;

  @Column({ type: "text", name: "listener_id", nullable: true })
  listenerId: string | null;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "listener_id", foreignKeyConstraintName: "FK_follows_listener_id" })
  listener?: User;

  @Column({ type: "uuid", name: "artist_id", nullable: true })
  artistId: string | null;

  @ManyToOne(() => Artist, { onDelete: "CASCADE" })
  @JoinColumn({ name: "artist_id", foreignKeyConstraintName: "FK_follows_artist_id" })
  artist?: Artist;

  @createdAt()
  createdAt: Date;
}
