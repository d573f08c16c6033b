// The search page's sections' read, apart from their rendering: the songs part reads it on the first screen
// (to say "No results found" only when nothing matches anywhere) while the sections come as their own chunk.
import type { SearchResultDto } from "@purplebeats/contracts/schemas";
import { useDeferredQuery } from "../../lib/deferred-query";
import { trpc } from "../../lib/trpc";
import { SEARCH_READS } from "../../first-screen/first-screen-reads";

/**
 * The sections' response, rendered in the background (the server-rendered page leaves it out). The songs
 * part reads it too, to know whether any section has something; the query is the same, so one request.
 */
export function useSectionResults(text: string) {
  const query = trpc.search.all.useQuery({ q: text, limit: SEARCH_READS.sectionSize });
  return useDeferredQuery(query, { belowFold: true });
}

/** Whether any of the sections rendered under the songs has something to show. */
export const anySectionResult = (data: SearchResultDto): boolean =>
  data.genre !== null || data.artists.length > 0 || data.albums.length > 0 || data.playlists.length > 0;
