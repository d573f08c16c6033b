import { z } from "zod";
import { LOCALES } from "../locales.js";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../constants.js";

/**
 * Characters that draw nothing: white space, format characters (Cf: U+200B, U+2060, U+FEFF, bidi marks,
 * the soft hyphen) and the fillers that fonts leave empty. A name made only of these is blank.
 */
const INVISIBLE = /[\s\p{Cf}\p{Zs}\u115F\u1160\u3164\uFFA0\u2800]/gu;

export const isBlankText = (text: string) => text.replace(INVISIBLE, "") === "";

/**
 * The one rule for names and titles people type: trimmed, and '' when nothing in it is visible, so that
 * the field's "required" check refuses it (joiners inside a visible name, as in emoji, are kept).
 */
export const typedText = (error: string) =>
  z
    .string({ error })
    .trim()
    .overwrite((text) => (isBlankText(text) ? "" : text));

/** An opaque position in a list, as the previous page's `nextCursor` named it. */
export const cursorSchema = z
  .string()
  .max(200, "Invalid cursor")
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid cursor");

/**
 * Query strings arrive as text: a numeric text is read as its number, a number stays one, and anything
 * else (true, [1], null) is refused rather than coerced (Number(true) would be 1).
 */
export const numberFromText = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v);

/** A page size from a query string or a number, then bound. */
export const limitSchema = (defaultSize = DEFAULT_PAGE_SIZE, max = MAX_PAGE_SIZE) =>
  z
    .preprocess(
      numberFromText,
      z
        .number({ error: "limit must be a number" })
        .int("limit must be a whole number")
        .min(1, "limit must be at least 1")
        .max(max, `limit must be at most ${max}`),
    )
    .default(defaultSize);

export const pageInput = (defaultSize = DEFAULT_PAGE_SIZE, max = MAX_PAGE_SIZE) =>
  z.object({
    limit: limitSchema(defaultSize, max),
    cursor: cursorSchema.optional(),
  });
export type PageInput = z.infer<ReturnType<typeof pageInput>>;

export interface Page<T> {
  items: T[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}
/** A page of items as a procedure responds with it (REST sends the items, the cursor in a header). */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** Catalog rows use uuids. */
export const uuidSchema = (what: string) => z.string().uuid(`${what} must be a valid id`);
export const songIdSchema = uuidSchema("songId");

/** Playlist ids are uuids or the readable ids of the system playlists. */
export const playlistIdSchema = z
  .string()
  .min(1, "playlist id is required")
  .max(100, "playlist id is too long")
  .regex(/^[A-Za-z0-9_-]+$/, "playlist id may contain only letters, digits, '-' and '_'");

/** Pi uids and guest uids ('guest-...'). */
export const userIdSchema = z
  .string()
  .min(1, "userId is required")
  .max(100, "userId is too long")
  .regex(/^[A-Za-z0-9_.:-]+$/, "userId contains characters that are not allowed");

/** One of the app's languages (constants' LOCALES). */
export const localeSchema = z.enum(LOCALES, { error: `language must be one of ${LOCALES.join(", ")}` });
