import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from "typeorm";
import {
  boolColumn,
  createdAt,
  optionalText,
  textColumn,
  timestampColumn,
  updatedAt,
  userIdColumn,
} from "./columns.js";
import { User } from "./user.js";

@Entity("profiles")
@Unique("uq_profiles_handle", ["handle"])
export class Profile {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @userIdColumn({ unique: true })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @textColumn()
  name: string;

  /** The public name in /user/{handle}: unique, [a-z0-9_.], 3-30 characters. */
  @textColumn()
  handle: string;

  /** A private profile shows others only its name and picture. */
  @boolColumn({ name: "is_private", default: false })
  isPrivate: boolean;

  /** Whether followers see the songs this listener likes in their activity. */
  @boolColumn({ name: "share_likes", default: true })
  shareLikes: boolean;

  /** While in the future, this listener's plays count nowhere others can see (private session). */
  @timestampColumn({ name: "private_session_until" })
  privateSessionUntil: Date | null;

  /** The listener's listening settings (the contract's listeningSettingsSchema); null until one is changed. */
  @Column({ name: "listening_settings", type: "jsonb", nullable: true })
  listeningSettings: unknown;

  @optionalText()
  nickname: string | null;

  /** The app's language this listener chose (the web app's locales); null: their browser's languages pick. */
  @optionalText()
  language: string | null;

  @optionalText({ name: "image_url" })
  imageUrl: string | null;

  @createdAt()
  createdAt: Date;

  @updatedAt()
  updatedAt: Date;
}
