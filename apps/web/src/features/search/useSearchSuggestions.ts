import { useDebouncedValue } from "@mantine/hooks";
import { SUGGESTION_LIMIT, SUGGESTION_MIN_CHARS } from "@purplebeats/contracts/constants";
import { useMemo } from "react";
import { trpc } from "../../lib/trpc";
import { pickSuggestions, type Suggestion } from "./suggestions";
import { useT } from "../../i18n";

/** Wait for a pause in typing before asking the server. */
export const SUGGESTION_DEBOUNCE_MS = 150;

/** SPEC.md section 5: suggestions need at least 2 typed characters. */
export function wantsSuggestions(text: string): boolean {
  return text.trim().length >= SUGGESTION_MIN_CHARS;
}

/** Suggestions for what is typed: none under 2 characters, at most 8. */
export function useSearchSuggestions(text: string): Suggestion[] {
  const [settled] = useDebouncedValue(text.trim(), SUGGESTION_DEBOUNCE_MS);
  const enabled = wantsSuggestions(settled);
  const search = trpc.search.all.useQuery(
    { q: settled, limit: SUGGESTION_LIMIT },
    // Suggestions are a glance, not a record: cache them briefly rather than forever.
    { enabled, staleTime: 60_000 },
  );
  const data = search.data;
  const t = useT();
  return useMemo(
    () => (enabled && wantsSuggestions(text) && data ? pickSuggestions(data, SUGGESTION_LIMIT, t) : []),
    [enabled, text, data, t],
  );
}
