// SPEC.md section 5's search limits, from the API contract's constants: the zod-free entry, since the
// schemas would put zod (about 25 KB gzip) into the first screen for three numbers.
import { MAX_QUERY_LENGTH } from "@purplebeats/contracts/constants";

export { SUGGESTION_MIN_CHARS, SUGGESTION_LIMIT, MAX_QUERY_LENGTH } from "@purplebeats/contracts/constants";

/** The search text of a /search address (`?q=`): trimmed, cut to what the API takes. */
export function searchTextOf(params: URLSearchParams): string {
  return (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
}
