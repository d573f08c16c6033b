import { Column, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { createdAt, intColumn, optionalText, textColumn, timestampColumn } from "./columns.js";

export type LibraryScanState = "running" | "finished" | "failed";

/** A file a scan could not take in, and why (in an operator's words). */
export interface SkippedFileRow {
  source: string;
  reason: string;
}

/** One scan of MUSIC_DIR: what it found and what it skipped, for the admin's report. */
@Entity("library_scans")
@Index("idx_library_scans_started", ["startedAt"])
export class LibraryScan {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @textColumn({ default: "running" })
  state: LibraryScanState;

  @Column({ type: "jsonb" })
  roots: string[];

  @createdAt("started_at")
  startedAt: Date;

  @timestampColumn({ name: "finished_at" })
  finishedAt: Date | null;

  /** Audio files found under the roots. */
  @intColumn({ name: "files_found", default: 0 })
  filesFound: number;

  /** New or changed files handed to ingestion. */
  @intColumn({ name: "files_ingested", default: 0 })
  filesIngested: number;

  /** Files whose size and modification time (or content) had not changed. */
  @intColumn({ name: "files_unchanged", default: 0 })
  filesUnchanged: number;

  /** Songs whose files have gone (hidden as unavailable). */
  @intColumn({ name: "files_missing", default: 0 })
  filesMissing: number;

  @Column({ type: "jsonb", default: () => "'[]'" })
  skipped: SkippedFileRow[];

  /** Why the scan failed, when it did. */
  @optionalText()
  error: string | null;
}
