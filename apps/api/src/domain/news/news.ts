// News & Updates: admins write announcements in the dashboard; listeners read the published ones.
import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import type { NewsPostDto, NewsService } from "@purplebeats/contracts";
import { decodeCursor, toPage } from "../../infra/lib/cursor.js";
import { deleteNewsPost, insertNewsPost, newsPage, updateNewsPost } from "../../data/news.js";
import { must } from "../../data/must.js";

interface NewsRow {
  id: string;
  title: string;
  body: string;
  published_at: Date;
  updated_at: Date;
}

const toNewsPost = (row: NewsRow): NewsPostDto => ({
  id: row.id,
  title: row.title,
  body: row.body,
  publishedAt: new Date(row.published_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

const notFound = () => new TRPCError({ code: "NOT_FOUND", message: "News post not found" });

export function createNewsService(db: DataSource): NewsService {
  return {
    async list(page, includeScheduled) {
      const after = decodeCursor(page.cursor, ["n", "u"] as const);
      const rows = await newsPage(db, page.limit + 1, after, includeScheduled);
      return toPage(rows, page.limit, toNewsPost, (r) => [Number(r.at_micros), r.id]);
    },
    async create(adminId, input) {
      const publishedAt = input.publishedAt === undefined ? new Date() : new Date(input.publishedAt);
      const row = await insertNewsPost(db, { ...input, publishedAt, createdBy: adminId });
      return toNewsPost(must(row, "an INSERT ... RETURNING answers its row"));
    },
    async update(id, changes) {
      const row = await updateNewsPost(db, id, {
        title: changes.title,
        body: changes.body,
        publishedAt: changes.publishedAt === undefined ? undefined : new Date(changes.publishedAt),
      });
      if (!row) throw notFound();
      return toNewsPost(row);
    },
    async remove(id) {
      if (!(await deleteNewsPost(db, id))) throw notFound();
      return { success: true };
    },
  };
}
