import { TRPCError } from "@trpc/server";

/** Cursors are the sort key of the last row, as base64url JSON: opaque to clients, cheap to check. */
export function encodeCursor(key: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

const invalid = () => new TRPCError({ code: "BAD_REQUEST", message: "Invalid cursor" });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Each part's type: 's' text, 'n' whole number, 'u' uuid, 't' ISO timestamp (what the database will cast). */
type Part = "s" | "n" | "u" | "t";
const PART_OK: Record<Part, (part: unknown) => boolean> = {
  s: (part) => typeof part === "string" && part.length <= 100,
  n: (part) => Number.isSafeInteger(part) && (part as number) >= 0,
  u: (part) => typeof part === "string" && UUID.test(part),
  // Exactly what toISOString wrote: no 31 February rolled over by Date, which the database would refuse.
  t: (part) =>
    typeof part === "string" && ISO_TIME.test(part) && new Date(Date.parse(part) || 0).toISOString() === part,
};

/**
 * Decodes a cursor whose parts must have the given types: a well-formed cursor with a part the query
 * could not cast is refused here (400), never in the database (500).
 */
export function decodeCursor<T extends ReadonlyArray<Part>>(
  cursor: string | undefined,
  shape: T,
): { [K in keyof T]: T[K] extends "n" ? number : string } | null {
  if (cursor === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== shape.length) throw invalid();
  shape.forEach((kind, i) => {
    if (!PART_OK[kind](value[i])) throw invalid();
  });
  return value as never;
}

/** Builds a page from `limit + 1` fetched rows: the extra row only tells that another page exists. */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  map: (row: Row) => Item,
  keyOf: (row: Row) => ReadonlyArray<string | number>,
): { items: Item[]; nextCursor: string | null } {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return { items: pageRows.map(map), nextCursor: hasMore && last ? encodeCursor(keyOf(last)) : null };
}
