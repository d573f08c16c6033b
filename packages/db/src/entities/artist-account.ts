import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  Unique,
} from "typeorm";
import { createdAt, optionalText, textColumn, timestampColumn, userIdColumn } from "./columns.js";
import { Artist } from "./artist.js";
import { User } from "./user.js";

export type ArtistRequestKind = "new" | "claim";
export type ArtistRequestStatus = "pending" | "approved" | "refused";

/** A Pi user's request to run an artist: a new profile, or a claim of a catalog artist, with evidence. */
@Entity("artist_requests")
@Index("idx_artist_requests_status_created", ["status", "createdAt"])
@Index("idx_artist_requests_user", ["userId"])
@Index("uq_artist_requests_one_pending", { synchronize: false })
export class ArtistRequest {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @userIdColumn()
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_artist_requests_user_id" })
  user?: User;

  @textColumn()
  kind: ArtistRequestKind;

  /** The new profile's name, or the claimed artist's name when asked. */
  @textColumn()
  name: string;

  @optionalText()
  bio: string | null;

  /** The claimed artist, or the new profile once approved. */
  @Column({ type: "uuid", name: "artist_id", nullable: true })
  artistId: string | null;

  @ManyToOne(() => Artist, { onDelete: "SET NULL" })
  @JoinColumn({ name: "artist_id", foreignKeyConstraintName: "FK_artist_requests_artist_id" })
  artist?: Artist;

  @textColumn()
  evidence: string;

  @textColumn({ default: "pending" })
  status: ArtistRequestStatus;

  @optionalText({ name: "decided_by" })
  decidedBy: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL" })
  @JoinColumn({ name: "decided_by", foreignKeyConstraintName: "FK_artist_requests_decided_by" })
  decider?: User;

  @timestampColumn({ name: "decided_at" })
  decidedAt: Date | null;

  @createdAt()
  createdAt: Date;
}

/** A Pi user who runs an approved artist: may see its balance and ask for its payouts. */
@Entity("artist_managers")
@Index("idx_artist_managers_user", ["userId"])
export class ArtistManager {
  @PrimaryColumn({ type: "uuid", name: "artist_id", primaryKeyConstraintName: "PK_artist_managers" })
  artistId: string;

  @PrimaryColumn({ type: "text", name: "user_id", primaryKeyConstraintName: "PK_artist_managers" })
  userId: string;

  @ManyToOne(() => Artist, { onDelete: "CASCADE" })
  @JoinColumn({ name: "artist_id", foreignKeyConstraintName: "FK_artist_managers_artist_id" })
  artist?: Artist;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_artist_managers_user_id" })
  user?: User;

  @createdAt()
  createdAt: Date;
}

export type LedgerAccount = "artist" | "platform";
export type LedgerKind = "tip" | "tip_fee" | "payout" | "payout_reversal";

/**
 * The artists' books: one row per credit (positive) or debit (negative), never updated or deleted; a
 * balance is a sum. `source` names what caused it ('tip:<paymentId>'), unique per account, so a retried
 * or concurrent credit of the same payment writes nothing.
 */
@Entity("artist_ledger")
@Unique("uq_artist_ledger_source", ["source", "account"])
@Check("ck_artist_ledger_account", `("account" = 'platform') = ("artist_id" IS NULL)`)
@Index("idx_artist_ledger_artist", ["artistId"])
export class ArtistLedgerEntry {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @textColumn()
  account: LedgerAccount;

  @Column({ type: "uuid", name: "artist_id", nullable: true })
  artistId: string | null;

  @ManyToOne(() => Artist, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "artist_id", foreignKeyConstraintName: "FK_artist_ledger_artist_id" })
  artist?: Artist;

  @textColumn()
  kind: LedgerKind;

  /** π, to Pi's 7 decimals. */
  @Column({ type: "numeric", precision: 20, scale: 7 })
  amount: string;

  @textColumn()
  source: string;

  @createdAt()
  createdAt: Date;
}

/**
 * A payout's steps, each recorded before the next: 'requested' (the balance debited), 'created' (Pi's A2U
 * payment id stored), 'submitted' (the blockchain txid stored), 'completed' (Pi told); 'cancelled' when Pi
 * cancelled it (the debit reversed), 'failed' when Pi refused to create it (the debit reversed).
 */
export type ArtistPayoutStatus = "requested" | "created" | "submitted" | "completed" | "cancelled" | "failed";

/** A manager's request to be paid an artist's balance in Pi (app-to-user). */
@Entity("artist_payouts")
@Index("idx_artist_payouts_artist_created", ["artistId", "createdAt"])
@Index("idx_artist_payouts_status", ["status"])
export class ArtistPayout {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid", name: "artist_id" })
  artistId: string;

  @ManyToOne(() => Artist, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "artist_id", foreignKeyConstraintName: "FK_artist_payouts_artist_id" })
  artist?: Artist;

  /** The manager paid (their Pi wallet); null once their account is gone. */
  @Column({ type: "text", name: "user_id", nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_artist_payouts_user_id" })
  user?: User;

  @Column({ type: "numeric", precision: 20, scale: 7 })
  amount: string;

  @textColumn({ default: "requested" })
  status: ArtistPayoutStatus;

  @optionalText({ name: "payment_id", unique: true })
  paymentId: string | null;

  @optionalText()
  txid: string | null;

  @createdAt()
  createdAt: Date;

  @Column({ type: "timestamptz", name: "updated_at", default: () => "now()" })
  updatedAt: Date;
}
