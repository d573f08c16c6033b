import { Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { createdAt, optionalText, textColumn, updatedAt, userIdColumn } from "./columns.js";
import { User } from "./user.js";

@Entity("profiles")
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

  @optionalText()
  nickname: string | null;

  @optionalText({ name: "image_url" })
  imageUrl: string | null;

  @createdAt()
  createdAt: Date;

  @updatedAt()
  updatedAt: Date;
}
