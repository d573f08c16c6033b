// SPEC.md section 5's search limits, as the API contract states them (@purplebeats/contracts/schemas).
// Copied rather than imported: that module builds zod schemas when loaded, which would put zod (about
// 25 KB gzip) into the first screen for three numbers. search-rules.test.ts keeps the copies equal.

/** Suggestions need at least this many typed characters. */
export const SUGGESTION_MIN_CHARS = 2;
/** At most this many suggestions. */
export const SUGGESTION_LIMIT = 8;
/** The API refuses longer search text. */
export const MAX_QUERY_LENGTH = 200;

/** The search text of a /search address (`?q=`): trimmed, cut to what the API takes. */
export function searchTextOf(params: URLSearchParams): string {
  return (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
}
