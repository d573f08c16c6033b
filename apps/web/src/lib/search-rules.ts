// SPEC.md section 5's search text, cut to the API contract's limit: from the zod-free constants entry, since
// the schemas would put zod (about 25 KB gzip) into the first screen for one number.
import { MAX_QUERY_LENGTH } from "@purplebeats/contracts/constants";

/** The search text of a /search address (`?q=`): trimmed, cut to what the API takes. */
export function searchTextOf(params: URLSearchParams): string {
  return (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
}
