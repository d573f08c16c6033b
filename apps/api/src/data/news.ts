// News & Updates: admins' announcements, newest publish time first, a keyset page at a time.
import { sql } from "kysely";
import { builder, run, runOne, type Queryable } from "./sql.js";
import { atMicrosOf, micros } from "./time-keyset.js";
import { must } from "./must.js";

const NEWS_COLUMNS = ["id", "title", "body", "published_at", "updated_at"] as const;

/**
 * `limit` posts after the keyset (publish time in microseconds, id), newest first; `includeScheduled`
 * also reads those whose publish time is still ahead.
 */
export const newsPage = (
  db: Queryable,
  limit: number,
  after: readonly [number, string] | null,
  includeScheduled: boolean,
) =>
  run(
    db,
    builder
      .selectFrom("news_posts")
      .select([...NEWS_COLUMNS, sql<string>`${sql.raw(micros("published_at"))}`.as("at_micros")])
      .$if(!includeScheduled, (q) => q.where("published_at", "<=", sql<Date>`now()`))
      .$if(after !== null, (q) => {
        const [atMicros, id] = must(after, "checked just above");
        return q.where(sql<boolean>`(published_at, id) < (${atMicrosOf(atMicros)}, ${id}::uuid)`);
      })
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .compile(),
  );

export const insertNewsPost = (
  db: Queryable,
  post: { title: string; body: string; publishedAt: Date; createdBy: string },
) =>
  runOne(
    db,
    builder
      .insertInto("news_posts")
      .values({ title: post.title, body: post.body, published_at: post.publishedAt, created_by: post.createdBy })
      .returning(NEWS_COLUMNS)
      .compile(),
  );

export const updateNewsPost = (
  db: Queryable,
  id: string,
  changes: { title?: string; body?: string; publishedAt?: Date },
) =>
  runOne(
    db,
    builder
      .updateTable("news_posts")
      .set({
        ...(changes.title === undefined ? {} : { title: changes.title }),
        ...(changes.body === undefined ? {} : { body: changes.body }),
        ...(changes.publishedAt === undefined ? {} : { published_at: changes.publishedAt }),
        updated_at: sql`now()`,
      })
      .where("id", "=", id)
      .returning(NEWS_COLUMNS)
      .compile(),
  );

/** True when the post was there. */
export const deleteNewsPost = async (db: Queryable, id: string) =>
  (await run(db, builder.deleteFrom("news_posts").where("id", "=", id).returning("id").compile())).length > 0;
