import { z } from "zod";
import {
  NEWS_BODY_MAX,
  NEWS_BODY_REQUIRED,
  NEWS_BODY_TOO_LONG,
  NEWS_TITLE_MAX,
  NEWS_TITLE_REQUIRED,
  NEWS_TITLE_TOO_LONG,
} from "../constants.js";
import { pageInput, typedText, uuidSchema } from "./common.js";

const newsTitleSchema = typedText(NEWS_TITLE_REQUIRED)
  .min(1, NEWS_TITLE_REQUIRED)
  .max(NEWS_TITLE_MAX, NEWS_TITLE_TOO_LONG);
const newsBodySchema = typedText(NEWS_BODY_REQUIRED)
  .min(1, NEWS_BODY_REQUIRED)
  .max(NEWS_BODY_MAX, NEWS_BODY_TOO_LONG);
/** An ISO 8601 time (with its offset); absent means now. */
const publishedAtSchema = z.iso.datetime({
  offset: true,
  error: "publishedAt must be an ISO 8601 time, e.g. 2026-12-06T18:00:00Z",
});

export const newsListInput = pageInput(10, 50);
export const newsPostInput = z.object({ id: uuidSchema("news id") });

export const createNewsPostInput = z.object({
  title: newsTitleSchema,
  body: newsBodySchema,
  publishedAt: publishedAtSchema.optional(),
});
export type CreateNewsPostInput = z.infer<typeof createNewsPostInput>;

export const updateNewsPostInput = z
  .object({
    id: uuidSchema("news id"),
    title: newsTitleSchema.optional(),
    body: newsBodySchema.optional(),
    publishedAt: publishedAtSchema.optional(),
  })
  .refine(
    (v) => v.title !== undefined || v.body !== undefined || v.publishedAt !== undefined,
    "Nothing to update: send title, body or publishedAt",
  );
export type NewsPostChanges = Omit<z.infer<typeof updateNewsPostInput>, "id">;

export const newsPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Markdown: the web app renders it with raw HTML left out. */
  body: z.string(),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
export type NewsPostDto = z.infer<typeof newsPostSchema>;
