import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { createdAt, optionalText, textColumn, updatedAt } from "./columns.js";
import { User } from "./user.js";

/** An announcement admins write for News & Updates: listeners see it from `publishedAt` on. */
@Entity("news_posts")
@Index("idx_news_posts_published", ["publishedAt", "id"])
export class NewsPost {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @textColumn()
  title: string;

  /** Markdown, rendered without raw HTML. */
  @textColumn()
  body: string;

  @Column({ type: "timestamptz", name: "published_at" })
  publishedAt: Date;

  /** The admin who wrote it; null once their account is gone. */
  @optionalText({ name: "created_by" })
  createdBy: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL" })
  @JoinColumn({ name: "created_by", foreignKeyConstraintName: "FK_news_posts_created_by" })
  author?: User;

  @createdAt()
  createdAt: Date;

  @updatedAt()
  updatedAt: Date;
}
