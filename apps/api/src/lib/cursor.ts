import { TRPCError } from "@trpc/server";

/** Cursors are the sort key of the last row, as base64url JSON: opaque to clients, cheap to check. */
export function encodeCursor(key: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

const invalid = () => new TRPCError({ code: "BAD_REQUEST", message: "Invalid cursor" });

/** Decodes a cursor whose parts must have the given types ('s' string, 'n' number). */
export function decodeCursor<T extends ReadonlyArray<"s" | "n">>(
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
  value.forEach((part, i) => {
    const ok =
      shape[i] === "n"
        ? Number.isSafeInteger(part) && part >= 0
        : typeof part === "string" && part.length <= 100;
    if (!ok) throw invalid();
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
